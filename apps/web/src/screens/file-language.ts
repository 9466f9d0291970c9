// The language a chosen file names, detected by the server's own module (not a copy), so the
// import form pre-selects what the api would report.
export {
  checkFileLanguage,
  type DetectedLanguage,
  detectFileLanguage,
  type LanguageEvidence,
  matchProjectLanguage,
} from "@locale/core/browser";

import type { LanguageEvidence } from "@locale/core/browser";

export const EVIDENCE_LABEL: Record<LanguageEvidence, string> = {
  "po-header": "the file's Language header",
  "xliff-target": "the file's target language",
  "arb-locale": "the file's @@locale",
  "android-path": "its Android values folder",
  "ios-path": "its iOS .lproj folder",
  "file-name": "the file name",
};
