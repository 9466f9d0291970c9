// The OpenAPI adapter re-parses the URL with WHATWG rules after express matched it: `..`, `%2e%2e`
// (any case), `\` and `#` would make it resolve a different path — DELETE .../comments/%2e%2e
// once deleted the key. Such paths are refused here, before any handler, as unknown routes.
import { errorBodyForStatus } from "@locale/core";
import type { NextFunction, Request, Response } from "express";
import { sendError } from "./error-responses";

/** A segment that URL parsing would treat as "." or ".." (percent-encoded dots, any case). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
/** Characters URL parsing reads as a separator, a fragment start, or drops silently. */
const REINTERPRETED = /[\\#\t\r\n]/;

export function hasAmbiguousPath(rawUrl: string): boolean {
  const path = rawUrl.split("?", 1)[0] ?? "";
  if (REINTERPRETED.test(path)) return true;
  return path.split("/").some((segment) => DOT_SEGMENT.test(segment));
}

export function refuseAmbiguousPaths(req: Request, res: Response, next: NextFunction): void {
  if (hasAmbiguousPath(req.originalUrl)) return sendError(res, errorBodyForStatus(404, "Route not found"));
  next();
}
