// @locale/sdk: a typed client for the Locale Service REST API. Browser- and edge-safe (fetch
// only); Node-only helpers live in `@locale/sdk/node`.

export type {
  BatchCancelledEvent,
  BatchCompleteEvent,
  BatchEvent,
  BatchEventsOptions,
  BatchProgressEvent,
  BatchStartEvent,
} from "./batch-events";
export { type BatchJobsClient, createClient, type FilesClient, type LocaleClient } from "./client";
export {
  createDeliveryClient,
  type DeliveryClient,
  type DeliveryClientOptions,
  type DeliveryStorage,
  type LoadedMessages,
  type Messages,
} from "./delivery";
export { ApiError, type ApiErrorIssue, ApiNetworkError, ApiTimeoutError } from "./errors";
export type { ExportedFile, ExportOptions, FileFormat, ImportRequest, ImportResult } from "./files";
export { formatFromFileName } from "./files";
export type { components as ApiComponents, operations as ApiOperations, paths as ApiPaths } from "./generated/openapi";
export { OPERATIONS } from "./generated/operations";
export type { CallOptions, Inputs, OperationId, OperationInput, OperationOutput, Outputs } from "./operation-types";
export { type PageEnvelope, paginate } from "./paginate";
export type { ClientOptions, HttpMethod, RequestSpec } from "./transport";
