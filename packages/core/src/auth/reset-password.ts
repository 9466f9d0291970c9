import type { SystemContext } from "../context";
import { badRequest } from "../errors/app-error";
import { sha256 } from "../shared/secrets";
import { hashPassword } from "./passwords";
import { accountConfigOf, clearAccountThrottle } from "./sign-in-throttle";

const refused = (message: string) => badRequest(message, [{ path: "token", message }]);

/** Why an unused link stopped working (PasswordReset.voidedBy), in the person's words. */
const VOIDED: Record<string, string> = {
  password_changed: "This password reset link stopped working because the password was changed after it was sent; request a new one",
  email_changed:
    "This password reset link stopped working because the account's e-mail address changed after it was sent; request a new one",
};

/**
 * Sets a new password with the token of a reset link. The token is consumed, the password set,
 * every session of the person revoked and their other pending links voided in one transaction;
 * the account's failed sign-ins are forgotten (the mailbox proved who it is). Does not sign in.
 */
export async function resetPassword(ctx: SystemContext, input: { token: string; password: string }): Promise<{ revoked: number }> {
  const reset = await ctx.db.prisma.passwordReset.findUnique({ where: { tokenHash: sha256(input.token) }, include: { user: true } });
  if (!reset) throw refused("This password reset link is not valid; request a new one");
  if (reset.usedAt && reset.voidedBy) throw refused(VOIDED[reset.voidedBy] ?? VOIDED.password_changed!);
  if (reset.usedAt) throw refused("This password reset link has already been used; request a new one");
  if (reset.expiresAt.getTime() <= Date.now()) throw refused("This password reset link has expired; request a new one");
  const passwordHash = await hashPassword(input.password);
  const revoked = await ctx.db.prisma.$transaction(async (tx) => {
    const now = new Date();
    // Consuming the token is the guard: of two concurrent resets with one link, one updates a row.
    const consumed = await tx.passwordReset.updateMany({
      where: { id: reset.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (consumed.count !== 1) throw refused("This password reset link has already been used; request a new one");
    await tx.user.update({ where: { id: reset.userId }, data: { passwordHash } });
    await tx.passwordReset.updateMany({
      where: { userId: reset.userId, usedAt: null },
      data: { usedAt: now, voidedBy: "password_changed" },
    });
    const { count } = await tx.session.updateMany({ where: { userId: reset.userId, revokedAt: null }, data: { revokedAt: now } });
    return count;
  });
  await clearAccountThrottle(ctx.db, accountConfigOf(ctx), reset.user.email);
  return { revoked };
}
