// Import and export of translation files through @locale/formats.

export * from "./detect-file-language";
export * from "./export-all-languages";
export * from "./export-translations";
export * from "./format-rules";
export * from "./import-gate";
export * from "./import-journal";
export * from "./import-translations";
export * from "./list-formats";
export * from "./parse-off-loop";
export * from "./stream-export";
