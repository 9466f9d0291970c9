import type { OutgoingMail } from "../mail/mail-config";

export interface MentionMailInput {
  to: string;
  authorName: string;
  projectName: string;
  keyName: string;
  excerpt: string;
  url: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Names are user input: line breaks and other control characters never reach a header or a line. */
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

export function mentionMail(input: MentionMailInput): OutgoingMail {
  const author = oneLine(input.authorName);
  const project = oneLine(input.projectName);
  const keyName = oneLine(input.keyName);
  const excerpt = oneLine(input.excerpt);
  const subject = `${author} mentioned you on ${keyName} (${project})`;
  const text = [
    `${author} mentioned you in a comment on ${keyName} in ${project}:`,
    "",
    `> ${excerpt}`,
    "",
    "Open the key:",
    input.url,
    "",
    "You can turn these e-mails off in your account settings.",
  ].join("\n");
  const html = [
    `<p>${escapeHtml(author)} mentioned you in a comment on <strong>${escapeHtml(keyName)}</strong> in ${escapeHtml(project)}:</p>`,
    `<blockquote>${escapeHtml(excerpt)}</blockquote>`,
    `<p><a href="${escapeHtml(input.url)}">Open the key</a></p>`,
    "<p>You can turn these e-mails off in your account settings.</p>",
  ].join("\n");
  return { to: input.to, subject, text, html };
}
