export * from "./get-organization";
export * from "./load-organization";
export * from "./organization-settings";
export * from "./slug";
export * from "./update-organization";
