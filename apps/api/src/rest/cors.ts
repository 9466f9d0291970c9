// Cross-origin reads (docs/api-rules.md "CORS"): one policy for REST, tRPC and GraphQL. Only the
// service's own origin (with its loopback aliases) and CORS_ORIGINS get CORS headers — credentials
// included —, answered for the listed origin itself; any other Origin gets none, so a browser
// never hands another site (a sibling subdomain, another port) an answer read with the session
// cookie. The CSRF guard (csrf.ts) refuses writes by the same list.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";

export interface OriginConfig {
  publicUrl: string;
  corsOrigins: string[];
}

export function originOf(value: string): string | null {
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
function withLoopbackAliases(origin: string | null): string[] {
  if (!origin) return [];
  const url = new URL(origin);
  if (!LOOPBACK.includes(url.hostname)) return [origin];
  return LOOPBACK.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
}

/** Read on every request: the test server learns its port late. */
export function isAllowedOrigin(config: OriginConfig, origin: string | null): boolean {
  if (!origin) return false;
  return withLoopbackAliases(originOf(config.publicUrl)).includes(origin) || config.corsOrigins.map(originOf).includes(origin);
}

const ALLOW_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE";
const ALLOW_HEADERS = "Content-Type, X-API-Key, Last-Event-ID";

/** Sets the CORS headers for an allowed Origin; true when the request was a preflight, now answered. */
export function applyCors(config: OriginConfig, req: IncomingMessage, res: ServerResponse): boolean {
  const header = req.headers.origin;
  // Caches must keep answers for different origins apart, whichever way this one goes.
  res.appendHeader("Vary", "Origin");
  if (typeof header !== "string" || !isAllowedOrigin(config, originOf(header))) return false;
  res.setHeader("Access-Control-Allow-Origin", originOf(header)!);
  res.setHeader("Access-Control-Allow-Credentials", "true");
  if (req.method !== "OPTIONS" || !req.headers["access-control-request-method"]) return false;
  res.setHeader("Access-Control-Allow-Methods", ALLOW_METHODS);
  res.setHeader("Access-Control-Allow-Headers", ALLOW_HEADERS);
  res.setHeader("Access-Control-Max-Age", "600");
  res.statusCode = 204;
  res.end();
  return true;
}

/** Express middleware for /api, /trpc and /graphql (the REST dispatcher in front calls applyCors itself). */
export function corsPolicy(config: OriginConfig) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!applyCors(config, req, res)) next();
  };
}
