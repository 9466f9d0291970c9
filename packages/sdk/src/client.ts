// createClient: the generated operations (`client.<domain>.<method>`) plus the hand-written
// helpers for routes JSON cannot express: export downloads, imports from bytes, the AI batch
// event stream, and generic auto-pagination.

import { type BatchEvent, type BatchEventsOptions, batchEvents } from "./batch-events";
import { type ExportedFile, type ExportOptions, exportFile, type ImportRequest, type ImportResult, importFile } from "./files";
import type { GeneratedClient, RouteOutput } from "./operation-types";
import { buildGeneratedClient } from "./operations-client";
import { type PageEnvelope, paginate } from "./paginate";
import { type ClientOptions, type RequestSpec, Transport } from "./transport";

export interface FilesClient {
  /** Downloads a language file: bytes plus `totalKeys`/`truncated` from the response headers. */
  export(projectId: string, language: string, options: ExportOptions): Promise<ExportedFile>;
  /** Imports a file given as text or bytes (`mo` bytes are base64-encoded for you). */
  import(projectId: string, request: ImportRequest): Promise<ImportResult>;
}

export interface BatchJobsClient {
  /** The job's events as an async iterator; reconnects with Last-Event-ID until `complete` or `cancelled`. */
  events(projectId: string, jobId: string, options?: BatchEventsOptions): AsyncIterableIterator<BatchEvent>;
}

export interface CommentEditClient {
  /** Replaces a comment's text (author only); the service takes the text as a bare JSON string. */
  update(
    projectId: string,
    keyId: string,
    commentId: string,
    text: string,
  ): Promise<RouteOutput<"GET", "/projects/{projectId}/keys/{keyId}/comments", unknown[]> extends (infer C)[] ? C : unknown>;
}

export type LocaleClient = GeneratedClient & {
  comments: CommentEditClient;
  files: FilesClient;
  batchJobs: BatchJobsClient;
  /** Iterates every item of any paginated list, e.g. `client.paginate((page) => client.keys.list(id, {page}))`. */
  paginate<T>(fetchPage: (page: number) => Promise<PageEnvelope<T>>): AsyncIterableIterator<T>;
  /** Escape hatch for a route the generated table does not know yet. */
  request<T = unknown>(spec: RequestSpec): Promise<T>;
  readonly options: Readonly<ClientOptions>;
};

export function createClient(options: ClientOptions): LocaleClient {
  const transport = new Transport(options);
  const generated = buildGeneratedClient(transport) as unknown as Record<string, unknown>;
  const helpers = {
    files: {
      export: (projectId: string, language: string, o: ExportOptions) => exportFile(transport, projectId, language, o),
      import: (projectId: string, request: ImportRequest) => importFile(transport, projectId, request),
    } satisfies FilesClient,
    batchJobs: {
      events: (projectId: string, jobId: string, o?: BatchEventsOptions) => batchEvents(transport, projectId, jobId, o),
    } satisfies BatchJobsClient,
    comments: {
      update: (projectId: string, keyId: string, commentId: string, text: string) =>
        transport.json({
          method: "PATCH",
          path: `/projects/${encodeURIComponent(projectId)}/keys/${encodeURIComponent(keyId)}/comments/${encodeURIComponent(commentId)}`,
          body: text,
        }),
    } as CommentEditClient,
    paginate,
    request: <T>(spec: RequestSpec) => transport.json<T>(spec),
    options: Object.freeze({ ...options }),
  };
  for (const [name, value] of Object.entries(helpers)) {
    // A router domain of the same name keeps its generated methods; the helpers join them.
    const existing = generated[name];
    generated[name] = existing && typeof existing === "object" && typeof value === "object" ? { ...existing, ...value } : value;
  }
  return generated as unknown as LocaleClient;
}
