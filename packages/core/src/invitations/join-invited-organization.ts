// The step every way of accepting an invitation shares (its link with a password, or a provider
// sign-in): the invited person becomes a member with the invited role, and the organization's
// activity records who joined, in the caller's transaction.
import type { Invitation, Membership, User } from "@locale/db";
import { recordActivity, type Tx } from "../activity/record-activity";
import type { Actor } from "../auth/actor";

export async function joinInvitedOrganization(tx: Tx, user: User, invitation: Invitation, newAccount: boolean): Promise<Membership> {
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
