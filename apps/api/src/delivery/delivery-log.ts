// The public delivery's access log: one summary line per interval instead of a line per request.
// A cached file is answered in ~15 µs of CPU; formatting and writing a synchronous JSON line per
// hit was the largest part of what delivery spent beyond a static file server (BENCHMARKS.md,
// issue 31), and a busy application can send thousands of hits a second. So hits are counted
// here (a few integer increments) and written as one `info` line, "delivery requests", at most
// every DELIVERY_LOG_INTERVAL_MS and only when there were any:
//   {delivery: {requests, statuses: {"200": n, "304": n, "404": n, …}, encodings: {br, gzip,
//    identity}, bytes, ids: {<deliveryId>: n, …}, seconds}}
// What an operator still sees one by one: every 5xx (an `error` line, as the request log writes
// them), and, with LOG_LEVEL=debug, every hit as a "delivery request" line (docs/operations.md).
import type { IncomingMessage } from "node:http";
import type { Logger } from "pino";
import type { Encoding } from "./delivery-representation";

/** Delivery ids named in one summary line, the busiest first (the rest are counted in `requests`). */
const MAX_IDS = 50;

export class DeliveryLog {
  private requests = 0;
  private bytes = 0;
  private readonly statuses = new Map<number, number>();
  private br = 0;
  private gzip = 0;
  private identity = 0;
  private readonly ids = new Map<string, number>();
  private since = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly perRequest: boolean;

  constructor(
    private readonly logger: Logger,
    private readonly intervalMs: number,
  ) {
    this.perRequest = logger.isLevelEnabled("debug");
  }

  /**
   * Counts one answer. `deliveryId` is named only for a channel that exists (a 404's id is not:
   * a scanner's guesses would fill the line); `encoding` only for a file or manifest sent.
   */
  hit(req: IncomingMessage, status: number, deliveryId: string | null, encoding: Encoding | undefined, bytes: number): void {
    if (this.requests === 0) this.start();
    this.requests++;
    this.bytes += bytes;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (encoding !== undefined) {
      if (encoding === "br") this.br++;
      else if (encoding === "gzip") this.gzip++;
      else this.identity++;
    }
    if (deliveryId !== null) this.ids.set(deliveryId, (this.ids.get(deliveryId) ?? 0) + 1);
    if (status >= 500) this.logger.error({ req: summaryOf(req), res: { statusCode: status } }, "delivery request errored");
    else if (this.perRequest) this.logger.debug({ req: summaryOf(req), res: { statusCode: status } }, "delivery request");
  }

  /** Writes the summary of what was counted (if anything) and starts counting anew. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.requests === 0) return;
    const ids = [...this.ids].sort((a, b) => b[1] - a[1]).slice(0, MAX_IDS);
    this.logger.info(
      {
        delivery: {
          requests: this.requests,
          statuses: Object.fromEntries(this.statuses),
          encodings: { br: this.br, gzip: this.gzip, identity: this.identity },
          bytes: this.bytes,
          ids: Object.fromEntries(ids),
          seconds: Math.round((Date.now() - this.since) / 100) / 10,
        },
      },
      "delivery requests",
    );
    this.requests = 0;
    this.bytes = 0;
    this.br = 0;
    this.gzip = 0;
    this.identity = 0;
    this.statuses.clear();
    this.ids.clear();
  }

  /** The first hit of an interval starts its timer: an idle server has none. */
  private start(): void {
    this.since = Date.now();
    this.timer = setTimeout(() => this.flush(), this.intervalMs);
    // A pending summary never keeps a stopping process alive; shutdown flushes it (main.ts).
    this.timer.unref();
  }
}

const summaryOf = (req: IncomingMessage) => ({ method: req.method, url: req.url, remoteAddress: req.socket.remoteAddress });
