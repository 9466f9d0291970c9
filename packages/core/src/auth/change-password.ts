import type { ServiceContext } from "../context";
import { badRequest, conflict, notFound } from "../errors/app-error";
import { hashPassword, verifyPassword } from "./passwords";
import { sessionIdOf } from "./session-record";
import { accountConfigOf, accountSubject, beginAttempt } from "./sign-in-throttle";

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * Changes the signed-in person's password. A wrong current password is a 400 on `currentPassword`
 * (not a 401: the client stays signed in) and counts as a failed sign-in for the account, so the
 * form cannot be used to guess; at the limit it is a 429 like sign-in. Every other session of the
 * person ends and pending reset links stop working, in one transaction with the new hash; the
 * calling session stays.
 */
export async function changePassword(ctx: ServiceContext, input: ChangePasswordInput): Promise<{ revoked: number }> {
  const currentSessionId = sessionIdOf(ctx);
  const user = await ctx.db.prisma.user.findUnique({ where: { id: ctx.actor.userId } });
  if (!user) throw notFound("User");
  const config = accountConfigOf(ctx);
  const attempt = await beginAttempt(ctx.db, config, { account: accountSubject(config, user.email) });
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    await attempt.failed();
    throw badRequest("currentPassword: is not your current password", [
      { path: "currentPassword", message: "is not your current password" },
    ]);
  }
  await attempt.succeeded();
  const passwordHash = await hashPassword(input.newPassword);
  return ctx.db.prisma.$transaction(async (tx) => {
    // Guarded by the hash that was checked: of two concurrent changes, the second finds it gone.
    const updated = await tx.user.updateMany({ where: { id: user.id, passwordHash: user.passwordHash }, data: { passwordHash } });
    if (updated.count !== 1) throw conflict("The password was changed by a concurrent request; sign in again and retry");
    const now = new Date();
    const { count } = await tx.session.updateMany({
      where: { userId: user.id, revokedAt: null, id: { not: currentSessionId } },
      data: { revokedAt: now },
    });
    await tx.passwordReset.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now, voidedBy: "password_changed" } });
    return { revoked: count };
  });
}
