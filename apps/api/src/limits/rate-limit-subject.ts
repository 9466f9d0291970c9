// Whose bucket a request spends from: its API key, its signed-in user, or (no valid credentials)
// its client address as express reads it (TRUST_PROXY decides whether X-Forwarded-For counts).
// Invalid credentials count against the address, so made-up keys cannot each get a fresh bucket.
import type { IncomingMessage } from "node:http";
import type { Express } from "express";
import { type AppDeps, resolveActor } from "../trpc/context";

export interface RateLimitSubject {
  key: string;
  authenticated: boolean;
}

/** express's own `req.ip` getter, used on node's request before express has seen it. */
function clientAddressReader(app: Express): (req: IncomingMessage) => string {
  let getter: (() => unknown) | undefined;
  for (let proto: object | null = app.request; proto && !getter; proto = Object.getPrototypeOf(proto))
    getter = Object.getOwnPropertyDescriptor(proto, "ip")?.get;
  if (!getter) throw new Error("express has no req.ip getter");
  return (req) =>
    (getter.call({ app, headers: req.headers, socket: req.socket, connection: req.socket }) as string | undefined) ?? "unknown";
}

export function subjectReader(app: Express, deps: AppDeps): (req: IncomingMessage) => Promise<RateLimitSubject> {
  const addressOf = clientAddressReader(app);
  return async (req) => {
    const actor = await resolveActor(deps, req);
    if (actor?.tokenId) return { key: `key:${actor.tokenId}`, authenticated: true };
    if (actor) return { key: `user:${actor.userId}`, authenticated: true };
    return { key: `address:${addressOf(req)}`, authenticated: false };
  };
}
