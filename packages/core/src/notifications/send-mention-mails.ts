// Mention e-mails leave after the comment has committed, and the comment never waits for them:
// the SMTP round trip (up to the mail timeout) is not the commenter's to pay, and a mail server
// that is down must not fail a comment. Each outcome is recorded on its outbox row (sent /
// failed); a process that stops first leaves the row `pending`.
import type { Database } from "@locale/db";
import type { CoreConfig } from "../context";
import { deliverMail, type QueuedMail } from "../mail/send-mail";

export function sendMentionMails(
  db: Database,
  config: CoreConfig,
  mails: QueuedMail[],
  onError: (error: unknown) => void = (error) => console.error("[mail] mention e-mail", error),
): void {
  if (mails.length === 0) return;
  void (async () => {
    for (const mail of mails) {
      try {
        await deliverMail(db, config, mail);
      } catch (error) {
        // deliverMail records SMTP failures itself; this is the outbox update failing (database gone).
        onError(error);
      }
    }
  })();
}
