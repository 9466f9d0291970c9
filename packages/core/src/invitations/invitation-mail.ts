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

export function invitationMail(input: InvitationMailInput): OutgoingMail {
  const expires = input.expiresAt.toISOString().replace("T", " ").slice(0, 16) + " UTC";
  const subject = `${input.inviterName} invited you to ${input.organizationName}`;
  const text = [
    `${input.inviterName} invited you to join ${input.organizationName} as ${input.role}.`,
    "",
    "Accept the invitation:",
    input.inviteUrl,
    "",
    `The link works once and expires on ${expires}. If you did not expect this invitation, ignore this e-mail.`,
  ].join("\n");
  const html = [
    `<p>${escapeHtml(input.inviterName)} invited you to join <strong>${escapeHtml(input.organizationName)}</strong> as ${input.role}.</p>`,
    `<p><a href="${escapeHtml(input.inviteUrl)}">Accept the invitation</a></p>`,
    `<p>The link works once and expires on ${expires}. If you did not expect this invitation, ignore this e-mail.</p>`,
  ].join("\n");
  return { to: input.to, subject, text, html };
}
