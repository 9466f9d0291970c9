import type { SystemContext } from "../context";
import { AppError } from "../errors/app-error";
import { verifyPassword } from "./passwords";
import { toOrganization, toUser } from "./records";
import { createSession } from "./sessions";
import type { SignedIn } from "./sign-up";

/** Checks e-mail and password; signs in to the user's first organization. Wrong credentials → 401. */
export async function logIn(ctx: SystemContext, input: { email: string; password: string }): Promise<SignedIn> {
  const user = await ctx.db.prisma.user.findUnique({ where: { email: input.email.trim().toLowerCase() } });
  const ok = user ? await verifyPassword(input.password, user.passwordHash) : false;
  if (!user || !ok) throw new AppError("UNAUTHORIZED", "Invalid e-mail or password");
  const membership = await ctx.db.prisma.membership.findFirst({
    where: { userId: user.id },
    orderBy: { joinedAt: "asc" },
    include: { organization: true },
  });
  if (!membership) throw new AppError("UNAUTHORIZED", "Invalid e-mail or password");
  const session = await createSession(ctx.db, user.id, membership.organizationId);
  return {
    user: toUser(user),
    organization: toOrganization(membership.organization),
    role: membership.role,
    sessionSecret: session.secret,
    sessionExpiresAt: session.expiresAt,
  };
}
