// AI translation: model registry and selection, provider calls, prompts, checks, saving, and the
// batch job records the worker processes. Imported as `@locale/core/ai`.
export * from "./model-registry";
export * from "./ai-config";
export * from "./resolve-providers";
export * from "./select-model";
export * from "./provider-error";
export * from "./provider-client";
export * from "./retry";
export * from "./org-semaphore";
export * from "./placeholder-check";
export * from "./gather-prompt-context";
export * from "./build-prompt";
export * from "./translate-string";
export * from "./save-ai-translation";
export * from "./list-batch-candidates";
export * from "./batch-setup";
export * from "./get-ai-status";
export * from "./translate-text";
export * from "./translate-batch";
export * from "./start-batch-job";
export * from "./load-ai-job";
export * from "./cancel-batch-job";
export * from "./job-events";
