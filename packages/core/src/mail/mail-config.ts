// How the service sends e-mail: over SMTP when `smtpUrl` is set, otherwise into the server log
// (the message is also kept in the EmailOutbox table either way).

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailConfig {
  /** e.g. `smtp://user:pass@mail.example.com:587` or `smtps://...`; nodemailer URL options apply. */
  smtpUrl: string | null;
  /** The From header. */
  from: string;
  /** Where an unsent mail goes when no SMTP server is configured (the app passes its logger). */
  log?: (mail: OutgoingMail & { outboxId: string }) => void;
  /** Connection, greeting and socket timeout towards the SMTP server. */
  timeoutMs?: number;
}

export const DEFAULT_MAIL_CONFIG: MailConfig = { smtpUrl: null, from: "Locale Service <no-reply@localhost>" };
