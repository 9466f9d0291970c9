// TM pre-translation (a batch job on the AI batch's machinery) and the leverage report.
// Imported as `@locale/core/pretranslate`.
export * from "./context-matches";
export * from "./exact-tm-matches";
export * from "./leverage-bands";
export * from "./leverage-report";
export * from "./pretranslate-item";
export * from "./pretranslate-options";
export * from "./start-pretranslate";
export * from "./tm-match";
