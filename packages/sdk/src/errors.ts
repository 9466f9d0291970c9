// Typed errors: every non-2xx answer becomes an ApiError carrying the service's documented body
// ({statusCode, message, error, issues?}); transport failures have their own classes so callers
// can tell "the server said no" from "the server could not be reached".

export interface ApiErrorIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly statusCode: number;
  /** The HTTP reason text from the body (`Not Found`, `Conflict`, ...). */
  readonly error: string;
  readonly issues?: ApiErrorIssue[];
  /** The parsed response body, for fields beyond the documented ones. */
  readonly body: unknown;

  constructor(statusCode: number, message: string, error: string, issues?: ApiErrorIssue[], body?: unknown) {
    super(message);
    this.name = "ApiError";
    this.statusCode = statusCode;
    this.error = error;
    this.issues = issues;
    this.body = body;
  }
}

/** The request did not complete within `timeoutMs` (after all retries). */
export class ApiTimeoutError extends Error {
  constructor(
    readonly timeoutMs: number,
    readonly url: string,
  ) {
    super(`Request to ${url} timed out after ${timeoutMs} ms`);
    this.name = "ApiTimeoutError";
  }
}

/** The server could not be reached (connection refused, reset, DNS) after all retries. */
export class ApiNetworkError extends Error {
  constructor(
    readonly url: string,
    options: { cause: unknown },
  ) {
    super(`Request to ${url} failed: ${(options.cause as Error)?.message ?? String(options.cause)}`, options);
    this.name = "ApiNetworkError";
  }
}

export async function apiErrorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (a proxy's HTML page): keep the text
  }
  const b = (body && typeof body === "object" ? body : {}) as { message?: unknown; error?: unknown; issues?: unknown };
  const message = typeof b.message === "string" ? b.message : text || res.statusText || `HTTP ${res.status}`;
  const error = typeof b.error === "string" ? b.error : res.statusText || `HTTP ${res.status}`;
  return new ApiError(res.status, message, error, Array.isArray(b.issues) ? (b.issues as ApiErrorIssue[]) : undefined, body);
}
