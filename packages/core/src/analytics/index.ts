export * from "./analytics-languages";
export * from "./get-project-progress";
export * from "./get-progress-over-time";
export * from "./list-contributors";
export * from "./get-organization-overview";
