export * from "./analytics-languages";
export * from "./get-organization-overview";
export * from "./get-progress-over-time";
export * from "./get-project-progress";
export * from "./list-contributors";
