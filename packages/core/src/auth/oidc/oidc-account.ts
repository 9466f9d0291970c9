// The account rules of a provider sign-in (docs/sign-in-with-oidc.md), for a verified e-mail:
// - a provider account already linked (provider + subject) signs in its user, whose e-mail follows
//   the provider's when it was this provider's address (unless another account holds the new one);
// - otherwise an existing user with that e-mail is refused (`oidc_account_exists`): the owner links
//   the provider while signed in (linkProviderAccount) — unless the provider is configured with
//   OIDC_<ID>_LINK_BY_EMAIL=true, which links it here;
// - otherwise a new user (no password) is created: it joins the organizations of its pending
//   invitations, or — only when sign-up is open — becomes owner of a new organization;
// - a flow started with an invitation token accepts that invitation, for a new or existing user.
// Everything (user, identity, memberships, invitations, activity, session) is one transaction,
// so a refusal part-way leaves nothing behind.
import type { Invitation, Organization, Role, User } from "@locale/db";
import type { Tx } from "../../activity/record-activity";
import type { SystemContext } from "../../context";
import { AppError } from "../../errors/app-error";
import { isUniqueViolation } from "../../errors/prisma-errors";
import { joinInvitedOrganization } from "../../invitations/join-invited-organization";
import type { QuotaConfig } from "../../limits/quota-config";
import { QUOTA_CODES } from "../../limits/quota-usage";
import { uniqueSlug } from "../../organizations/slug";
import { randomSecret, sha256 } from "../../shared/secrets";
import { toOrganization, toUser } from "../records";
import { SESSION_TTL_MS } from "../sessions";
import type { SignedIn } from "../sign-up";
import type { OidcProviderConfig } from "./oidc-providers";
import { type OidcLogEvent, OidcLoginRefused } from "./oidc-refusal";

/** Users created through a provider have no password: "" never verifies (see passwords.ts). */
export const NO_PASSWORD = "";
const MAX_NAME = 200;

export interface ProviderSignIn {
  subject: string;
  /** Verified, lower-cased. */
  email: string;
  name: string | null;
  /** SHA-256 of the invitation token the flow was started with. */
  invitationTokenHash: string | null;
  userAgent?: string;
  ipAddress?: string;
}

/** Something the callback logs on a sign-in that went through (e.g. an e-mail change it could not follow). */
export interface OidcNotice {
  event: OidcLogEvent;
  reason: string;
}

interface Joined {
  organization: Organization;
  role: Role;
}

async function acceptInvitationInTx(
  tx: Tx,
  quotas: QuotaConfig | undefined,
  user: User,
  invitation: Invitation & { organization: Organization },
  isNewUser: boolean,
) {
  // Consuming the invitation is the guard: of two concurrent accepts, only one updates the row.
  const consumed = await tx.invitation.updateMany({
    where: { id: invitation.id, acceptedAt: null, expiresAt: { gt: new Date() } },
    data: { acceptedAt: new Date() },
  });
  if (consumed.count !== 1) return null;
  const existing = await tx.membership.findUnique({
    where: { organizationId_userId: { organizationId: invitation.organizationId, userId: user.id } },
  });
  if (existing) return { organization: invitation.organization, role: existing.role };
  const membership = await joinInvitedOrganization(tx, quotas, user, invitation, isNewUser).catch((error: unknown) => {
    if (error instanceof AppError && error.issues?.[0]?.code === QUOTA_CODES.members) {
      throw new OidcLoginRefused("oidc_organization_full", `the members quota of organization ${invitation.organizationId} is reached`);
    }
    throw error;
  });
  return { organization: invitation.organization, role: membership.role };
}

