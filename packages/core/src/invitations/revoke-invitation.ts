import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { assertOrganization } from "../organizations/load-organization";

/** Withdraws a pending invitation: its link stops working at once (accepting it answers 404). */
export async function revokeInvitation(ctx: ServiceContext, orgId: string, invitationId: string): Promise<{ success: true }> {
  assertOrganization(ctx, orgId, "members.manage");
  const invitation = await ctx.db.prisma.invitation.findFirst({
    where: { id: invitationId, organizationId: ctx.actor.organizationId, acceptedAt: null },
  });
  if (!invitation) throw notFound("Invitation");
  // Conditional on still being pending: an accept that won the race keeps its membership.
  const deleted = await ctx.db.prisma.invitation.deleteMany({ where: { id: invitation.id, acceptedAt: null } });
  if (deleted.count !== 1) throw notFound("Invitation");
  return { success: true };
}
