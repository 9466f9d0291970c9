// AI translation: model registry and selection, provider calls, prompts, checks, saving, and the
// batch jobs, from their records to the run the worker drives (run-ai-job.ts, job-lease.ts). Imported as `@locale/core/ai`.

export * from "./ai-config";
export * from "./batch-setup";
export * from "./build-prompt";
export * from "./cancel-batch-job";
export * from "./gather-prompt-context";
export * from "./get-ai-status";
export * from "./job-events";
export * from "./job-lease";
export * from "./list-batch-candidates";
export * from "./load-ai-job";
export * from "./model-registry";
export * from "./org-call-slots";
export * from "./placeholder-check";
export * from "./provider-client";
export * from "./provider-error";
export * from "./resolve-providers";
export * from "./retry";
export * from "./run-ai-job";
export * from "./run-sync-batch";
export * from "./select-model";
export * from "./start-batch-job";
export * from "./translate-batch";
export * from "./translate-string";
export * from "./translate-text";
