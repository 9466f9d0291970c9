// Where a REST request points: the part of its URL path below the mount (/api/v1 or /api), as the
// OpenAPI adapter saw it — the WHATWG URL's pathname, which percent-encodes a few characters
// (space, quotes, braces...) the raw request line may carry.

/** Characters a WHATWG pathname keeps as they are; any other sends the path through `URL`. */
const PLAIN_PATH = /^[A-Za-z0-9\-._~%!$&'()*+,;=:@/|[\]^]*$/;

/**
 * The length of the REST mount a raw URL path starts with (/api/v1/ or /api/), or -1. Any case,
 * as express matches its mounts: `/API/V1/projects` reached the same procedures there.
 */
export function mountLengthOf(rawPath: string): number {
  const head = rawPath.slice(0, 8).toLowerCase();
  if (head === "/api/v1/") return 7;
  if (head.startsWith("/api/")) return 4;
  return -1;
}

/** The pathname of a path below the mount, as `new URL` reads it. */
export function pathnameOf(below: string): string {
  if (PLAIN_PATH.test(below)) return below;
  return new URL(`http://127.0.0.1${below}`).pathname;
}

/** Paths below /api that express answers before any REST route: the docs browser and the document. */
export function isDocumentPath(path: string): boolean {
  return /^\/(?:docs(?:\/|$)|openapi\.json$)/i.test(path);
}
