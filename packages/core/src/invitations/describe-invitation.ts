// What the holder of an invitation link may see before accepting it: the organization, who invited
// them, the role and the invited address. Only the token's holder can ask (the token is the key),
// and the answer says nothing else about the organization.
import type { Role } from "@locale/db";
import type { SystemContext } from "../context";
import { badRequest, notFound } from "../errors/app-error";
import { iso } from "../shared/dates";
import { sha256 } from "../shared/secrets";

export interface InvitationDescription {
  organizationName: string;
  /** Null when the inviter has since left the organization or deleted the account. */
  inviterName: string | null;
  role: Role;
  email: string;
  expiresAt: string;
  /** Whether the address already has an account (it then joins with that account's password). */
  existingAccount: boolean;
}

export async function describeInvitation(ctx: Pick<SystemContext, "db">, token: string): Promise<InvitationDescription> {
  const invitation = await ctx.db.prisma.invitation.findUnique({
    where: { tokenHash: sha256(token) },
    include: { organization: { select: { name: true } } },
  });
  if (!invitation) throw notFound("Invitation");
  if (invitation.acceptedAt)
    throw badRequest("Invitation has already been used", [{ path: "token", message: "invitation has already been used" }]);
  if (invitation.expiresAt.getTime() <= Date.now())
    throw badRequest("Invitation has expired", [{ path: "token", message: "invitation has expired" }]);
  const [inviter, account] = await Promise.all([
    invitation.invitedById
      ? ctx.db.prisma.user.findUnique({ where: { id: invitation.invitedById }, select: { name: true } })
      : Promise.resolve(null),
    ctx.db.prisma.user.findUnique({ where: { email: invitation.email }, select: { id: true } }),
  ]);
  return {
    organizationName: invitation.organization.name,
    inviterName: inviter?.name ?? null,
    role: invitation.role,
    email: invitation.email,
    expiresAt: iso(invitation.expiresAt),
    existingAccount: account !== null,
  };
}
