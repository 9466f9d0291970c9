export * from "./ai-characters";
export * from "./quota-config";
export * from "./quota-usage";
export * from "./rate-limit-buckets";
