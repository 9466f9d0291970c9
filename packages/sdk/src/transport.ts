// One HTTP exchange with the service: URL building, the API key, a per-attempt timeout, and
// retries with exponential backoff for idempotent methods on network errors and 5xx.
// Only fetch, AbortController, URL and TextEncoder: it runs in browsers and edge runtimes.
import { ApiNetworkError, ApiTimeoutError, apiErrorFromResponse } from "./errors";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ClientOptions {
  /** Address of the service, e.g. `https://l10n.example.com` (the `/api` prefix is added). */
  baseUrl: string;
  /** An `svc_...` API token, sent as `X-API-Key`. */
  apiKey?: string;
  /** A fetch implementation (defaults to the global one). */
  fetch?: typeof fetch;
  /** Per-attempt timeout in milliseconds (default 30 000; 0 disables it). */
  timeoutMs?: number;
  /** Extra attempts for idempotent requests (GET, PUT, DELETE) after a network error or a 5xx (default 2). */
  retries?: number;
  /** First backoff delay in milliseconds; doubles each attempt, with jitter (default 250). */
  retryDelayMs?: number;
  /** Headers added to every request. */
  headers?: Record<string, string>;
}

export interface RequestSpec {
  method: HttpMethod;
  /** Path below `/api`, already expanded (`/projects/abc/keys`). */
  path: string;
  query?: Record<string, unknown>;
  /** JSON body (serialized here); use `rawBody` to send a string as is. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Retry this request even if its method is not idempotent. */
  idempotent?: boolean;
}

const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set(["GET", "PUT", "DELETE"]);

export class Transport {
  readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  readonly timeoutMs: number;
  readonly retries: number;
  private readonly retryDelayMs: number;

  constructor(private readonly options: ClientOptions) {
    if (!options.baseUrl) throw new TypeError("createClient: baseUrl is required");
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    const f = options.fetch ?? globalThis.fetch;
    if (!f) throw new TypeError("createClient: no fetch implementation available; pass options.fetch");
    this.fetchImpl = (...args) => f(...args);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retries = Math.max(0, options.retries ?? 2);
    this.retryDelayMs = options.retryDelayMs ?? 250;
  }

  url(path: string, query?: Record<string, unknown>): string {
    const url = new URL(`${this.baseUrl}/api${path}`);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) for (const v of value) url.searchParams.append(name, String(v));
      else url.searchParams.set(name, String(value));
    }
    return url.toString();
  }

  headers(extra?: Record<string, string>): Record<string, string> {
    const headers: Record<string, string> = { accept: "application/json", ...(this.options.headers ?? {}), ...(extra ?? {}) };
    if (this.options.apiKey) headers["x-api-key"] = this.options.apiKey;
    return headers;
  }

  /** Sends the request and returns the successful Response (non-2xx throws ApiError). */
  async send(spec: RequestSpec): Promise<Response> {
    const url = this.url(spec.path, spec.query);
    const headers = this.headers(spec.headers);
    let body: string | undefined;
    if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers["content-type"] = "application/json";
    }
    const canRetry = spec.idempotent ?? IDEMPOTENT.has(spec.method);
    const attempts = canRetry ? this.retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      const isLast = attempt >= attempts;
      let res: Response;
      try {
        res = await this.fetchWithTimeout(url, { method: spec.method, headers, body }, spec.signal);
      } catch (error) {
        if (spec.signal?.aborted || isLast) throw error;
        await this.backoff(attempt, spec.signal);
        continue;
      }
      if (res.ok) return res;
      if (res.status >= 500 && !isLast) {
        await res.body?.cancel().catch(() => undefined);
        await this.backoff(attempt, spec.signal, res.headers.get("retry-after"));
        continue;
      }
      throw await apiErrorFromResponse(res);
    }
  }

  /** JSON request → parsed JSON body (the body must also arrive within `timeoutMs`). */
  async json<T>(spec: RequestSpec): Promise<T> {
    const res = await this.send(spec);
    const text = await this.readText(res);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  private async readText(res: Response): Promise<string> {
    if (this.timeoutMs <= 0) return res.text();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void res.body?.cancel().catch(() => undefined);
        reject(new ApiTimeoutError(this.timeoutMs, res.url));
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([res.text(), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** fetch with a per-attempt deadline; a caller's abort is passed through untouched. */
  async fetchWithTimeout(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
    let timedOut = false;
    const timer =
      this.timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, this.timeoutMs)
        : undefined;
    try {
      // The deadline covers the headers; bodies are read by the caller (downloads can be large).
      return await this.fetchImpl(url, { ...init, signal: controller.signal });
    } catch (error) {
      if (timedOut) throw new ApiTimeoutError(this.timeoutMs, url);
      if (signal?.aborted) throw error;
      throw new ApiNetworkError(url, { cause: error });
    } finally {
      if (timer) clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  async backoff(attempt: number, signal?: AbortSignal, retryAfter?: string | null): Promise<void> {
    const seconds = retryAfter ? Number(retryAfter) : NaN;
    const base = Number.isFinite(seconds) ? seconds * 1000 : this.retryDelayMs * 2 ** (attempt - 1);
    const delay = Math.min(30_000, base * (0.75 + Math.random() * 0.5));
    await sleep(delay, signal);
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
