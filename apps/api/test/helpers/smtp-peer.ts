// The SMTP peer at the edge of the system (tests only): a real SMTP server on a random loopback
// port that keeps every mail the service sends, so a test reads links out of real messages.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  /** `smtp://127.0.0.1:<port>`, for the server's SMTP_URL. */
  url: string;
  inbox: ReceivedMail[];
  /** Recipients whose DATA the peer holds for 1.5 s before accepting it (a slow mail server). */
  slowRecipients: Set<string>;
  close(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const inbox: ReceivedMail[] = [];
  const slowRecipients = new Set<string>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const deliver = () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to,
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        };
        if (to.some((address) => slowRecipients.has(address))) setTimeout(deliver, 1500);
        else deliver();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    slowRecipients,
    close: () => (closed ??= new Promise<void>((resolve) => smtp.close(() => resolve()))),
  };
}
