// CSRF (DECISIONS.md): a cookie-authenticated unsafe request whose Origin (or, failing that,
// Referer) names a foreign origin, or "null", is refused with 403. API-key requests and requests
// with neither header (non-browser clients) pass. "Cookie-authenticated" is decided by the same
// cookie parser that resolves the session, and "foreign" against the configured public origin and
// CORS_ORIGINS — never the Host header, which the request itself chooses.

import { forbidden } from "@locale/core";
import type { NextFunction, Request, Response } from "express";
import { sessionSecretOf } from "../trpc/context";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

const LOOPBACK = ["127.0.0.1", "localhost", "[::1]"];

/**
 * A loopback public origin also stands for its other loopback names on the same port
 * (http://localhost:3000 for the default http://127.0.0.1:3000): whatever answers there is this
 * service, and browsers on the server's own machine use either name.
 */
function withLoopbackAliases(origin: string | null): (string | null)[] {
  if (!origin) return [];
  const url = new URL(origin);
  if (!LOOPBACK.includes(url.hostname)) return [origin];
  return LOOPBACK.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
}

/** Reads `publicUrl` and `corsOrigins` on every request: the test server learns its port late. */
export function csrfGuard(config: { publicUrl: string; corsOrigins: string[] }) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (SAFE.has(req.method) || req.header("x-api-key")) return next();
    if (sessionSecretOf(req) === undefined) return next();
    const origin = req.header("origin");
    const referer = req.header("referer");
    if (origin === undefined && referer === undefined) return next();
    const claimed = originOf(origin ?? referer ?? "");
    const allowed = [...withLoopbackAliases(originOf(config.publicUrl)), ...config.corsOrigins.map(originOf)];
    if (claimed && allowed.includes(claimed)) return next();
    // Answered by the mount's error handler, in its surface's shape (REST, tRPC, GraphQL).
    next(forbidden());
  };
}
