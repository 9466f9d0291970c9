// @locale/i18next-backend: an i18next backend that loads a Locale Service release from its public
// delivery, keeps it, and falls back to the application's bundled strings offline.
export { type LoadSource, LocaleBackend as default, LocaleBackend, type LocaleBackendOptions } from "./backend";
export type { WebStorageLike } from "./storage";
