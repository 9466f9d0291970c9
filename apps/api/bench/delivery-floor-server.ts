// The floor of bench/delivery.bench.ts: a static node:http file server holding the same bytes the
// delivery serves (identity and brotli), answering every GET with them, an ETag and the same
// Cache-Control, and nothing else: no routing, no cache lookups, no logging. Its own process, so
// the benchmark can load it and the api alike.
//   PORT=... FILE=<path of the identity bytes> BROTLI=<path of the brotli bytes> node --import tsx bench/delivery-floor-server.ts
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";

const identity = readFileSync(process.env.FILE!);
const brotli = readFileSync(process.env.BROTLI!);
const etag = `"${createHash("sha256").update(identity).digest("hex")}"`;

http
  .createServer((req, res) => {
    const br = (req.headers["accept-encoding"] ?? "").includes("br");
    const body = br ? brotli : identity;
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("ETag", br ? `${etag.slice(0, -1)}-br"` : etag);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("Vary", "Accept-Encoding");
    if (br) res.setHeader("Content-Encoding", "br");
    res.setHeader("Content-Length", body.byteLength);
    res.end(body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
