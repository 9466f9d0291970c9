export * from "./comment-record";
export * from "./create-comment";
export * from "./delete-comment";
export * from "./list-comments";
export * from "./list-people";
export * from "./load-comment";
export * from "./toggle-comment-resolved";
export * from "./update-comment";
