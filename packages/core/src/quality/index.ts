export * from "./qa-gate";
export * from "./qa-settings";
