// Server-side sessions: the cookie holds a random secret, the table holds its hash (revocable),
// with a 30-day sliding expiry. Every request reads its session from the database (no cache), so
// a revocation takes effect at once on every api replica.
import type { Database, Session } from "@locale/db";
import { randomSecret, sha256 } from "../shared/secrets";

export const SESSION_COOKIE = "sid";
/** The name over https (`Secure`): the `__Host-` prefix makes browsers refuse it from plain http,
 * from a sibling subdomain (no Domain) or for a narrower path (docs/accounts.md "Session cookie"). */
export const SECURE_SESSION_COOKIE = "__Host-sid";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Extend the expiry at most this often, so reads stay cheap. */
const SLIDE_EVERY_MS = 60 * 60 * 1000;
const USER_AGENT_MAX = 512;
const ADDRESS_MAX = 64;

/** Who is at the other end of the request (the app fills it from the HTTP request). */
export interface ClientInfo {
  userAgent: string | null;
  /** The client address as the app sees it (express `req.ip`, following TRUST_PROXY). */
  ipAddress: string | null;
}

/** How a session was opened, kept so a person can tell their sessions apart. */
export interface SessionOrigin {
  /** "password", "signup", "invitation", "oidc:<provider id>". */
  method: string;
  client?: ClientInfo | null;
}

/** Header text is client input: no control characters, bounded length. */
const clean = (value: string | null | undefined, max: number): string | null => {
  const text = value?.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return text ? text.slice(0, max) : null;
};

export async function createSession(
  db: Database,
  userId: string,
  organizationId: string,
  origin: SessionOrigin = { method: "password" },
): Promise<{ secret: string; expiresAt: Date; sessionId: string }> {
  const secret = randomSecret();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const session = await db.prisma.session.create({
    data: {
      tokenHash: sha256(secret),
      userId,
      organizationId,
      expiresAt,
      method: origin.method,
      userAgent: clean(origin.client?.userAgent, USER_AGENT_MAX),
      ipAddress: clean(origin.client?.ipAddress, ADDRESS_MAX),
    },
  });
  return { secret, expiresAt, sessionId: session.id };
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.prisma.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/**
 * The live session of a cookie secret, or null (unknown, revoked or expired). Raw SQL: every
 * request of the web application runs it; the row maps to the Prisma `Session` type as is.
 * Nothing is cached, so a revocation takes effect on the next request on every replica.
 */
export async function findLiveSession(db: Database, secret: string): Promise<Session | null> {
  const now = new Date();
  const [session] = await db.query<Session>(
    `SELECT "id", "tokenHash", "userId", "organizationId", "expiresAt", "revokedAt", "createdAt", "lastSeenAt",
            "method", "userAgent", "ipAddress"
       FROM "Session" WHERE "tokenHash" = $1 AND "revokedAt" IS NULL AND "expiresAt" > $2`,
    [sha256(secret), now],
  );
  if (!session) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > SLIDE_EVERY_MS) {
    // Conditional, so concurrent requests (or replicas) that all read a stale value write once.
    await db.query(
      `UPDATE "Session" SET "lastSeenAt" = $2, "expiresAt" = $3
        WHERE "id" = $1 AND "revokedAt" IS NULL AND "lastSeenAt" < $4`,
      [session.id, now, new Date(now.getTime() + SESSION_TTL_MS), new Date(now.getTime() - SLIDE_EVERY_MS)],
    );
  }
  return session;
}
