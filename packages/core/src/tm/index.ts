export * from "./tm-similarity";
export * from "./tm-record";
export * from "./add-tm-entry";
export * from "./list-tm-entries";
export * from "./search-tm";
export * from "./delete-tm-entry";
export * from "./remember-translation";
