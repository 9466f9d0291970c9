import type { Role } from "@locale/db";
import type { OutgoingMail } from "../mail/mail-config";

export interface InvitationMailInput {
  to: string;
  inviterName: string;
  organizationName: string;
  role: Role;
  inviteUrl: string;
  expiresAt: Date;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Names are user input: line breaks and other control characters never reach a header or a line. */
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

export function invitationMail(input: InvitationMailInput): OutgoingMail {
  const inviterName = oneLine(input.inviterName);
  const organizationName = oneLine(input.organizationName);
  const expires = `${input.expiresAt.toISOString().replace("T", " ").slice(0, 16)} UTC`;
  const subject = `${inviterName} invited you to ${organizationName}`;
  const text = [
    `${inviterName} invited you to join ${organizationName} as ${input.role}.`,
    "",
    "Accept the invitation:",
    input.inviteUrl,
    "",
    `The link works once and expires on ${expires}. If you did not expect this invitation, ignore this e-mail.`,
  ].join("\n");
  const html = [
    `<p>${escapeHtml(inviterName)} invited you to join <strong>${escapeHtml(organizationName)}</strong> as ${input.role}.</p>`,
    `<p><a href="${escapeHtml(input.inviteUrl)}">Accept the invitation</a></p>`,
    `<p>The link works once and expires on ${expires}. If you did not expect this invitation, ignore this e-mail.</p>`,
  ].join("\n");
  return { to: input.to, subject, text, html };
}
