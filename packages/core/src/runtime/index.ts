export * from "./core-runtime";
