// The outbox: a mail is written in the caller's transaction (so it exists exactly when the change
// that caused it does) and delivered after commit, with its outcome recorded on the row:
// `sent` / `failed` over SMTP, `logged` when no SMTP server is configured.

import type { Database } from "@locale/db";
import type { Tx } from "../activity/record-activity";
import type { CoreConfig } from "../context";
import { DEFAULT_MAIL_CONFIG, type OutgoingMail } from "./mail-config";

export type MailStatus = "sent" | "logged" | "failed";

export interface QueuedMail extends OutgoingMail {
  outboxId: string;
}

export interface DeliverOptions {
  /**
   * Secrets inside the mail (an invitation link) that the outbox row keeps only until the mail
   * has left over SMTP; after a successful send they are replaced by a redaction marker.
   */
  redactAfterSend?: string[];
}

const REDACTED = "[redacted after delivery]";
const DEFAULT_TIMEOUT_MS = 10_000;

export async function queueMail(tx: Tx, organizationId: string | null, mail: OutgoingMail): Promise<QueuedMail> {
  const row = await tx.emailOutbox.create({
    data: { organizationId, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, status: "pending" },
  });
  return { ...mail, outboxId: row.id };
}

export async function deliverMail(db: Database, config: CoreConfig, mail: QueuedMail, options: DeliverOptions = {}): Promise<MailStatus> {
  const mailConfig = config.mail ?? DEFAULT_MAIL_CONFIG;
  if (!mailConfig.smtpUrl) {
    if (mailConfig.log) mailConfig.log(mail);
    else console.info(`[mail] no SMTP_URL configured; mail ${mail.outboxId} to ${mail.to}: ${mail.subject}\n${mail.text}`);
    await db.prisma.emailOutbox.update({ where: { id: mail.outboxId }, data: { status: "logged" } });
    return "logged";
  }
  const timeout = mailConfig.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Options given here are defaults; anything in the URL's query string (ignoreTLS, secure, ...) wins.
  // nodemailer is loaded when a mail is first sent over SMTP, not at start-up.
  const nodemailer = (await import("nodemailer")).default;
  const transport = nodemailer.createTransport({
    url: mailConfig.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  try {
    await transport.sendMail({
      from: mailConfig.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
    });
    const redact = (s: string) => (options.redactAfterSend ?? []).reduce((acc, secret) => acc.split(secret).join(REDACTED), s);
    await db.prisma.emailOutbox.update({
      where: { id: mail.outboxId },
      data: { status: "sent", sentAt: new Date(), error: null, text: redact(mail.text), html: mail.html ? redact(mail.html) : null },
    });
    return "sent";
  } catch (error) {
    await db.prisma.emailOutbox.update({
      where: { id: mail.outboxId },
      data: { status: "failed", error: error instanceof Error ? error.message.slice(0, 2000) : String(error) },
    });
    return "failed";
  } finally {
    transport.close();
  }
}
