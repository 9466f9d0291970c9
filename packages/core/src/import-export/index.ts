// Import and export of translation files through @locale/formats.
export * from "./format-rules";
export * from "./list-formats";
export * from "./import-translations";
export * from "./export-translations";
