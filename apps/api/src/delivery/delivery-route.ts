// The public delivery (docs/delivery.md), answered first of all (wired in `listen`, ahead of the
// rate limiter, the REST dispatcher and express): no credentials, no cookies, no rate limit; every
// path under /delivery/ is owned here.
//   GET|HEAD /delivery/<deliveryId>/manifest.json
//   GET|HEAD /delivery/<deliveryId>/<version|latest>/<language>.<ext>
// A wrong or rotated id, an unknown version, language or extension all answer the same 404, so
// an answer never tells whether a project exists. Files carry a strong ETag per encoding, answer
// If-None-Match with 304, and are sent as stored: brotli or gzip (compressed once, at publishing)
// when Accept-Encoding allows, else identity.
// A request for a file whose copy is held is answered synchronously: a Map lookup for the channel,
// one for the path, one for the file, and a single writeHead of headers built when the file was
// read (delivery-representation.ts); the rest goes the asynchronous way, which reads the database.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { type CachedChannel, type CachedFile, DeliveryCache, type FileRoute } from "./delivery-cache";
import type { DeliveryLog } from "./delivery-log";
import type { Encoding, Representation, Representations } from "./delivery-representation";

const PREFIX = "/delivery/";

const NOT_FOUND = Buffer.from(JSON.stringify({ statusCode: 404, message: "Not found", error: "Not Found" }));
const UNAVAILABLE = Buffer.from(
  JSON.stringify({ statusCode: 503, message: "The database is not reachable; retry shortly", error: "Service Unavailable" }),
);
const NOT_ALLOWED = Buffer.from(JSON.stringify({ statusCode: 405, message: "Only GET and HEAD are allowed", error: "Method Not Allowed" }));

const DELIVERY_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The best stored encoding the client accepts: brotli, then gzip, else identity (`q=0` refuses one). */
export function chooseEncoding(header: string | string[] | undefined): Encoding {
  if (!header) return null;
  const accepted = new Map<string, boolean>();
  for (const part of (Array.isArray(header) ? header.join(",") : header).toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    accepted.set(name === "x-gzip" ? "gzip" : name, q === undefined || Number(q.slice(2)) > 0);
  }
  const ok = (name: string) => accepted.get(name) ?? accepted.get("*") ?? false;
  return ok("br") ? "br" : ok("gzip") ? "gzip" : null;
}

/** Accept-Encoding headers repeat across clients: their choice is kept (a bounded map), as the index of a file's `Representations`. */
const chosen = new Map<string, 0 | 1 | 2>();
function encodingIndexOf(header: string | undefined): 0 | 1 | 2 {
  if (!header) return 0;
  let index = chosen.get(header);
  if (index === undefined) {
    const encoding = chooseEncoding(header);
    index = encoding === "br" ? 1 : encoding === "gzip" ? 2 : 0;
    if (chosen.size >= 256) chosen.clear();
    chosen.set(header, index);
  }
  return index;
}

/** Whether If-None-Match names this representation (weak comparison, any encoding of the same bytes). */
function matches(header: string, sha: string): boolean {
  if (header.trim() === "*") return true;
  for (const tag of header.split(",")) {
    const opaque = tag.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    if (opaque === sha || opaque === `${sha}-br` || opaque === `${sha}-gzip`) return true;
  }
  return false;
}

function sendJsonError(res: ServerResponse, status: number, body: Buffer, head: boolean): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", body.byteLength);
  res.setHeader("Cache-Control", "no-store");
  if (status === 503) res.setHeader("Retry-After", "5");
  if (status === 405) res.setHeader("Allow", "GET, HEAD");
  res.end(head ? undefined : body);
}

