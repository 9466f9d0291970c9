// "Forgot password": a single-use secret (only its SHA-256 is stored) in a link e-mailed through
// the outbox. The link carries it in the fragment (`/reset-password#token=...`), which browsers
// never send to a server, so it stays out of access logs.
//
// The caller always gets the same answer at the same speed: after the per-address count, the
// lookup, the token and the mail happen in the background (`completion`), whether or not the
// e-mail has an account. A new request does not invalidate older unexpired links; at most
// MAILS_PER_ACCOUNT links are mailed to one account per SIGNIN_BLOCK_SECONDS window, beyond that
// requests are answered the same but send nothing (so no one can flood a mailbox from many addresses).
import type { SystemContext } from "../context";
import { deliverMail, queueMail } from "../mail/send-mail";
import { randomSecret, sha256 } from "../shared/secrets";
import { passwordResetMail } from "./password-reset-mail";
import { accountConfigOf, countResetRequest } from "./sign-in-throttle";

export const MAILS_PER_ACCOUNT = 3;

export const resetUrlOf = (publicUrl: string, secret: string): string => `${publicUrl.replace(/\/+$/, "")}/reset-password#token=${secret}`;

export interface PasswordResetRequested {
  /** Settles once the mail (if any) has been handed to SMTP or the log; the answer does not wait for it. */
  completion: Promise<void>;
}

/** Counts the request for the client address (429 past the limit), then starts the work. */
export async function requestPasswordReset(ctx: SystemContext, input: { email: string }): Promise<PasswordResetRequested> {
  await countResetRequest(ctx);
  return { completion: issuePasswordReset(ctx, input.email.trim().toLowerCase()) };
}

async function issuePasswordReset(ctx: SystemContext, email: string): Promise<void> {
  const user = await ctx.db.prisma.user.findUnique({ where: { email } });
  if (!user) return;
  const config = accountConfigOf(ctx);
  const secret = randomSecret(32);
  const resetUrl = resetUrlOf(ctx.config.publicUrl, secret);
  const expiresAt = new Date(Date.now() + config.passwordResetTtlMinutes * 60_000);
  const mail = await ctx.db.prisma.$transaction(async (tx) => {
    // The user's row lock serializes concurrent requests for one account, so the cap holds.
    await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${user.id} FOR UPDATE`;
    const recent = await tx.passwordReset.count({
      where: { userId: user.id, createdAt: { gt: new Date(Date.now() - config.blockSeconds * 1000) } },
    });
    if (recent >= MAILS_PER_ACCOUNT) return null;
    await tx.passwordReset.create({ data: { userId: user.id, tokenHash: sha256(secret), expiresAt } });
    return queueMail(tx, null, passwordResetMail({ to: user.email, name: user.name, resetUrl, expiresAt }));
  });
  if (mail) await deliverMail(ctx.db, ctx.config, mail, { redactAfterSend: [resetUrl, secret] });
}
