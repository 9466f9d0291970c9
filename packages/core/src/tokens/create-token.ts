// API tokens: `svc_` + 32 random bytes, stored as a SHA-256 hash, shown once.
import type { Prisma } from "@locale/db";
import { recordActivity } from "../activity/record-activity";
import { isScope, type Scope } from "../auth/scopes";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { randomSecret, sha256 } from "../shared/secrets";
import { assertTokenWithinCreator } from "./token-bounds";
import { type TokenRecord, toTokenRecord } from "./token-record";

export interface CreateTokenInput {
  name: string;
  scopes?: string[] | null;
  expiresAt?: string | null;
  /** For project tokens. */
  projectId?: string;
}

export async function createToken(ctx: ServiceContext, input: CreateTokenInput): Promise<TokenRecord & { token: string }> {
  const unknown = (input.scopes ?? []).filter((s) => !isScope(s));
  if (unknown.length) {
    throw badRequest(`scopes: unknown scope ${unknown.map((s) => `"${s}"`).join(", ")}`, [
      { path: "scopes", message: `unknown scope ${unknown.join(", ")}` },
    ]);
  }
  let expiresAt: Date | null = null;
  if (input.expiresAt) {
    expiresAt = new Date(input.expiresAt);
    if (Number.isNaN(expiresAt.getTime()))
      throw badRequest("expiresAt: must be an ISO 8601 date-time", [{ path: "expiresAt", message: "must be an ISO 8601 date-time" }]);
  }
  const scopes = input.scopes ? ([...new Set(input.scopes)] as Scope[]) : null;
  assertTokenWithinCreator(ctx.actor, scopes, expiresAt);
  const secret = `svc_${randomSecret(32)}`;
  const token = await ctx.db.prisma.$transaction(async (tx) => {
    const created = await tx.apiToken.create({
      data: {
        name: input.name,
        tokenHash: sha256(secret),
        lastChars: secret.slice(-4),
        organizationId: ctx.actor.organizationId,
        projectId: input.projectId ?? null,
        createdById: ctx.actor.userId,
        scopes: scopes ?? (null as unknown as Prisma.InputJsonValue),
        expiresAt,
      },
    });
    await recordActivity(tx, ctx.actor, {
      action: "api_token.created",
      projectId: input.projectId ?? null,
      targetId: created.id,
      targetType: "api_token",
      metadata: { tokenId: created.id, name: created.name, scopes: input.scopes ?? null, projectId: input.projectId ?? null },
    });
    return created;
  });
  return { ...toTokenRecord(token), token: secret };
}
