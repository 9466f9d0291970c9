// The part of core the web application may import: plain data and pure functions, with no
// database, no Node built-ins and no secrets. The web app depends on `@locale/core` and imports
// only this entry and `@locale/core/qa` (Biome's noRestrictedImports holds it to that).
export { ACTIVITY_ACTIONS } from "../activity/actions";
export type { OidcRefusalCode } from "../auth/oidc/oidc-refusal";
export { SCOPES } from "../auth/scopes";
export {
  checkFileLanguage,
  type DetectedLanguage,
  detectFileLanguage,
  type LanguageEvidence,
  matchProjectLanguage,
} from "../import-export/detect-file-language";
export { LEVERAGE_BANDS, type LeverageBand } from "../pretranslate/leverage-bands";
export { comparePlaceholders, extractPlaceholders, type PlaceholderWarning } from "../shared/placeholders";
