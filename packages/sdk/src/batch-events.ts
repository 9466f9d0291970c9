// AI batch job events (docs/api-rules.md, "AI translation"): the SSE stream of
// GET /api/projects/{projectId}/ai/translate/batch/stream/{jobId}, read with fetch and
// eventsource-parser, resumed with Last-Event-ID after a dropped connection, and ended by the
// job's terminal event (`complete` or `cancelled`).
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { ApiError, apiErrorFromResponse } from "./errors";
import { sleep, type Transport } from "./transport";

export interface BatchStartEvent {
  jobId: string;
  total: number;
}

export interface BatchProgressEvent {
  jobId: string;
  keyId: string;
  key: string;
  status: "translated" | "failed" | "skipped";
  translation?: string;
  confidence?: number;
  error?: string;
  /** Pre-translation jobs: where the value came from, and the TM match's similarity. */
  origin?: "context" | "exact" | "fuzzy" | "mt" | "ai";
  similarity?: number;
  completed: number;
  failed: number;
  total: number;
}

export interface BatchCompleteEvent {
  jobId: string;
  translated: number;
  failed: number;
  total: number;
  durationMs: number;
  /** Pre-translation jobs: values saved by origin, and values the quality gate refused. */
  origins?: { context: number; exact: number; fuzzy: number; mt: number; ai: number };
  refused?: number;
  aborted?: boolean;
  abortReason?: string;
}

export interface BatchCancelledEvent {
  jobId: string;
  translated: number;
  failed: number;
  total: number;
}

/** One server-sent event of a batch job; `id` is what a later reconnect resumes from. */
export type BatchEvent =
  | { type: "start"; id?: string; data: BatchStartEvent }
  | { type: "progress"; id?: string; data: BatchProgressEvent }
  | { type: "complete"; id?: string; data: BatchCompleteEvent }
  | { type: "cancelled"; id?: string; data: BatchCancelledEvent };

const EVENT_TYPES = new Set(["start", "progress", "complete", "cancelled"]);

export interface BatchEventsOptions {
  signal?: AbortSignal;
  /** Resume after this event id (events up to it are not sent again). */
  lastEventId?: string;
  /** Consecutive failed reconnects before giving up (default 10). */
  maxReconnects?: number;
  /** Delay before a reconnect unless the server sent `retry:` (default 1000 ms). */
  reconnectDelayMs?: number;
  /**
   * Reconnect when nothing (not even a heartbeat comment, sent every 15 s) arrives for this long:
   * a connection that died without closing would otherwise wait forever (default 45 000 ms).
   */
  idleTimeoutMs?: number;
}

class IdleStreamError extends Error {
  override name = "IdleStreamError";
}

async function readWithin<T>(reader: ReadableStreamDefaultReader<T>, ms: number): Promise<ReadableStreamReadResult<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new IdleStreamError(`no data on the event stream for ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([reader.read(), idle]);
  } finally {
    clearTimeout(timer);
  }
}

export async function* batchEvents(
  transport: Transport,
  projectId: string,
  jobId: string,
  options: BatchEventsOptions = {},
): AsyncIterableIterator<BatchEvent> {
  const url = transport.url(`/projects/${encodeURIComponent(projectId)}/ai/translate/batch/stream/${encodeURIComponent(jobId)}`);
  const maxReconnects = options.maxReconnects ?? 10;
  let lastEventId = options.lastEventId;
  let delayMs = options.reconnectDelayMs ?? 1000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
  let failures = 0;
  for (;;) {
    const headers = transport.headers({ accept: "text/event-stream", "cache-control": "no-cache" });
    if (lastEventId) headers["last-event-id"] = lastEventId;
    let failure: unknown;
    try {
      const res = await transport.fetchWithTimeout(url, { method: "GET", headers }, options.signal);
      if (!res.ok) {
        const error = await apiErrorFromResponse(res);
        // Only a server in trouble is worth reconnecting to; 401/403/404 will not change.
        if (res.status < 500) throw error;
        failure = error;
      } else if (!res.body) {
        failure = new Error("event stream has no body");
      } else {
        const queue: EventSourceMessage[] = [];
        const parser = createParser({
          onEvent: (message) => void queue.push(message),
          onRetry: (ms) => void (delayMs = ms),
        });
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        try {
          for (;;) {
            const { done, value } = await readWithin(reader, idleTimeoutMs);
            if (done) break;
            parser.feed(value);
            while (queue.length > 0) {
              const message = queue.shift()!;
              if (message.id) lastEventId = message.id;
              if (!message.event || !EVENT_TYPES.has(message.event)) continue;
              failures = 0;
              const event = { type: message.event, id: message.id, data: JSON.parse(message.data) } as BatchEvent;
              yield event;
              if (event.type === "complete" || event.type === "cancelled") return;
            }
          }
          failure = new Error("event stream ended before the job finished");
        } catch (error) {
          if (error instanceof SyntaxError) throw error;
          failure = error;
        } finally {
          await reader.cancel().catch(() => undefined);
        }
      }
    } catch (error) {
      if (error instanceof ApiError || error instanceof SyntaxError || options.signal?.aborted) throw error;
      failure = error;
    }
    if (++failures > maxReconnects) throw failure;
    await sleep(delayMs, options.signal);
  }
}
