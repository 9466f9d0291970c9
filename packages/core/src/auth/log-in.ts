import type { SystemContext } from "../context";
import { unauthorized } from "../errors/app-error";
import { verifyPassword, verifyPasswordOfNobody } from "./passwords";
import { toOrganization, toUser } from "./records";
import { createSession } from "./sessions";
import { beginSignInAttempt } from "./sign-in-throttle";
import type { SignedIn } from "./sign-up";

/**
 * Checks e-mail and password; signs in to the user's first organization. Wrong credentials → 401
 * with the documented body, whichever part was wrong. An unknown e-mail still costs one password
 * hash, so the answer's timing does not tell which e-mails have accounts. Throttled per account
 * and per client address (sign-in-throttle.ts): too many failures → 429, also for unknown e-mails.
 */
export async function logIn(ctx: SystemContext, input: { email: string; password: string }): Promise<SignedIn> {
  const email = input.email.trim().toLowerCase();
  const attempt = await beginSignInAttempt(ctx, email);
  const user = await ctx.db.prisma.user.findUnique({ where: { email } });
  const ok = user ? await verifyPassword(input.password, user.passwordHash) : await verifyPasswordOfNobody(input.password);
  if (!user || !ok) {
    await attempt.failed();
    throw unauthorized();
  }
  await attempt.succeeded();
  const membership = await ctx.db.prisma.membership.findFirst({
    where: { userId: user.id },
    orderBy: { joinedAt: "asc" },
    include: { organization: true },
  });
  if (!membership) throw unauthorized();
  const session = await createSession(ctx.db, user.id, membership.organizationId, { method: "password", client: ctx.client });
  return {
    user: toUser(user),
    organization: toOrganization(membership.organization),
    role: membership.role,
    sessionSecret: session.secret,
    sessionExpiresAt: session.expiresAt,
  };
}
