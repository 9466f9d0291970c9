export * from "./list-members";
export * from "./load-member";
export * from "./member-record";
export * from "./remove-member";
export * from "./update-member-role";
