export * from "./qa-filter";
export * from "./qa-gate";
export * from "./qa-recheck";
export * from "./qa-settings";
