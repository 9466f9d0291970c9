// Invitations: a single-use secret (only its SHA-256 is stored) carried by a link that is both
// returned to the inviter (to share by hand) and e-mailed through the outbox.
import type { Role } from "@locale/db";
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest, conflict, forbidden, notFound } from "../errors/app-error";
import { reserveQuota } from "../limits/quota-usage";
import { deliverMail, type MailStatus, queueMail } from "../mail/send-mail";
import { assertOrganization } from "../organizations/load-organization";
import { randomSecret, sha256 } from "../shared/secrets";
import { invitationMail } from "./invitation-mail";
import { INVITATION_TTL_MS, type InvitationRecord, inviteUrlOf, toInvitationRecord } from "./invitation-record";

export interface InviteMemberInput {
  email: string;
  role: Role;
}

export interface InvitationCreated extends InvitationRecord {
  inviteUrl: string;
  /** What happened to the e-mail: `sent` over SMTP, `logged` (no SMTP configured), `failed`. */
  emailStatus: MailStatus;
}

export async function inviteMember(ctx: ServiceContext, orgId: string, input: InviteMemberInput): Promise<InvitationCreated> {
  assertOrganization(ctx, orgId, "members.manage");
  if (input.role === "owner") {
    // Admins may not hand out ownership at all; the owner transfers it instead of sharing it.
    if (ctx.actor.role !== "owner") throw forbidden();
    throw badRequest("role: an organization has one owner; invite as admin and transfer ownership", [
      { path: "role", message: "an organization has one owner; invite as admin and transfer ownership" },
    ]);
  }
  const email = input.email.trim().toLowerCase();
  const organizationId = ctx.actor.organizationId;
  const secret = randomSecret(32);
  const inviteUrl = inviteUrlOf(ctx.config.publicUrl, secret);
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);

  const { invitation, mail } = await ctx.db.prisma.$transaction(async (tx) => {
    const org = await tx.organization.findUnique({ where: { id: organizationId } });
    if (!org) throw notFound("Organization");
    const existing = await tx.membership.findFirst({ where: { organizationId, user: { email } } });
    if (existing) throw conflict("A member with this e-mail already belongs to the organization");
    // A new invitation replaces pending ones for the same address: only the newest link works.
    await tx.invitation.deleteMany({ where: { organizationId, email, acceptedAt: null } });
    // A seat is a member or an open invitation (docs/api-rules.md, "Quotas").
    await reserveQuota(tx, ctx.config.quotas, organizationId, "members", 1);
    const invitation = await tx.invitation.create({
      data: { organizationId, email, role: input.role, tokenHash: sha256(secret), invitedById: ctx.actor.userId, expiresAt },
    });
    await recordActivity(tx, ctx.actor, {
      action: "member.invited",
      targetId: invitation.id,
      targetType: "invitation",
      metadata: { invitationId: invitation.id, email, role: input.role, expiresAt: expiresAt.toISOString() },
    });
    const mail = await queueMail(
      tx,
      organizationId,
      invitationMail({ to: email, inviterName: ctx.actor.userName, organizationName: org.name, role: input.role, inviteUrl, expiresAt }),
    );
    return { invitation, mail };
  });

  const emailStatus = await deliverMail(ctx.db, ctx.config, mail, { redactAfterSend: [inviteUrl, encodeURIComponent(secret)] });
  return { ...toInvitationRecord(invitation), inviteUrl, emailStatus };
}
