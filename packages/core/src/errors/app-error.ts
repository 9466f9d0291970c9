// The one error type services throw, and the one table that maps it to every surface:
// HTTP status + `error` text (REST), tRPC code, GraphQL `extensions.code`.

export const APP_ERROR_TABLE = {
  BAD_REQUEST: { status: 400, error: "Bad Request", trpc: "BAD_REQUEST", graphql: "BAD_USER_INPUT" },
  UNAUTHORIZED: { status: 401, error: "Unauthorized", trpc: "UNAUTHORIZED", graphql: "UNAUTHENTICATED" },
  FORBIDDEN: { status: 403, error: "Forbidden", trpc: "FORBIDDEN", graphql: "FORBIDDEN" },
  NOT_FOUND: { status: 404, error: "Not Found", trpc: "NOT_FOUND", graphql: "NOT_FOUND" },
  // A tRPC procedure or GraphQL operation reached with a method it does not take (a mutation over GET).
  METHOD_NOT_ALLOWED: { status: 405, error: "Method Not Allowed", trpc: "METHOD_NOT_SUPPORTED", graphql: "METHOD_NOT_ALLOWED" },
  CONFLICT: { status: 409, error: "Conflict", trpc: "CONFLICT", graphql: "CONFLICT" },
  // Well-formed input the project's rules refuse: a translation failing an error-level quality check.
  UNPROCESSABLE_ENTITY: {
    status: 422,
    error: "Unprocessable Entity",
    trpc: "UNPROCESSABLE_CONTENT",
    graphql: "UNPROCESSABLE_ENTITY",
  },
  REQUEST_TIMEOUT: { status: 408, error: "Request Timeout", trpc: "TIMEOUT", graphql: "REQUEST_TIMEOUT" },
  PAYLOAD_TOO_LARGE: { status: 413, error: "Payload Too Large", trpc: "PAYLOAD_TOO_LARGE", graphql: "PAYLOAD_TOO_LARGE" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, error: "Unsupported Media Type", trpc: "UNSUPPORTED_MEDIA_TYPE", graphql: "BAD_USER_INPUT" },
  // Answered by the HTTP server itself (request line + headers over 16 KB), never by a procedure.
  REQUEST_HEADER_FIELDS_TOO_LARGE: {
    status: 431,
    error: "Request Header Fields Too Large",
    trpc: "BAD_REQUEST",
    graphql: "REQUEST_HEADER_FIELDS_TOO_LARGE",
  },
  TOO_MANY_REQUESTS: { status: 429, error: "Too Many Requests", trpc: "TOO_MANY_REQUESTS", graphql: "TOO_MANY_REQUESTS" },
  INTERNAL: { status: 500, error: "Internal Server Error", trpc: "INTERNAL_SERVER_ERROR", graphql: "INTERNAL_SERVER_ERROR" },
  BAD_GATEWAY: { status: 502, error: "Bad Gateway", trpc: "BAD_GATEWAY", graphql: "BAD_GATEWAY" },
  SERVICE_UNAVAILABLE: { status: 503, error: "Service Unavailable", trpc: "SERVICE_UNAVAILABLE", graphql: "SERVICE_UNAVAILABLE" },
  // tRPC has no code of its own for 507; its nearest is "the service cannot do this now".
  INSUFFICIENT_STORAGE: { status: 507, error: "Insufficient Storage", trpc: "SERVICE_UNAVAILABLE", graphql: "INSUFFICIENT_STORAGE" },
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_TABLE;

export interface ErrorIssue {
  path: string;
  message: string;
  /** Machine-readable reason where a status has several (422: `qa.<check>`). */
  code?: string;
}

export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  issues?: ErrorIssue[];
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly issues?: ErrorIssue[];

  constructor(code: AppErrorCode, message: string, issues?: ErrorIssue[]) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.issues = issues;
  }

  get status(): number {
    return APP_ERROR_TABLE[this.code].status;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { statusCode: this.status, message: this.message, error: APP_ERROR_TABLE[this.code].error };
    if (this.issues) body.issues = this.issues;
    return body;
  }
}

export const badRequest = (message: string, issues?: ErrorIssue[]) =>
  new AppError("BAD_REQUEST", message, issues ?? [{ path: "", message }]);
export const unauthorized = () => new AppError("UNAUTHORIZED", "Unauthorized");
export const forbidden = () => new AppError("FORBIDDEN", "Forbidden resource");
export const notFound = (resource: string) => new AppError("NOT_FOUND", `${resource} not found`);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const unprocessable = (message: string, issues: ErrorIssue[]) => new AppError("UNPROCESSABLE_ENTITY", message, issues);
export const payloadTooLarge = (message = "Request body is too large") => new AppError("PAYLOAD_TOO_LARGE", message);
export const internalError = () => new AppError("INTERNAL", "Internal server error");
export const serviceUnavailable = (message = "The database is not reachable; retry shortly") =>
  new AppError("SERVICE_UNAVAILABLE", message);
export const insufficientStorage = (message = "The server has no storage space left for this change; retry once space is freed") =>
  new AppError("INSUFFICIENT_STORAGE", message);

/** Seconds a client should wait before retrying a 503 or 507 (sent as `Retry-After`). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The documented body for any status, used where no AppError exists (unknown routes, parsers). */
export function errorBodyForStatus(status: number, message: string, issues?: ErrorIssue[]): ErrorBody {
  const entry = Object.values(APP_ERROR_TABLE).find((e) => e.status === status) ?? APP_ERROR_TABLE.INTERNAL;
  const body: ErrorBody = { statusCode: entry.status, message, error: entry.error };
  // Every 400 carries `issues` (docs/api-rules.md, "Errors"), even when no single field is to blame.
  if (issues) body.issues = issues;
  else if (entry.status === 400) body.issues = [{ path: "", message }];
  return body;
}

/** Turns a zod-style issue list into the documented 400 (message names the field). */
export function validationError(issues: { path: PropertyKey[]; message: string }[]): AppError {
  const mapped = issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  const message = mapped.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ") || "Invalid input";
  return new AppError("BAD_REQUEST", message, mapped);
}
