// Exponential backoff for provider calls: 429 and 5xx (and lost connections) are retried, waiting
// what the provider's retry-after asks for when it says, else base × 2^attempt with jitter.
import { ProviderError } from "./provider-error";

export interface RetryOptions {
  maxRetries: number;
  baseMs: number;
  signal?: AbortSignal;
  /** Longest wait honoured; a provider asking for more fails the attempt instead of stalling a job. */
  maxWaitMs?: number;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ProviderError("Request was aborted", null, false));
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(new ProviderError("Request was aborted", null, false));
    }
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export function backoffDelay(attempt: number, baseMs: number, retryAfterMs: number | null): number {
  if (retryAfterMs !== null) return retryAfterMs;
  const exp = baseMs * 2 ** attempt;
  return Math.round(exp * (0.8 + Math.random() * 0.4));
}

export async function withRetries<T>(fn: () => Promise<T>, options: RetryOptions): Promise<T> {
  const maxWait = options.maxWaitMs ?? 60_000;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof ProviderError) || !err.retryable || attempt >= options.maxRetries || options.signal?.aborted) throw err;
      const delay = backoffDelay(attempt, options.baseMs, err.retryAfterMs);
      if (delay > maxWait) throw err;
      await sleep(delay, options.signal);
    }
  }
}
