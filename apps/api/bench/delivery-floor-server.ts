// The floor of bench/delivery.bench.ts: a static node:http file server holding the same bytes the
// delivery serves (identity and brotli), answering every GET with them and exactly the headers
// the delivery sends for them (ETag, Cache-Control, Vary, CORS, nosniff, type, encoding, length),
// written the cheapest way node offers — one writeHead of a header list built at start — and
// nothing else: no routing, no cache lookups, no logging. Its own process, so the benchmark can
// load it and the api alike.
//   PORT=... FILE=<path of the identity bytes> BROTLI=<path of the brotli bytes> node --import tsx bench/delivery-floor-server.ts
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";

const identity = readFileSync(process.env.FILE!);
const brotli = readFileSync(process.env.BROTLI!);
const sha = createHash("sha256").update(identity).digest("hex");

function headersOf(body: Buffer, encoding: "br" | null): string[] {
  return [
    "ETag",
    encoding ? `"${sha}-${encoding}"` : `"${sha}"`,
    "Cache-Control",
    "public, max-age=31536000, immutable",
    "Vary",
    "Accept-Encoding",
    "Access-Control-Allow-Origin",
    "*",
    "Access-Control-Expose-Headers",
    "ETag",
    "X-Content-Type-Options",
    "nosniff",
    "Content-Type",
    "application/json; charset=utf-8",
    ...(encoding ? ["Content-Encoding", encoding] : []),
    "Content-Length",
    String(body.byteLength),
  ];
}
const identityHeaders = headersOf(identity, null);
const brotliHeaders = headersOf(brotli, "br");

http
  .createServer((req, res) => {
    const br = (req.headers["accept-encoding"] ?? "").includes("br");
    res.writeHead(200, br ? brotliHeaders : identityHeaders);
    res.end(br ? brotli : identity);
  })
  .listen(Number(process.env.PORT), "127.0.0.1");

// Exit on the benchmark's SIGTERM, so that --cpu-prof (PROFILE_DIR) writes the floor's profile too.
process.on("SIGTERM", () => process.exit(0));
