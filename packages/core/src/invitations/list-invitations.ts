import type { ServiceContext } from "../context";
import { assertOrganization } from "../organizations/load-organization";
import { type PendingInvitationRecord, toPendingInvitationRecord } from "./invitation-record";

/** Invitations that can still be accepted (not used, not expired), newest first. */
export async function listInvitations(ctx: ServiceContext, orgId: string): Promise<PendingInvitationRecord[]> {
  assertOrganization(ctx, orgId, "members.manage");
  const rows = await ctx.db.prisma.invitation.findMany({
    where: { organizationId: ctx.actor.organizationId, acceptedAt: null, expiresAt: { gt: new Date() } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(toPendingInvitationRecord);
}
