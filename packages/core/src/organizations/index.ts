export * from "./get-organization";
export * from "./get-organization-usage";
export * from "./load-organization";
export * from "./organization-settings";
export * from "./slug";
export * from "./update-organization";
