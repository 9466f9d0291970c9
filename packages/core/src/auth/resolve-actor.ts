// Turns request credentials (X-API-Key or the session cookie) into an Actor, or null.
// Revoked, expired or unknown credentials, and credentials of a removed member, give null (→ 401).
import type { Database } from "@locale/db";
import { sha256 } from "../shared/secrets";
import type { Actor } from "./actor";
import { isScope, type Scope } from "./scopes";
import { findLiveSession } from "./sessions";

/** lastUsedAt is written at most once a minute per token. */
const LAST_USED_EVERY_MS = 60 * 1000;

interface TokenActorRow {
  id: string;
  organizationId: string;
  projectId: string | null;
  createdById: string;
  scopes: unknown;
  expiresAt: Date | string | null;
  lastUsedAt: Date | string | null;
  userName: string;
  role: Actor["role"];
}

const asTime = (d: Date | string | null): number | null => (d === null ? null : new Date(d).getTime());

/** $1: the key's SHA-256 (hex). */
export const API_KEY_ACTOR_SQL = `SELECT t."id", t."organizationId", t."projectId", t."createdById", t."scopes", t."expiresAt", t."lastUsedAt",
         u."name" AS "userName", m."role"::text AS "role"
    FROM "ApiToken" t
    JOIN "Membership" m ON m."organizationId" = t."organizationId" AND m."userId" = t."createdById"
    JOIN "User" u ON u."id" = t."createdById"
   WHERE t."tokenHash" = $1 AND t."revokedAt" IS NULL`;

/**
 * One query resolves the token, its creator's current membership and name: every API request
 * pays for this, so it skips the ORM. A revoked or expired token, or one whose creator is no
 * longer a member, matches nothing.
 */
export async function actorFromApiKey(db: Database, apiKey: string): Promise<Actor | null> {
  if (!apiKey.startsWith("svc_")) return null;
  const [row] = await db.query<TokenActorRow>(API_KEY_ACTOR_SQL, [sha256(apiKey)]);
  if (!row) return null;
  const expiresAt = asTime(row.expiresAt);
  if (expiresAt !== null && expiresAt <= Date.now()) return null;
  const lastUsedAt = asTime(row.lastUsedAt);
  if (lastUsedAt === null || Date.now() - lastUsedAt > LAST_USED_EVERY_MS) {
    // Conditional, so a burst of concurrent requests (or replicas) that all read a stale value
    // writes the row once, not once each.
    await db.query(
      `UPDATE "ApiToken" SET "lastUsedAt" = now()
        WHERE "id" = $1 AND ("lastUsedAt" IS NULL OR "lastUsedAt" < now() - make_interval(secs => $2))`,
      [row.id, LAST_USED_EVERY_MS / 1000],
    );
  }
  const rawScopes = typeof row.scopes === "string" ? (JSON.parse(row.scopes) as unknown) : row.scopes;
  const scopes = Array.isArray(rawScopes) ? (rawScopes as string[]).filter(isScope) : null;
  return {
    userId: row.createdById,
    userName: row.userName,
    organizationId: row.organizationId,
    role: row.role,
    via: "token",
    scopes: scopes as Scope[] | null,
    tokenId: row.id,
    ...(expiresAt !== null ? { tokenExpiresAt: new Date(expiresAt) } : {}),
    ...(row.projectId ? { projectId: row.projectId } : {}),
  };
}

export async function actorFromSession(db: Database, secret: string): Promise<Actor | null> {
  const session = await findLiveSession(db, secret);
  if (!session) return null;
  // Raw, like the API key's: every request of the web application runs it.
  const [membership] = await db.query<{ role: Actor["role"]; userName: string }>(
    `SELECT m."role"::text AS "role", u."name" AS "userName"
       FROM "Membership" m JOIN "User" u ON u."id" = m."userId"
      WHERE m."organizationId" = $1 AND m."userId" = $2`,
    [session.organizationId, session.userId],
  );
  if (!membership) return null;
  return {
    userId: session.userId,
    userName: membership.userName,
    organizationId: session.organizationId,
    role: membership.role,
    via: "session",
    scopes: null,
    sessionId: session.id,
  };
}
