export * from "./qa-filter";
export * from "./qa-gate";
export * from "./qa-recheck";
export * from "./qa-settings";
export * from "./recheck-lease";
export * from "./run-qa-recheck";
