export * from "./qa-filter";
export * from "./qa-gate";
export * from "./qa-settings";
