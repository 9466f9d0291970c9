import type { ServiceContext } from "../context";
import { type TokenRecord, toTokenRecord } from "./token-record";

/** Active tokens only (not revoked, not expired): organization tokens, or one project's tokens. */
export async function listTokens(ctx: ServiceContext, scope: { projectId?: string }): Promise<TokenRecord[]> {
  const tokens = await ctx.db.prisma.apiToken.findMany({
    where: {
      organizationId: ctx.actor.organizationId,
      projectId: scope.projectId ?? null,
      revokedAt: null,
      OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }],
    },
    orderBy: { createdAt: "desc" },
  });
  return tokens.map(toTokenRecord);
}