async function signInOnce(
  ctx: SystemContext,
  provider: OidcProviderConfig,
  input: ProviderSignIn,
): Promise<SignedIn & { notices: OidcNotice[] }> {
  const now = new Date();
  return ctx.db.prisma.$transaction(async (tx) => {
    const identity = await tx.userIdentity.findUnique({
      where: { provider_subject: { provider: provider.id, subject: input.subject } },
      include: { user: true },
    });
    let user = identity?.user ?? null;
    const notices: OidcNotice[] = [];
    if (!identity) {
      const holder = await tx.user.findUnique({ where: { email: input.email } });
      // A verified e-mail at a provider is not proof of owning the account (anyone who controls the
      // provider, or an address there, would sign in as the owner): link only where the operator said so.
      if (holder && !provider.linkByEmail) {
        throw new OidcLoginRefused(
          "oidc_account_exists",
          `an account with this e-mail exists and is not linked to ${provider.id}; its owner can link it after signing in`,
          "account blocked",
        );
      }
      user = holder;
    } else if (user && identity.email !== input.email && user.email === identity.email) {
      user = await followProviderEmail(tx, user, input.email, provider, notices);
    }
    const isNewUser = !user;

    const pending = { acceptedAt: null, expiresAt: { gt: now } };
    const invitations = input.invitationTokenHash
      ? await tx.invitation.findMany({ where: { tokenHash: input.invitationTokenHash, ...pending }, include: { organization: true } })
      : isNewUser
        ? await tx.invitation.findMany({
            where: { email: input.email, ...pending },
            include: { organization: true },
            orderBy: { createdAt: "desc" },
          })
        : [];
    if (isNewUser && invitations.length === 0 && !ctx.config.allowSignup) {
      throw new OidcLoginRefused("oidc_signup_closed", "no account, no pending invitation, and sign-up is closed");
    }

    const name = (input.name ?? input.email.slice(0, input.email.indexOf("@"))).slice(0, MAX_NAME);
    user ??= await tx.user.create({ data: { email: input.email, name, passwordHash: NO_PASSWORD } });
    if (identity) {
      await tx.userIdentity.update({ where: { id: identity.id }, data: { email: input.email, lastLoginAt: now } });
    } else {
      await tx.userIdentity.create({
        data: { userId: user.id, provider: provider.id, subject: input.subject, email: input.email, lastLoginAt: now },
      });
    }

    // The session opens in the organization of the (newest) accepted invitation, else the first joined.
    let joined: Joined | null = null;
    for (const invitation of invitations) {
      const accepted = await acceptInvitationInTx(tx, ctx.config.quotas, user, invitation, isNewUser);
      joined ??= accepted;
    }
    if (!joined) {
      const membership = await tx.membership.findFirst({
        where: { userId: user.id },
        orderBy: { joinedAt: "asc" },
        include: { organization: true },
      });
      if (membership) joined = { organization: membership.organization, role: membership.role };
    }
    if (!joined) {
      // A person without any organization (new, or removed from every one) is a sign-up.
      if (!ctx.config.allowSignup) throw new OidcLoginRefused("oidc_signup_closed", "no organization to sign in to, and sign-up is closed");
      const orgName = `${user.name}'s organization`;
      const organization = await tx.organization.create({ data: { name: orgName, slug: await uniqueSlug(tx, orgName) } });
      await tx.membership.create({ data: { organizationId: organization.id, userId: user.id, role: "owner" } });
      joined = { organization, role: "owner" };
    }

    const sessionSecret = randomSecret();
    const sessionExpiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await tx.session.create({
      data: {
        tokenHash: sha256(sessionSecret),
        userId: user.id,
        organizationId: joined.organization.id,
        expiresAt: sessionExpiresAt,
        method: `oidc:${provider.id}`,
        userAgent: input.userAgent?.slice(0, 512) ?? null,
        ipAddress: input.ipAddress ?? null,
      },
    });
    return {
      user: toUser(user),
      organization: toOrganization(joined.organization),
      role: joined.role,
      sessionSecret,
      sessionExpiresAt,
      notices,
    };
  });
}

/**
 * The account's e-mail follows the provider's, so reset mail and invitations reach the address
 * the person has now; links mailed to the old address stop working. When another account holds
 * the new address, the e-mail stays and the callback logs it.
 */
async function followProviderEmail(tx: Tx, user: User, email: string, provider: OidcProviderConfig, notices: OidcNotice[]) {
  const holder = await tx.user.findUnique({ where: { email } });
  if (holder && holder.id !== user.id) {
    notices.push({
      event: "address blocked",
      reason: `${provider.id} gives an e-mail another account holds; the account keeps its e-mail`,
    });
    return user;
  }
  const now = new Date();
  await tx.passwordReset.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now, voidedBy: "email_changed" } });
  return tx.user.update({ where: { id: user.id }, data: { email } });
}

/**
 * Links a provider account to the signed-in person who started the flow from "Your account"
 * (docs/sign-in-with-oidc.md "Linking"): they proved the account by being signed in, and the
 * provider account by signing in there. A provider account linked to someone else is refused.
 */
export async function linkProviderAccount(
  ctx: SystemContext,
  provider: OidcProviderConfig,
  input: { userId: string; subject: string; email: string },
): Promise<void> {
  await ctx.db.prisma.$transaction(async (tx) => {
    const identity = await tx.userIdentity.findUnique({ where: { provider_subject: { provider: provider.id, subject: input.subject } } });
    if (identity && identity.userId !== input.userId) {
      throw new OidcLoginRefused("oidc_already_linked", `this ${provider.id} account is linked to another account`, "account blocked");
    }
    const now = new Date();
    if (identity) await tx.userIdentity.update({ where: { id: identity.id }, data: { email: input.email, lastLoginAt: now } });
    else {
      await tx.userIdentity.create({
        data: { userId: input.userId, provider: provider.id, subject: input.subject, email: input.email, lastLoginAt: now },
      });
    }
  });
}

/** Applies the account rules and opens a session (`method: "oidc:<id>"`). */
export async function signInWithProviderAccount(
  ctx: SystemContext,
  provider: OidcProviderConfig,
  input: ProviderSignIn,
): Promise<SignedIn & { notices: OidcNotice[] }> {
  try {
    return await signInOnce(ctx, provider, input);
  } catch (error) {
    // A concurrent first sign-in created the user or the link in between: it exists now.
    if (isUniqueViolation(error)) return signInOnce(ctx, provider, input);
    throw error;
  }
}
