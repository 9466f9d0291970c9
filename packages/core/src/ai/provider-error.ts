// A failed provider call, reduced to what callers need: the provider's own message (shown to the
// user in a 502 or a failed item), whether retrying can help, and how long the provider asked to wait.
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

type HeadersLike = { get(name: string): string | null } | undefined;

/** `retry-after-ms` (vendor extension), then `retry-after` as seconds or an HTTP date. */
export function retryAfterMsOf(headers: HeadersLike, now = Date.now()): number | null {
  const ms = Number(headers?.get("retry-after-ms") ?? NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers?.get("retry-after");
  if (!raw) return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

interface SdkErrorShape {
  name?: string;
  message?: string;
  status?: number;
  headers?: HeadersLike;
  apiMessage?: string | null;
  error?: { message?: unknown; error?: { message?: unknown } };
}

/** Maps an error thrown by either SDK; both share the same APIError shape. */
export function providerErrorOf(err: unknown, providerName: string): ProviderError {
  if (err instanceof ProviderError) return err;
  const e = (err ?? {}) as SdkErrorShape;
  if (e.name === "APIUserAbortError" || e.name === "AbortError") return new ProviderError("Request was aborted", null, false);
  if (typeof e.status === "number") {
    const inner = e.apiMessage ?? e.error?.error?.message ?? e.error?.message;
    const message = typeof inner === "string" && inner ? inner : `${providerName} answered HTTP ${e.status}`;
    const retryable = e.status === 408 || e.status === 409 || e.status === 429 || e.status >= 500;
    return new ProviderError(message, e.status, retryable, retryAfterMsOf(e.headers));
  }
  if (e.name === "APIConnectionTimeoutError") return new ProviderError(`${providerName} did not answer in time`, null, true);
  if (e.name === "APIConnectionError") return new ProviderError(`Could not connect to ${providerName}`, null, true);
  return new ProviderError(e.message || `${providerName} request failed`, null, false);
}
