export * from "./add-tm-entry";
export * from "./delete-tm-entry";
export * from "./list-tm-entries";
export * from "./rank-tm-entries";
export * from "./remember-translation";
export * from "./search-tm";
export * from "./tm-record";
export * from "./tm-similarity";
