// Turns request credentials (X-API-Key or the session cookie) into an Actor, or null.
// Revoked, expired or unknown credentials, and credentials of a removed member, give null (→ 401).
import type { Database } from "@locale/db";
import type { Actor } from "./actor";
import { isScope, type Scope } from "./scopes";
import { findLiveSession } from "./sessions";
import { sha256 } from "../shared/secrets";

/** lastUsedAt is written at most once a minute per token. */
const LAST_USED_EVERY_MS = 60 * 1000;

export async function actorFromApiKey(db: Database, apiKey: string): Promise<Actor | null> {
  if (!apiKey.startsWith("svc_")) return null;
  const token = await db.prisma.apiToken.findUnique({
    where: { tokenHash: sha256(apiKey) },
    include: { createdBy: { select: { name: true } } },
  });
  if (!token || token.revokedAt) return null;
  if (token.expiresAt && token.expiresAt.getTime() <= Date.now()) return null;
  const membership = await db.prisma.membership.findUnique({
    where: { organizationId_userId: { organizationId: token.organizationId, userId: token.createdById } },
  });
  if (!membership) return null;
  if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await db.prisma.apiToken.update({ where: { id: token.id }, data: { lastUsedAt: new Date() } });
  }
  const scopes = Array.isArray(token.scopes) ? (token.scopes as string[]).filter(isScope) : null;
  return {
    userId: token.createdById,
    userName: token.createdBy.name,
    organizationId: token.organizationId,
    role: membership.role,
    via: "token",
    scopes: scopes as Scope[] | null,
    tokenId: token.id,
    ...(token.projectId ? { projectId: token.projectId } : {}),
  };
}

export async function actorFromSession(db: Database, secret: string): Promise<Actor | null> {
  const session = await findLiveSession(db, secret);
  if (!session) return null;
  const membership = await db.prisma.membership.findUnique({
    where: { organizationId_userId: { organizationId: session.organizationId, userId: session.userId } },
    include: { user: { select: { name: true } } },
  });
  if (!membership) return null;
  return {
    userId: session.userId,
    userName: membership.user.name,
    organizationId: session.organizationId,
    role: membership.role,
    via: "session",
    scopes: null,
    sessionId: session.id,
  };
}
