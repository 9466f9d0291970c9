// What the public delivery sends for one set of bytes, built once when a file (or a channel's
// manifest) enters the cache: the body and the whole header list of its 200 and 304 answers, per
// encoding and per cache policy. A request then picks one and writes it with a single writeHead
// — no header object, ETag string or Content-Length built per request (BENCHMARKS.md, issue 31).

/** Numbered versions never change. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** `latest` and the manifest move with each release: clients revalidate (cheaply, by ETag) soon. */
export const SHORT = "public, max-age=10, must-revalidate";

export type Encoding = "br" | "gzip" | null;

export interface Representation {
  /** The bytes as sent (identity, brotli or gzip). */
  body: Buffer;
  /** `writeHead`'s flat `[name, value, …]` list of the 200 and of the 304 (no body headers). */
  ok: string[];
  notModified: string[];
  encoding: Encoding;
}

/** One per encoding, identity first: the index `encodingIndex` answers. */
export type Representations = readonly [identity: Representation, br: Representation, gzip: Representation];

export function representation(sha: string, body: Buffer, contentType: string, cacheControl: string, encoding: Encoding): Representation {
  const common = [
    "ETag",
    encoding ? `"${sha}-${encoding}"` : `"${sha}"`,
    "Cache-Control",
    cacheControl,
    "Vary",
    "Accept-Encoding",
    "Access-Control-Allow-Origin",
    "*",
    // A page on another origin reads the ETag only when it is exposed: without it no browser
    // client could revalidate (If-None-Match), and every visit would download the file again.
    "Access-Control-Expose-Headers",
    "ETag",
    "X-Content-Type-Options",
    "nosniff",
  ];
  const ok = [...common, "Content-Type", contentType];
  if (encoding) ok.push("Content-Encoding", encoding);
  ok.push("Content-Length", String(body.byteLength));
  return { body, ok, notModified: common, encoding };
}

/** A file's three encodings under one cache policy. */
export function representations(
  o: { sha: string; identity: Buffer; br: Buffer; gzip: Buffer },
  contentType: string,
  cacheControl: string,
): Representations {
  return [
    representation(o.sha, o.identity, contentType, cacheControl, null),
    representation(o.sha, o.br, contentType, cacheControl, "br"),
    representation(o.sha, o.gzip, contentType, cacheControl, "gzip"),
  ];
}
