// The step every way of accepting an invitation shares (its link with a password, or a provider
// sign-in): the invited person becomes a member with the invited role, and the organization's
// activity records who joined, in the caller's transaction. The members quota holds here too: an
// open invitation already took its seat, so joining is refused only when the members alone fill
// the quota (it was lowered after the invitations were sent); the first to accept get the seats.
import type { Invitation, Membership, User } from "@locale/db";
import { recordActivity, type Tx } from "../activity/record-activity";
import type { Actor } from "../auth/actor";
import type { QuotaConfig } from "../limits/quota-config";
import { holdQuota, quotaExceeded } from "../limits/quota-usage";

export async function joinInvitedOrganization(
  tx: Tx,
  quotas: QuotaConfig | undefined,
  user: User,
  invitation: Invitation,
  newAccount: boolean,
): Promise<Membership> {
  const quota = await holdQuota(tx, quotas, invitation.organizationId, "members");
  if (quota && (await tx.membership.count({ where: { organizationId: invitation.organizationId } })) + 1 > quota.limit) {
    throw quotaExceeded("members", quota.limit);
  }
  const membership = await tx.membership.create({
    data: { organizationId: invitation.organizationId, userId: user.id, role: invitation.role },
  });
  const actor: Actor = {
    userId: user.id,
    userName: user.name,
    organizationId: invitation.organizationId,
    role: invitation.role,
    via: "session",
    scopes: null,
  };
  await recordActivity(tx, actor, {
    action: "member.joined",
    targetId: user.id,
    targetType: "member",
    metadata: { userId: user.id, email: user.email, name: user.name, role: invitation.role, invitationId: invitation.id, newAccount },
  });
  return membership;
}
