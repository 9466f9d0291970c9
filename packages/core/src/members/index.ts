export * from "./member-record";
export * from "./load-member";
export * from "./list-members";
export * from "./update-member-role";
export * from "./remove-member";
