// Invitations end to end over a real SMTP conversation: the service sends with nodemailer to an
// SMTP server listening on a random local port (the peer at the edge), the test reads the mail
// that arrived, follows its link's token and accepts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReceivedMail, type SmtpPeer, startSmtpPeer } from "../../helpers/smtp-peer";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

const PUBLIC_URL = "https://translate.example.test";
const MAIL_FROM = "Locale Test <invites@example.test>";

let smtp: SmtpPeer;
let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ PUBLIC_URL, SMTP_URL: smtp.url, MAIL_FROM });
  owner = await signUpUser(server, "Inviter");
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** Undoes quoted-printable soft breaks and escapes, so the link reads as it was written. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function mailTo(address: string): ReceivedMail | undefined {
  return smtp.inbox.find((m) => m.to.includes(address));
}

function tokenOfMail(mail: ReceivedMail): string {
  const match = decodeQuotedPrintable(mail.raw).match(/https:\/\/translate\.example\.test\/accept-invite\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no invitation link in:\n${mail.raw}`);
  return match[1]!;
}

async function invite(email: string, role: string) {
  const res = await server.request("POST", "/api/organizations/current/members/invite", { cookie: owner.cookie, body: { email, role } });
  expect(res.status).toBe(201);
  return res;
}

const accept = (body: Record<string, unknown>) => server.request("POST", "/api/auth/accept-invite", { body });

describe("invitation e-mail over SMTP", () => {
  it("sends the invitation through the SMTP server, with the link in the mail", async () => {
    const res = await invite("reviewer.rita@example.com", "reviewer");
    expect(res.body.emailStatus).toBe("sent");
    const mail = mailTo("reviewer.rita@example.com");
    expect(mail).toBeDefined();
    expect(mail!.from).toBe("invites@example.test");
    expect(mail!.raw).toMatch(/^From: Locale Test <invites@example\.test>$/m);
    expect(mail!.raw).toMatch(/^Subject: Inviter invited you to Inviter's organization$/m);
    const token = tokenOfMail(mail!);
    expect(res.body.inviteUrl).toBe(`${PUBLIC_URL}/accept-invite?token=${token}`);
    const text = decodeQuotedPrintable(mail!.raw);
    expect(text).toContain("as reviewer");
    expect(text).toContain("works once and expires on");

    // Once delivered, the outbox no longer holds a usable link.
    const outbox = await server.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: "reviewer.rita@example.com" } });
    expect(outbox.status).toBe("sent");
    expect(outbox.sentAt).not.toBeNull();
    expect(outbox.text).not.toContain(token);
    expect(outbox.html ?? "").not.toContain(token);
  });

  it("accepts with the mailed token: a new account with the invited role, signed in, able to log in later", async () => {
    await invite("rita2@example.com", "reviewer");
    const token = tokenOfMail(mailTo("rita2@example.com")!);
    const res = await accept({ token, name: "Rita", password: "rita password" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: { _id: expect.any(String), email: "rita2@example.com", name: "Rita" },
      organization: expect.objectContaining({ _id: owner.orgId, name: "Inviter's organization" }),
      role: "reviewer",
    });
    const setCookie = res.headers.get("set-cookie")!;
    // PUBLIC_URL is https: the session cookie is Secure and __Host- prefixed (docs/accounts.md).
    expect(setCookie).toMatch(/^__Host-sid=.*Secure.*HttpOnly/);
    const cookie = setCookie.split(";")[0]!;
    expect((await server.request("GET", "/api/auth/me", { cookie })).body).toMatchObject({
      role: "reviewer",
      organization: { _id: owner.orgId },
    });

    const login = await server.request("POST", "/api/auth/login", { body: { email: "rita2@example.com", password: "rita password" } });
    expect(login.status).toBe(200);
    expect(login.body.role).toBe("reviewer");
    expect(login.body.organization._id).toBe(owner.orgId);

    const members = await server.request("GET", "/api/organizations/current/members", { cookie: owner.cookie });
    expect(members.body).toContainEqual({
      userId: res.body.user._id,
      name: "Rita",
      email: "rita2@example.com",
      role: "reviewer",
      joinedAt: expect.any(String),
    });
    const joined = await server.request("GET", "/api/organizations/current/activity?action=member.joined", { cookie: owner.cookie });
    expect(joined.body.data[0]).toMatchObject({
      action: "member.joined",
      userId: res.body.user._id,
      userName: "Rita",
      targetId: res.body.user._id,
      targetType: "member",
      metadata: { userId: res.body.user._id, email: "rita2@example.com", name: "Rita", role: "reviewer", newAccount: true },
    });
  });

  it("refuses a reused token (400) and creates nothing", async () => {
    await invite("once@example.com", "translator");
    const token = tokenOfMail(mailTo("once@example.com")!);
    expect((await accept({ token, name: "Once", password: "password one" })).status).toBe(200);
    const again = await accept({ token, name: "Twice", password: "password two" });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      statusCode: 400,
      message: "Invitation has already been used",
      error: "Bad Request",
      issues: [{ path: "token", message: "invitation has already been used" }],
    });
    expect(again.headers.get("set-cookie")).toBeNull();
    const login = await server.request("POST", "/api/auth/login", { body: { email: "once@example.com", password: "password two" } });
    expect(login.status).toBe(401);
  });

  it("lets only one of two concurrent accepts of the same token through", async () => {
    await invite("race@example.com", "developer");
    const token = tokenOfMail(mailTo("race@example.com")!);
    const results = await Promise.all([
      accept({ token, name: "A", password: "password a" }),
      accept({ token, name: "B", password: "password b" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await server.db.prisma.user.count({ where: { email: "race@example.com" } })).toBe(1);
  });

  it("refuses an unknown token (404) and an expired one (400)", async () => {
    const unknown = await accept({ token: "not-a-real-invitation-token", name: "X", password: "password x" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: "Invitation not found", error: "Not Found" });

    const res = await invite("late@example.com", "developer");
    await server.db.prisma.invitation.update({ where: { id: res.body._id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await accept({ token: tokenOfMail(mailTo("late@example.com")!), name: "Late", password: "password late" });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({
      statusCode: 400,
      message: "Invitation has expired",
      error: "Bad Request",
      issues: [{ path: "token", message: "invitation has expired" }],
    });
  });

  it("validates the body: name needed for a new account, password at least 8 characters", async () => {
    await invite("nameless@example.com", "translator");
    const token = tokenOfMail(mailTo("nameless@example.com")!);
    const noName = await accept({ token, password: "long enough" });
    expect(noName.status).toBe(400);
    expect(noName.body).toEqual({
      statusCode: 400,
      message: "name: required to create the account",
      error: "Bad Request",
      issues: [{ path: "name", message: "required to create the account" }],
    });
    const short = await accept({ token, name: "N", password: "short" });
    expect(short.status).toBe(400);
    expect(short.body.issues[0].path).toBe("password");
    expect((await accept({ token, name: "Nameless", password: "long enough" })).status).toBe(200);
  });

  it("lets an existing account join with its own password (wrong password → 401, name unchanged)", async () => {
    const elsewhere = await signUpUser(server, "Existing Person");
    await invite(elsewhere.email, "developer");
    const token = tokenOfMail(mailTo(elsewhere.email)!);
    const wrong = await accept({ token, name: "Impostor", password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      statusCode: 401,
      message: "Invalid password for the existing account of this e-mail",
      error: "Unauthorized",
    });
    const ok = await accept({ token, name: "Ignored", password: "correct horse" });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toEqual({ _id: elsewhere.userId, email: elsewhere.email, name: "Existing Person" });
    expect(ok.body.role).toBe("developer");
    const cookie = ok.headers.get("set-cookie")!.split(";")[0]!;
    // The new session works in the organization that invited; the old one stays in the first.
    expect((await server.request("GET", "/api/auth/me", { cookie })).body.organization._id).toBe(owner.orgId);
    expect((await server.request("GET", "/api/auth/me", { cookie: elsewhere.cookie })).body.organization._id).toBe(elsewhere.orgId);
    const joined = await server.request("GET", `/api/organizations/current/activity?action=member.joined&userId=${elsewhere.userId}`, {
      cookie: owner.cookie,
    });
    expect(joined.body.data[0].metadata.newAccount).toBe(false);
  });

  it("serves the page the link opens: the web application's accept screen, the secret never echoed, a strict CSP", async () => {
    await invite("page@example.com", "developer");
    const token = tokenOfMail(mailTo("page@example.com")!);
    const page = await fetch(`${server.url}/accept-invite?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await page.text();
    expect(html).not.toContain(token);
    // The screen itself is exercised in a real browser by web-app.once.test.ts.
    // What the page's script sends, from the page's own origin, is accepted.
    const res = await server.request("POST", "/api/auth/accept-invite", {
      headers: { origin: server.url },
      body: { token, name: "Paige", password: "page password" },
    });
    expect(res.status).toBe(200);
  });

  it("keeps user-chosen names from injecting mail headers", async () => {
    const rename = await server.request("PATCH", "/api/organizations/current", {
      cookie: owner.cookie,
      body: { name: "Acme\r\nBcc: victim@example.com" },
    });
    expect(rename.status).toBe(200);
    try {
      await invite("headers@example.com", "translator");
      const mail = mailTo("headers@example.com")!;
      expect(mail.to).toEqual(["headers@example.com"]);
      expect(mail.raw).not.toMatch(/^Bcc:/im);
      expect(mail.raw).toMatch(/^Subject: Inviter invited you to Acme Bcc: victim@example\.com$/m);
      expect(smtp.inbox.some((m) => m.to.includes("victim@example.com"))).toBe(false);
    } finally {
      await server.request("PATCH", "/api/organizations/current", { cookie: owner.cookie, body: { name: "Inviter's organization" } });
    }
  });

  it("answers 201 with a usable link when the SMTP server is unreachable, and marks the mail failed", async () => {
    await smtp.close();
    const res = await invite("unlucky@example.com", "translator");
    expect(res.body.emailStatus).toBe("failed");
    const outbox = await server.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: "unlucky@example.com" } });
    expect(outbox.status).toBe("failed");
    expect(outbox.error).toBeTruthy();
    const token = new URL(res.body.inviteUrl).searchParams.get("token")!;
    expect(outbox.text).toContain(token);
    const ok = await accept({ token, name: "Unlucky", password: "still works" });
    expect(ok.status).toBe(200);
    expect(ok.body.role).toBe("translator");
  });
});
