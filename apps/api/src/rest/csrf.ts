// CSRF (docs/api-rules.md, "Sign-in and sessions"): a cookie-authenticated unsafe request whose Origin (or, failing that,
// Referer) names a foreign origin, or "null", is refused with 403. API-key requests and requests
// with neither header (non-browser clients) pass. "Cookie-authenticated" is decided by the same
// cookie parser that resolves the session, and "foreign" against the configured public origin and
// CORS_ORIGINS (the list rest/cors.ts answers CORS for) — never the Host header, which the request
// itself chooses.

import { forbidden } from "@locale/core";
import type { NextFunction, Request, Response } from "express";
import { sessionSecretOf } from "../trpc/context";
import { isAllowedOrigin, type OriginConfig, originOf } from "./cors";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Reads `publicUrl` and `corsOrigins` on every request: the test server learns its port late.
 * `readsByOrigin`: a cookie-authenticated GET or HEAD that carries a foreign `Origin` is refused
 * too (GraphQL, whose reads are queries a page elsewhere could send; a navigation sends no Origin).
 */
export function csrfGuard(config: OriginConfig, options: { readsByOrigin?: boolean } = {}) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (req.header("x-api-key") || sessionSecretOf(req) === undefined) return next();
    const origin = req.header("origin");
    // Refusals are answered by the mount's error handler, in its surface's shape (REST, tRPC, GraphQL).
    if (SAFE.has(req.method)) {
      if (!options.readsByOrigin || req.method === "OPTIONS" || origin === undefined) return next();
      return isAllowedOrigin(config, originOf(origin)) ? next() : next(forbidden());
    }
    const referer = req.header("referer");
    if (origin === undefined && referer === undefined) return next();
    if (isAllowedOrigin(config, originOf(origin ?? referer ?? ""))) return next();
    next(forbidden());
  };
}
