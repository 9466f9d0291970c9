import type { ServiceContext } from "../context";
import { type SessionRecord, sessionIdOf, toSessionRecord } from "./session-record";

/** The signed-in person's active sessions (not revoked, not expired) in every organization, newest first. */
export async function listSessions(ctx: ServiceContext): Promise<{ items: SessionRecord[] }> {
  const current = sessionIdOf(ctx);
  const rows = await ctx.db.prisma.session.findMany({
    where: { userId: ctx.actor.userId, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return { items: rows.map((row) => toSessionRecord(row, current)) };
}
