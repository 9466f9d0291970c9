// API shape of a session in the signed-in person's own list (never the cookie or its hash), and
// the rule that account routes are for sessions only.
import type { Session } from "@locale/db";
import type { ServiceContext } from "../context";
import { forbidden } from "../errors/app-error";
import { iso } from "../shared/dates";

export interface SessionRecord {
  _id: string;
  method: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** The session this request came with. */
  current: boolean;
}

export const toSessionRecord = (s: Session, currentSessionId: string | undefined): SessionRecord => ({
  _id: s.id,
  method: s.method,
  userAgent: s.userAgent,
  ipAddress: s.ipAddress,
  createdAt: iso(s.createdAt),
  lastSeenAt: iso(s.lastSeenAt),
  expiresAt: iso(s.expiresAt),
  current: s.id === currentSessionId,
});

/**
 * The caller's session id. Password and session management belong to a person, not to an
 * organization's API key: a token caller gets 403.
 */
export function sessionIdOf(ctx: ServiceContext): string {
  if (ctx.actor.via !== "session" || !ctx.actor.sessionId) throw forbidden();
  return ctx.actor.sessionId;
}