export function deliveryRoute(cache: DeliveryCache, logger: Logger, log: DeliveryLog) {
  const notFound = (req: IncomingMessage, res: ServerResponse, head: boolean) => {
    sendJsonError(res, 404, NOT_FOUND, head);
    log.hit(req, 404, null, undefined, head ? 0 : NOT_FOUND.byteLength);
  };
  const unavailable = (req: IncomingMessage, res: ServerResponse, head: boolean) => {
    sendJsonError(res, 503, UNAVAILABLE, head);
    log.hit(req, 503, null, undefined, head ? 0 : UNAVAILABLE.byteLength);
  };

  /** Writes a prepared answer: 304 when If-None-Match names it, else the bytes (none for HEAD). */
  function send(req: IncomingMessage, res: ServerResponse, channel: CachedChannel, sha: string, r: Representation): void {
    const ifNoneMatch = req.headers["if-none-match"];
    if (ifNoneMatch !== undefined && matches(ifNoneMatch, sha)) {
      res.writeHead(304, r.notModified);
      res.end();
      log.hit(req, 304, channel.deliveryId, r.encoding, 0);
      return;
    }
    res.writeHead(200, r.ok);
    if (req.method === "HEAD") {
      res.end();
      log.hit(req, 200, channel.deliveryId, r.encoding, 0);
    } else {
      res.end(r.body);
      log.hit(req, 200, channel.deliveryId, r.encoding, r.body.byteLength);
    }
  }

  function sendFile(req: IncomingMessage, res: ServerResponse, channel: CachedChannel, route: FileRoute, file: CachedFile): void {
    const answers: Representations = route.immutable ? file.immutable : file.short;
    send(req, res, channel, file.sha256, answers[encodingIndexOf(req.headers["accept-encoding"])]);
  }

  /** The way through the database: a channel or a file not held (or no longer fresh), and every 404. */
  async function answer(req: IncomingMessage, res: ServerResponse, deliveryId: string, rest: string): Promise<void> {
    const head = req.method === "HEAD";
    if (!DELIVERY_ID.test(deliveryId)) return notFound(req, res, head);
    let channel: CachedChannel | null;
    try {
      channel = await cache.channel(deliveryId);
    } catch {
      return unavailable(req, res, head);
    }
    const route = channel?.routes.get(rest);
    if (!channel || !route) return notFound(req, res, head);
    if (route === "manifest") return send(req, res, channel, channel.manifestSha, channel.manifest);
    let file: CachedFile | null;
    try {
      file = await cache.file(route);
    } catch {
      return unavailable(req, res, head);
    }
    // Deleted since the channel was read: the same 404.
    if (!file) return notFound(req, res, head);
    sendFile(req, res, channel, route, file);
  }

  /** The front handler: true when it owns the request (every path under /delivery/). */
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url;
    if (url === undefined || !url.startsWith(PREFIX)) return false;
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") {
      // A preflight needs nothing more than a simple GET: answer it plainly.
      if (method === "OPTIONS") {
        res.statusCode = 204;
        res.setHeader("Access-Control-Allow-Origin", "*");
        res.setHeader("Access-Control-Allow-Methods", "GET, HEAD");
        res.setHeader("Access-Control-Allow-Headers", "If-None-Match");
        res.setHeader("Access-Control-Max-Age", "86400");
        res.end();
        log.hit(req, 204, null, undefined, 0);
      } else {
        sendJsonError(res, 405, NOT_ALLOWED, false);
        log.hit(req, 405, null, undefined, NOT_ALLOWED.byteLength);
      }
      return true;
    }
    // /delivery/<deliveryId>/<rest>, the query string left out.
    const slash = url.indexOf("/", PREFIX.length);
    const query = url.indexOf("?", PREFIX.length);
    const end = query === -1 ? url.length : query;
    const deliveryId = url.slice(PREFIX.length, slash === -1 || slash > end ? end : slash);
    const rest = slash === -1 || slash > end ? "" : url.slice(slash + 1, end);
    const channel = cache.freshChannel(deliveryId);
    const route = channel?.routes.get(rest);
    if (route === "manifest") {
      send(req, res, channel!, channel!.manifestSha, channel!.manifest);
      return true;
    }
    if (route) {
      const file = cache.heldFile(route);
      if (file) {
        sendFile(req, res, channel!, route, file);
        return true;
      }
    }
    answer(req, res, deliveryId, rest).catch((err) => {
      logger.error({ err }, "delivery: request failed");
      if (!res.headersSent) unavailable(req, res, method === "HEAD");
      else res.destroy();
    });
    return true;
  };
}

export { DeliveryCache };
