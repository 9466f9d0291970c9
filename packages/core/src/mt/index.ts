// Machine translation engines (DeepL, Google, Azure, Amazon): configuration, the protected text
// round trip, engine calls and saving. Imported as `@locale/core/mt`.
export * from "./engine-client";
export * from "./mt-config";
export * from "./mt-engines";
export * from "./mt-translate-batch";
export * from "./protect-text";
export * from "./resolve-mt-engines";
export * from "./translate-with-engine";
