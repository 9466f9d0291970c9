import { recordActivity } from "../activity/record-activity";
import { assertCan } from "../auth/permissions";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";

/** Revokes at once. Members revoke their own tokens; owner/admin revoke any. */
export async function revokeToken(ctx: ServiceContext, tokenId: string, scope: { projectId?: string }): Promise<{ success: true }> {
  const token = await ctx.db.prisma.apiToken.findFirst({
    where: { id: tokenId, organizationId: ctx.actor.organizationId, projectId: scope.projectId ?? null, revokedAt: null },
  });
  if (!token) throw notFound("Token");
  if (token.createdById !== ctx.actor.userId) assertCan(ctx.actor, "tokens.revokeAny");
  await ctx.db.prisma.$transaction(async (tx) => {
    await tx.apiToken.update({ where: { id: token.id }, data: { revokedAt: new Date() } });
    await recordActivity(tx, ctx.actor, {
      action: "api_token.revoked",
      projectId: token.projectId,
      targetId: token.id,
      targetType: "api_token",
      metadata: { tokenId: token.id, name: token.name, projectId: token.projectId },
    });
  });
  return { success: true };
}
