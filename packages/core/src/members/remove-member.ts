// Removing a member cuts them off at once: the membership goes, and their sessions and API tokens
// in this organization are revoked in the same transaction (a later re-invitation does not bring
// old credentials back to life). Their notifications of this organization go too: a member who
// leaves cannot read them, and a re-invited one starts with an empty inbox.

import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest, forbidden } from "../errors/app-error";
import { assertOrganization } from "../organizations/load-organization";
import { loadMember } from "./load-member";

export async function removeMember(ctx: ServiceContext, orgId: string, userId: string): Promise<{ success: true }> {
  assertOrganization(ctx, orgId, "members.manage");
  const organizationId = ctx.actor.organizationId;
  await ctx.db.prisma.$transaction(async (tx) => {
    const target = await loadMember(tx, organizationId, userId);
    if (target.role === "owner") {
      if (ctx.actor.role !== "owner") throw forbidden();
      throw badRequest("The organization owner cannot be removed; transfer ownership first", [
        { path: "userId", message: "the organization owner cannot be removed; transfer ownership first" },
      ]);
    }
    const now = new Date();
    await tx.membership.delete({ where: { id: target.id } });
    const sessions = await tx.session.updateMany({ where: { organizationId, userId, revokedAt: null }, data: { revokedAt: now } });
    const tokens = await tx.apiToken.updateMany({
      where: { organizationId, createdById: userId, revokedAt: null },
      data: { revokedAt: now },
    });
    await tx.notification.deleteMany({ where: { organizationId, userId } });
    await recordActivity(tx, ctx.actor, {
      action: "member.removed",
      targetId: userId,
      targetType: "member",
      metadata: {
        userId,
        email: target.user.email,
        name: target.user.name,
        role: target.role,
        revokedSessions: sessions.count,
        revokedTokens: tokens.count,
      },
    });
  });
  return { success: true };
}
