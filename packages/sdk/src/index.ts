// @locale/sdk: a typed client for the Locale Service REST API. Browser- and edge-safe (fetch
// only); Node-only helpers live in `@locale/sdk/node`.
export { createClient, type LocaleClient, type FilesClient, type BatchJobsClient } from "./client";
export type { ClientOptions, RequestSpec, HttpMethod } from "./transport";
export { ApiError, ApiNetworkError, ApiTimeoutError, type ApiErrorIssue } from "./errors";
export type { ExportOptions, ExportedFile, ImportRequest, ImportResult, FileFormat } from "./files";
export { formatFromFileName } from "./files";
export type {
  BatchEvent,
  BatchEventsOptions,
  BatchStartEvent,
  BatchProgressEvent,
  BatchCompleteEvent,
  BatchCancelledEvent,
} from "./batch-events";
export { paginate, type PageEnvelope } from "./paginate";
export type { RouterInputs, RouterOutputs, OperationId, OperationInput, OperationOutput, CallOptions } from "./operation-types";
export { OPERATIONS } from "./generated/operations";
