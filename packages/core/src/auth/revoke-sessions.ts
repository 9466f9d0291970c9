// Ending the signed-in person's own sessions: one of them (by id), or all of them. Sessions are
// read from the database on every request, so a revoked one stops working at once everywhere.
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { sessionIdOf } from "./session-record";

/** Revokes one active session of the caller; another person's (or an ended) session is a 404. */
export async function revokeOwnSession(ctx: ServiceContext, sessionId: string): Promise<{ current: boolean }> {
  const current = sessionIdOf(ctx);
  const { count } = await ctx.db.prisma.session.updateMany({
    where: { id: sessionId, userId: ctx.actor.userId, revokedAt: null, expiresAt: { gt: new Date() } },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw notFound("Session");
  return { current: sessionId === current };
}

/** "Sign out everywhere": revokes every active session of the caller, this one included. */
export async function logOutEverywhere(ctx: ServiceContext): Promise<{ revoked: number }> {
  sessionIdOf(ctx);
  const { count } = await ctx.db.prisma.session.updateMany({
    where: { userId: ctx.actor.userId, revokedAt: null, expiresAt: { gt: new Date() } },
    data: { revokedAt: new Date() },
  });
  return { revoked: count };
}
