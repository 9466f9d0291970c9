// Mention e-mails over a real SMTP conversation (the smtp-peer at the edge): a mention is mailed
// after the comment commits, to members who have not turned it off; replies are not mailed; a slow
// or absent mail server never holds up or fails the comment; without SMTP nothing is queued.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, type TestMember } from "../../helpers/invite-member";
import { type ReceivedMail, type SmtpPeer, startSmtpPeer } from "../../helpers/smtp-peer";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

const PUBLIC_URL = "https://translate.example.test";

let smtp: SmtpPeer;
let server: TestServer;
let owner: TestUser;
let tina: TestMember;
let rob: TestMember;
let projectId: string;
let keyId: string;

/** Undoes quoted-printable soft breaks and escapes, so the text reads as it was written. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function waitForMail(address: string, marker: string): Promise<ReceivedMail> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const mail = smtp.inbox.find((m) => m.to.includes(address) && decodeQuotedPrintable(m.raw).includes(marker));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no mail to ${address} with ${marker}`);
}

async function outboxRow(to: string, marker: string) {
  for (let attempt = 0; attempt < 400; attempt++) {
    const row = await server.db.prisma.emailOutbox.findFirst({ where: { to, text: { contains: marker }, status: { not: "pending" } } });
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no settled outbox row to ${to} with ${marker}`);
}

const post = (body: Record<string, unknown>) =>
  server.request("POST", `/api/projects/${projectId}/keys/${keyId}/comments`, { apiKey: owner.apiKey, body });

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ PUBLIC_URL, SMTP_URL: smtp.url, MAIL_FROM: "Locale Test <notify@example.test>" });
  owner = await signUpUser(server, "Olga Owner");
  tina = await addMember(server, owner, "translator", { name: "Tina Translator" });
  rob = await addMember(server, owner, "reviewer", { name: "Rob Reviewer" });
  projectId = (await server.request("POST", "/api/projects", { apiKey: owner.apiKey, body: { name: "Shop <app>", sourceLanguage: "en" } }))
    .body._id;
  keyId = (
    await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: "title", namespace: "checkout" } })
  ).body._id;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe("mention e-mails over SMTP", () => {
  it("mails the mentioned member who wrote, on which key, the excerpt and the editor link", async () => {
    const res = await post({ body: "@Tina Translator is <b>this</b> right? mail-1", mentions: [tina.userId] });
    expect(res.status, res.text).toBe(201);
    const mail = await waitForMail(tina.email, "mail-1");
    expect(mail.from).toBe("notify@example.test");
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toMatch(/^Subject: Olga Owner mentioned you on checkout\.title \(Shop <app>\)$/m);
    expect(text).toContain("> @Tina Translator is <b>this</b> right? mail-1");
    expect(text).toContain(`${PUBLIC_URL}/projects/${projectId}?key=${keyId}#comments`);
    // The HTML part escapes what people wrote.
    expect(text).toContain("is &#60;b&#62;this&#60;/b&#62; right?");
    expect(text).not.toContain("<blockquote>@Tina Translator is <b>");
    expect((await outboxRow(tina.email, "mail-1")).status).toBe("sent");
    // The author is not mailed, and nobody else is.
    expect(smtp.inbox.filter((m) => decodeQuotedPrintable(m.raw).includes("mail-1")).map((m) => m.to)).toEqual([[tina.email]]);
  });

  it("does not mail a member who turned mention e-mails off (the in-app notification stays), nor a reply", async () => {
    const off = await server.request("PUT", "/api/notifications/settings", { cookie: rob.cookie, body: { mentionEmails: false } });
    expect(off.status).toBe(200);
    const root = await server.request("POST", `/api/projects/${projectId}/keys/${keyId}/comments`, {
      cookie: tina.cookie,
      body: { body: "Tina's thread" },
    });
    const res = await post({ body: "@Rob Reviewer quiet mail-2", mentions: [rob.userId], parentId: root.body._id });
    expect(res.status).toBe(201);
    // Tina hears of the reply in her thread in the app; a reply is not mailed. Mails are queued in
    // the comment's transaction, so the outbox (checked below) is the whole story; the mention sent
    // after it gives any stray mail for mail-2 time to show up at the peer as well.
    await post({ body: "@Tina Translator marker mail-3", mentions: [tina.userId] });
    await waitForMail(tina.email, "mail-3");
    expect(smtp.inbox.filter((m) => decodeQuotedPrintable(m.raw).includes("mail-2"))).toEqual([]);
    expect(await server.db.prisma.emailOutbox.count({ where: { text: { contains: "mail-2" } } })).toBe(0);
    const robs = await server.request("GET", "/api/notifications", { cookie: rob.cookie });
    expect(robs.body.data[0]).toMatchObject({ kind: "mention", excerpt: "@Rob Reviewer quiet mail-2" });
    const tinas = await server.request("GET", "/api/notifications", { cookie: tina.cookie });
    expect(tinas.body.data.map((n: { kind: string; excerpt: string }) => [n.kind, n.excerpt])).toContainEqual([
      "reply",
      "@Rob Reviewer quiet mail-2",
    ]);
    await server.request("PUT", "/api/notifications/settings", { cookie: rob.cookie, body: { mentionEmails: true } });
  });

  it("never holds up the comment for a slow mail server", async () => {
    smtp.slowRecipients.add(tina.email);
    try {
      const res = await post({ body: "@Tina Translator slow mail-4", mentions: [tina.userId] });
      expect(res.status).toBe(201);
      // The peer holds the mail for 1.5 s before taking it: the comment answered before it was taken.
      expect(smtp.inbox.some((m) => decodeQuotedPrintable(m.raw).includes("mail-4"))).toBe(false);
      await waitForMail(tina.email, "mail-4");
    } finally {
      smtp.slowRecipients.delete(tina.email);
    }
  });
});

describe("a mail server that is down", () => {
  it("still creates the comment and the notification; the outbox row records the failure", async () => {
    const down = await startSmtpPeer();
    const url = down.url;
    await down.close();
    const other = await startTestServer({ PUBLIC_URL, SMTP_URL: url });
    try {
      const o = await signUpUser(other, "Olga Owner");
      const m = await addMember(other, o, "translator", { name: "Tina Translator" });
      const p = (await other.request("POST", "/api/projects", { apiKey: o.apiKey, body: { name: "Down", sourceLanguage: "en" } })).body._id;
      const k = (await other.request("POST", `/api/projects/${p}/keys`, { apiKey: o.apiKey, body: { key: "k" } })).body._id;
      const res = await other.request("POST", `/api/projects/${p}/keys/${k}/comments`, {
        apiKey: o.apiKey,
        body: { body: "@Tina Translator down mail-5", mentions: [m.userId] },
      });
      expect(res.status, res.text).toBe(201);
      const list = await other.request("GET", "/api/notifications", { cookie: m.cookie });
      expect(list.body.data[0]).toMatchObject({ kind: "mention", commentId: res.body._id });
      let row = null;
      for (let attempt = 0; attempt < 400 && row?.status !== "failed"; attempt++) {
        row = await other.db.prisma.emailOutbox.findFirst({ where: { to: m.email, text: { contains: "mail-5" } } });
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(row).toMatchObject({ status: "failed", error: expect.any(String) });
    } finally {
      await other.close();
    }
  });
});

describe("without SMTP", () => {
  it("queues no mention e-mail: the in-app notification is the whole of it", async () => {
    const plain = await startTestServer({ PUBLIC_URL });
    try {
      const o = await signUpUser(plain, "Olga Owner");
      const m = await addMember(plain, o, "translator", { name: "Tina Translator" });
      const p = (await plain.request("POST", "/api/projects", { apiKey: o.apiKey, body: { name: "Plain", sourceLanguage: "en" } })).body
        ._id;
      const k = (await plain.request("POST", `/api/projects/${p}/keys`, { apiKey: o.apiKey, body: { key: "k" } })).body._id;
      const res = await plain.request("POST", `/api/projects/${p}/keys/${k}/comments`, {
        apiKey: o.apiKey,
        body: { body: "@Tina Translator plain mail-6", mentions: [m.userId] },
      });
      expect(res.status).toBe(201);
      expect((await plain.request("GET", "/api/notifications/unread-count", { cookie: m.cookie })).body).toEqual({ unread: 1 });
      expect(await plain.db.prisma.emailOutbox.count({ where: { text: { contains: "mail-6" } } })).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
