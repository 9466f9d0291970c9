// Accepting an invitation: a new e-mail address gets a user account (name + password); an address
// that already has an account joins with that account, proving it with its current password.
// Either way the invitation is consumed in the same transaction that creates the membership.

import { hashPassword, verifyPassword } from "../auth/passwords";
import { toOrganization, toUser } from "../auth/records";
import { createSession } from "../auth/sessions";
import type { SignedIn } from "../auth/sign-up";
import type { SystemContext } from "../context";
import { AppError, badRequest, conflict, notFound } from "../errors/app-error";
import { isUniqueViolation } from "../errors/prisma-errors";
import { sha256 } from "../shared/secrets";
import { joinInvitedOrganization } from "./join-invited-organization";

export interface AcceptInvitationInput {
  token: string;
  /** Required when the invited address has no account yet. */
  name?: string;
  password: string;
}

export async function acceptInvitation(ctx: SystemContext, input: AcceptInvitationInput): Promise<SignedIn> {
  const invitation = await ctx.db.prisma.invitation.findUnique({
    where: { tokenHash: sha256(input.token) },
    include: { organization: true },
  });
  if (!invitation) throw notFound("Invitation");
  if (invitation.acceptedAt)
    throw badRequest("Invitation has already been used", [{ path: "token", message: "invitation has already been used" }]);
  if (invitation.expiresAt.getTime() <= Date.now())
    throw badRequest("Invitation has expired", [{ path: "token", message: "invitation has expired" }]);

  const existingUser = await ctx.db.prisma.user.findUnique({ where: { email: invitation.email } });
  let passwordHash: string | null = null;
  if (existingUser) {
    if (!(await verifyPassword(input.password, existingUser.passwordHash))) {
      throw new AppError("UNAUTHORIZED", "Invalid password for the existing account of this e-mail");
    }
  } else {
    if (!input.name?.trim())
      throw badRequest("name: required to create the account", [{ path: "name", message: "required to create the account" }]);
    passwordHash = await hashPassword(input.password);
  }

  try {
    const { user, membership } = await ctx.db.prisma.$transaction(async (tx) => {
      // Consuming the invitation is the guard: of two concurrent accepts, only one updates a row.
      const consumed = await tx.invitation.updateMany({ where: { id: invitation.id, acceptedAt: null }, data: { acceptedAt: new Date() } });
      if (consumed.count !== 1)
        throw badRequest("Invitation has already been used", [{ path: "token", message: "invitation has already been used" }]);
      const user =
        existingUser ??
        (await tx.user.create({ data: { email: invitation.email, name: input.name!.trim(), passwordHash: passwordHash! } }));
      const already = await tx.membership.findUnique({
        where: { organizationId_userId: { organizationId: invitation.organizationId, userId: user.id } },
      });
      if (already) throw conflict("Already a member of this organization");
      const membership = await joinInvitedOrganization(tx, ctx.config.quotas, user, invitation, !existingUser);
      return { user, membership };
    });
    const session = await createSession(ctx.db, user.id, invitation.organizationId, { method: "invitation", client: ctx.client });
    return {
      user: toUser(user),
      organization: toOrganization(invitation.organization),
      role: membership.role,
      sessionSecret: session.secret,
      sessionExpiresAt: session.expiresAt,
    };
  } catch (error) {
    // Someone signed up with this address between the check above and the insert.
    if (isUniqueViolation(error)) throw conflict("A user with this e-mail already exists; accept with its password");
    throw error;
  }
}
