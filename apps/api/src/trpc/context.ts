// Per-request tRPC context: the database, configuration, and the caller resolved from
// X-API-Key or the session cookie (null when neither is valid).

import type { IncomingMessage } from "node:http";
import {
  type Actor,
  actorFromApiKey,
  actorFromSession,
  type CoreConfig,
  type CoreRuntime,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
} from "@locale/core";
import type { Database } from "@locale/db";
import { parseCookie as parseCookies } from "cookie";
import type { Request, Response } from "express";
import type { AppConfig } from "../config";

export interface AppDeps {
  db: Database;
  config: AppConfig;
  core: CoreConfig;
  /** The process's caches and clients, made once by createApp (and shared with an embedded worker). */
  runtime: CoreRuntime;
}

export interface RequestContext extends AppDeps {
  req: Request;
  res: Response;
  actor: Actor | null;
}

/**
 * The session cookie's value as the server reads it (the CSRF guard asks the same question):
 * `__Host-sid` first, else `sid` — both names, whatever COOKIE_SECURE says now, so sessions made
 * under the other setting last until they end (routers/auth/session-cookie.ts).
 */
export function sessionSecretOf(req: IncomingMessage): string | undefined {
  const cookies = parseCookies(req.headers.cookie ?? "");
  return cookies[SECURE_SESSION_COOKIE] ?? cookies[SESSION_COOKIE];
}

/** Resolves the caller once per request and caches it on the request object. */
export async function resolveActor(deps: AppDeps, req: IncomingMessage): Promise<Actor | null> {
  const cached = (req as IncomingMessage & { actor?: Actor | null }).actor;
  if (cached !== undefined) return cached;
  const apiKey = req.headers["x-api-key"];
  let actor: Actor | null = null;
  if (typeof apiKey === "string" && apiKey) {
    actor = await actorFromApiKey(deps.db, apiKey);
  } else {
    const secret = sessionSecretOf(req);
    if (secret) actor = await actorFromSession(deps.db, secret);
  }
  (req as IncomingMessage & { actor?: Actor | null }).actor = actor;
  return actor;
}

export function contextFactory(deps: AppDeps) {
  return async ({ req, res }: { req: Request; res: Response }): Promise<RequestContext> => ({
    db: deps.db,
    config: deps.config,
    core: deps.core,
    runtime: deps.runtime,
    req,
    res,
    actor: await resolveActor(deps, req),
  });
}
