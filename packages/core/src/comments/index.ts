export * from "./comment-record";
export * from "./load-comment";
export * from "./create-comment";
export * from "./list-comments";
export * from "./update-comment";
export * from "./delete-comment";
export * from "./toggle-comment-resolved";
