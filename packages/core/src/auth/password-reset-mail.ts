import type { OutgoingMail } from "../mail/mail-config";

export interface PasswordResetMailInput {
  to: string;
  name: string;
  resetUrl: string;
  expiresAt: Date;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Names are user input: line breaks and other control characters never reach a line of the mail. */
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

export function passwordResetMail(input: PasswordResetMailInput): OutgoingMail {
  const name = oneLine(input.name);
  const expires = `${input.expiresAt.toISOString().replace("T", " ").slice(0, 16)} UTC`;
  const closing = `The link works once and expires on ${expires}. If you did not ask for this, ignore this e-mail: your password stays as it is.`;
  const text = [
    `Hello ${name},`,
    "",
    "someone (hopefully you) asked to reset the password of your Locale Service account. Choose a new password here:",
    input.resetUrl,
    "",
    closing,
    "Resetting the password signs you out on every device.",
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(name)},</p>`,
    "<p>someone (hopefully you) asked to reset the password of your Locale Service account.</p>",
    `<p><a href="${escapeHtml(input.resetUrl)}">Choose a new password</a></p>`,
    `<p>${closing} Resetting the password signs you out on every device.</p>`,
  ].join("\n");
  return { to: input.to, subject: "Reset your password", text, html };
}
