// The public delivery (docs/delivery.md), answered in front of express (wired in `listen`, ahead
// of the REST dispatcher): no credentials, no cookies, no rate limit; every path under /delivery/ is
// owned here.
//   GET|HEAD /delivery/<deliveryId>/manifest.json
//   GET|HEAD /delivery/<deliveryId>/<version|latest>/<language>.<ext>
// A wrong or rotated id, an unknown version, language or extension all answer the same 404, so
// an answer never tells whether a project exists. Files carry a strong ETag per encoding, answer
// If-None-Match with 304, and are sent as stored: brotli or gzip (compressed once, at publishing)
// when Accept-Encoding allows, else identity.
import type { IncomingMessage, ServerResponse } from "node:http";
import { formatsById, isFormatId } from "@locale/formats";
import type { Logger } from "pino";
import { type CachedChannel, type CachedFile, DeliveryCache } from "./delivery-cache";

const PREFIX = "/delivery/";
/** Numbered versions never change. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** `latest` and the manifest move with each release: clients revalidate (cheaply, by ETag) soon. */
const SHORT = "public, max-age=10, must-revalidate";

const NOT_FOUND = Buffer.from(JSON.stringify({ statusCode: 404, message: "Not found", error: "Not Found" }));
const UNAVAILABLE = Buffer.from(
  JSON.stringify({ statusCode: 503, message: "The database is not reachable; retry shortly", error: "Service Unavailable" }),
);
const NOT_ALLOWED = Buffer.from(JSON.stringify({ statusCode: 405, message: "Only GET and HEAD are allowed", error: "Method Not Allowed" }));

type Encoding = "br" | "gzip" | null;

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

/** Whether If-None-Match names this representation (weak comparison, any encoding of the same bytes). */
function matches(header: string | undefined, sha: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  for (const tag of header.split(",")) {
    const opaque = tag.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    if (opaque === sha || opaque === `${sha}-br` || opaque === `${sha}-gzip`) return true;
  }
  return false;
}

function contentTypeOf(format: string): string {
  const mime = isFormatId(format) ? formatsById[format].mimeType : "application/octet-stream";
  return mime.startsWith("text/") || mime.endsWith("json") || mime.endsWith("xml") || mime.endsWith("yaml")
    ? `${mime}; charset=utf-8`
    : mime;
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

function send(
  req: IncomingMessage,
  res: ServerResponse,
  o: { sha: string; identity: Buffer; br?: Buffer; gzip?: Buffer; type: string; cache: string },
): void {
  const encoding = o.br && o.gzip ? encodingOf(req.headers["accept-encoding"]) : null;
  const body = encoding === "br" ? o.br! : encoding === "gzip" ? o.gzip! : o.identity;
  // One writeHead with every header: the hot path of a cached file (docs/delivery.md, bench:delivery).
  const headers: Record<string, string | number> = {
    ETag: encoding ? `"${o.sha}-${encoding}"` : `"${o.sha}"`,
    "Cache-Control": o.cache,
    Vary: "Accept-Encoding",
    "Access-Control-Allow-Origin": "*",
    // A page on another origin reads the ETag only when it is exposed: without it no browser
    // client could revalidate (If-None-Match), and every visit would download the file again.
    "Access-Control-Expose-Headers": "ETag",
    "X-Content-Type-Options": "nosniff",
  };
  if (matches(req.headers["if-none-match"], o.sha)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers["Content-Type"] = o.type;
  if (encoding) headers["Content-Encoding"] = encoding;
  headers["Content-Length"] = body.byteLength;
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Accept-Encoding headers repeat across clients: their choice is kept (a bounded map). */
const chosen = new Map<string, Encoding>();
function encodingOf(header: string | undefined): Encoding {
  if (!header) return null;
  let encoding = chosen.get(header);
  if (encoding === undefined) {
    encoding = chooseEncoding(header);
    if (chosen.size >= 256) chosen.clear();
    chosen.set(header, encoding);
  }
  return encoding;
}

async function answer(cache: DeliveryCache, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const head = req.method === "HEAD";
  const parts = path.slice(PREFIX.length).split("/");
  const [deliveryId, second, third] = parts;
  const shape = parts.length === 2 ? second === "manifest.json" : parts.length === 3;
  if (!deliveryId || !shape || !/^[A-Za-z0-9_-]{1,64}$/.test(deliveryId)) return sendJsonError(res, 404, NOT_FOUND, head);
  let channel: CachedChannel | null;
  try {
    channel = await cache.channel(deliveryId);
  } catch {
    return sendJsonError(res, 503, UNAVAILABLE, head);
  }
  if (!channel) return sendJsonError(res, 404, NOT_FOUND, head);
  if (parts.length === 2) {
    const sha = channel.manifestEtag.slice(1, -1);
    return send(req, res, { sha, identity: channel.manifest, type: "application/json; charset=utf-8", cache: SHORT });
  }
  const version = second === "latest" ? channel.latestVersion : /^[1-9][0-9]{0,9}$/.test(second!) ? Number(second) : null;
  const release = version === null ? undefined : channel.releases.find((r) => r.version === version);
  const dot = third!.lastIndexOf(".");
  const language = dot > 0 ? third!.slice(0, dot) : "";
  if (!release || third!.slice(dot + 1) !== release.ext || !release.files.some((f) => f.language === language)) {
    return sendJsonError(res, 404, NOT_FOUND, head);
  }
  let file: CachedFile | null;
  try {
    file = await cache.file(release.id, language);
  } catch {
    return sendJsonError(res, 503, UNAVAILABLE, head);
  }
  // Deleted since the channel was read: the same 404.
  if (!file) return sendJsonError(res, 404, NOT_FOUND, head);
  send(req, res, {
    sha: file.sha256,
    identity: file.content,
    br: file.brotli,
    gzip: file.gzip,
    type: contentTypeOf(release.format),
    cache: second === "latest" ? SHORT : IMMUTABLE,
  });
}

type RequestLog = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The front handler: true when it owns the request (every path under /delivery/). */
export function deliveryRoute(cache: DeliveryCache, logger: Logger, logRequest: RequestLog) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? "/";
    if (!url.startsWith(PREFIX)) return false;
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    logRequest(req, res, () => {
      if (req.method !== "GET" && req.method !== "HEAD") {
        // A preflight needs nothing more than a simple GET: answer it plainly.
        if (req.method === "OPTIONS") {
          res.statusCode = 204;
          res.setHeader("Access-Control-Allow-Origin", "*");
          res.setHeader("Access-Control-Allow-Methods", "GET, HEAD");
          res.setHeader("Access-Control-Allow-Headers", "If-None-Match");
          res.setHeader("Access-Control-Max-Age", "86400");
          res.end();
          return;
        }
        return sendJsonError(res, 405, NOT_ALLOWED, false);
      }
      answer(cache, req, res, path).catch((err) => {
        logger.error({ err }, "delivery: request failed");
        if (!res.headersSent) sendJsonError(res, 503, UNAVAILABLE, req.method === "HEAD");
        else res.destroy();
      });
    });
    return true;
  };
}

export { DeliveryCache };
