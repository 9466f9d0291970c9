import type { Role } from "@locale/db";
import type { SystemContext } from "../context";
import { conflict, forbidden } from "../errors/app-error";
import { isUniqueViolation } from "../errors/prisma-errors";
import { uniqueSlug } from "../organizations/slug";
import { hashPassword } from "./passwords";
import { type OrganizationRecord, toOrganization, toUser, type UserRecord } from "./records";
import { createSession } from "./sessions";

export interface SignUpInput {
  email: string;
  password: string;
  name: string;
  organizationName?: string;
}

export interface SignedIn {
  user: UserRecord;
  organization: OrganizationRecord;
  role: Role;
  sessionSecret: string;
  sessionExpiresAt: Date;
}

/** Creates a user as the owner of a new organization and signs them in. */
export async function signUp(ctx: SystemContext, input: SignUpInput): Promise<SignedIn> {
  if (!ctx.config.allowSignup) throw forbidden();
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const orgName = input.organizationName?.trim() || `${input.name}'s organization`;
  try {
    const { user, org } = await ctx.db.prisma.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { email, name: input.name.trim(), passwordHash } });
      const org = await tx.organization.create({ data: { name: orgName, slug: await uniqueSlug(tx, orgName) } });
      await tx.membership.create({ data: { organizationId: org.id, userId: user.id, role: "owner" } });
      return { user, org };
    });
    const session = await createSession(ctx.db, user.id, org.id, { method: "signup", client: ctx.client });
    return {
      user: toUser(user),
      organization: toOrganization(org),
      role: "owner",
      sessionSecret: session.secret,
      sessionExpiresAt: session.expiresAt,
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("A user with this e-mail already exists");
    throw error;
  }
}
