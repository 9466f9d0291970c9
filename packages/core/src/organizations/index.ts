export * from "./slug";
export * from "./load-organization";
export * from "./organization-settings";
export * from "./get-organization";
export * from "./update-organization";
