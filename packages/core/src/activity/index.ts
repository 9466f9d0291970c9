export * from "./actions";
export * from "./list-activity";
export * from "./list-organization-activity";
export * from "./list-project-activity";
export * from "./record-activity";
