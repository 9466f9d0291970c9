export * from "./actions";
export * from "./record-activity";
export * from "./list-activity";
export * from "./list-project-activity";
export * from "./list-organization-activity";
