// Server-side sessions: the cookie holds a random secret, the table holds its hash (revocable),
// with a 30-day sliding expiry.
import type { Database } from "@locale/db";
import { randomSecret, sha256 } from "../shared/secrets";

export const SESSION_COOKIE = "sid";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Extend the expiry at most this often, so reads stay cheap. */
const SLIDE_EVERY_MS = 60 * 60 * 1000;

export async function createSession(db: Database, userId: string, organizationId: string): Promise<{ secret: string; expiresAt: Date }> {
  const secret = randomSecret();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.prisma.session.create({ data: { tokenHash: sha256(secret), userId, organizationId, expiresAt } });
  return { secret, expiresAt };
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.prisma.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}

export async function findLiveSession(db: Database, secret: string) {
  const session = await db.prisma.session.findUnique({ where: { tokenHash: sha256(secret) } });
  if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) return null;
  if (Date.now() - session.lastSeenAt.getTime() > SLIDE_EVERY_MS) {
    await db.prisma.session.update({
      where: { id: session.id },
      data: { lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_TTL_MS) },
    });
  }
  return session;
}
