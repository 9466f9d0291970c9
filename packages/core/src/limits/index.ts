export * from "./rate-limit-buckets";
