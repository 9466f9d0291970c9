// Password reset end to end over a real SMTP conversation (the peer at the edge is an SMTP server
// on a random local port, as for invitations): the request answers the same whether or not the
// e-mail has an account and without waiting for the mail; the mail's link carries the token in its
// fragment; the token works once, expires, ends every session and never signs in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReceivedMail, type SmtpPeer, startSmtpPeer } from "../../helpers/smtp-peer";
import { signUpUser, startTestServer, type TestServer } from "../../helpers/test-server";

const PUBLIC_URL = "https://translate.example.test";
const PASSWORD = "correct horse";

let smtp: SmtpPeer;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ PUBLIC_URL, SMTP_URL: smtp.url, MAIL_FROM: "Locale Test <accounts@example.test>" });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Waits for the n-th mail to `address` (the request does not wait for delivery). */
async function mailTo(address: string, n = 1, timeoutMs = 10_000): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = smtp.inbox.filter((m) => m.to.includes(address));
    if (mails.length >= n) return mails[n - 1]!;
    if (Date.now() > until) throw new Error(`no mail #${n} to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function tokenOfMail(mail: ReceivedMail): string {
  const match = decodeQuotedPrintable(mail.raw).match(/https:\/\/translate\.example\.test\/reset-password#token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no reset link in:\n${mail.raw}`);
  return match[1]!;
}

const requestReset = (email: string) => server.request("POST", "/api/auth/password-reset", { body: { email } });
const confirm = (token: string, password: string) =>
  server.request("POST", "/api/auth/password-reset/confirm", { body: { token, password } });
const logIn = (email: string, password: string) => server.request("POST", "/api/auth/login", { body: { email, password } });

describe("requesting a reset", () => {
  it("mails a single-use link with the token in the fragment; the outbox forgets it once sent", async () => {
    const user = await signUpUser(server, "Forgetful Fay");
    const res = await requestReset(user.email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const mail = await mailTo(user.email);
    expect(mail.raw).toMatch(/^From: Locale Test <accounts@example\.test>$/m);
    expect(mail.raw).toMatch(/^Subject: Reset your password$/m);
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toContain("Hello Forgetful Fay,");
    expect(text).toContain("works once and expires on");
    const token = tokenOfMail(mail);

    const reset = await server.db.prisma.passwordReset.findFirstOrThrow({ where: { user: { email: user.email } } });
    expect(reset.tokenHash).not.toContain(token);
    // PASSWORD_RESET_TTL_MINUTES defaults to 60 (the row's createdAt is the database clock).
    expect(Math.abs(reset.expiresAt.getTime() - reset.createdAt.getTime() - 60 * 60 * 1000)).toBeLessThan(5000);
    // Delivery is recorded after the SMTP answer; wait for it before reading the outbox.
    await expect.poll(async () => (await server.db.prisma.emailOutbox.findFirst({ where: { to: user.email } }))?.status).toBe("sent");
    const outbox = await server.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: user.email } });
    expect(outbox.text).not.toContain(token);
    expect(outbox.html ?? "").not.toContain(token);
  });

  it("answers an unknown e-mail exactly the same, and sends nothing", async () => {
    const unknown = await requestReset("nobody-at-all@example.com");
    const known = await signUpUser(server, "Known");
    const res = await requestReset(known.email);
    expect({ status: unknown.status, text: unknown.text }).toEqual({ status: res.status, text: res.text });
    await mailTo(known.email);
    expect(smtp.inbox.filter((m) => m.to.includes("nobody-at-all@example.com"))).toEqual([]);
    expect(await server.db.prisma.emailOutbox.count({ where: { to: "nobody-at-all@example.com" } })).toBe(0);
  });

  it("answers without waiting for the mail server", async () => {
    const user = await signUpUser(server, "Patient");
    smtp.slowRecipients.add(user.email);
    const started = performance.now();
    const res = await requestReset(user.email);
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    // The SMTP peer holds this mail for 1.5 s; the answer came before it was accepted.
    expect(elapsed).toBeLessThan(1200);
    expect(smtp.inbox.filter((m) => m.to.includes(user.email))).toEqual([]);
    await mailTo(user.email);
  });

  it("rejects a malformed e-mail with the documented 400", async () => {
    const res = await requestReset("not an e-mail");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request", issues: [{ path: "email" }] });
  });

  it("mails at most 3 links per account within the window, answering the same beyond that", async () => {
    const user = await signUpUser(server, "Flooded");
    for (let i = 0; i < 5; i++) expect((await requestReset(user.email)).body).toEqual({ success: true });
    await mailTo(user.email, 3);
    await expect.poll(() => server.db.prisma.emailOutbox.count({ where: { to: user.email, status: "sent" } })).toBe(3);
    // Give the last two requests time to finish: they send nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await server.db.prisma.passwordReset.count({ where: { user: { email: user.email } } })).toBe(3);
    expect(smtp.inbox.filter((m) => m.to.includes(user.email))).toHaveLength(3);
  });
});

describe("using the link", () => {
  it("sets the new password, ends every session, does not sign in, and works once", async () => {
    const user = await signUpUser(server, "Resetter");
    const other = (await logIn(user.email, PASSWORD)).headers.get("set-cookie")!.split(";")[0]!;
    await requestReset(user.email);
    const token = tokenOfMail(await mailTo(user.email));

    const res = await confirm(token, "my new password");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(res.headers.get("set-cookie")).toBeNull();
    for (const cookie of [user.cookie, other]) expect((await server.request("GET", "/api/auth/me", { cookie })).status).toBe(401);
    expect((await logIn(user.email, PASSWORD)).status).toBe(401);
    expect((await logIn(user.email, "my new password")).status).toBe(200);

    const again = await confirm(token, "yet another password");
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      statusCode: 400,
      message: "This password reset link has already been used; request a new one",
      error: "Bad Request",
      issues: [{ path: "token", message: "This password reset link has already been used; request a new one" }],
    });
    expect((await logIn(user.email, "my new password")).status).toBe(200);
  });

  it("keeps an older unexpired link working after a newer request; using one voids the other", async () => {
    const user = await signUpUser(server, "Twice");
    await requestReset(user.email);
    const first = tokenOfMail(await mailTo(user.email));
    await requestReset(user.email);
    const second = tokenOfMail(await mailTo(user.email, 2));
    expect(second).not.toBe(first);
    expect((await confirm(first, "first new password")).status).toBe(200);
    const voided = await confirm(second, "second new password");
    expect(voided.status).toBe(400);
    // The link was never used: it says why it stopped working.
    expect(voided.body.message).toBe(
      "This password reset link stopped working because the password was changed after it was sent; request a new one",
    );
  });

  it("says so when a password change voided the link (REST and tRPC)", async () => {
    const user = await signUpUser(server, "Changer");
    await requestReset(user.email);
    const token = tokenOfMail(await mailTo(user.email));
    const changed = await server.request("POST", "/api/auth/password", {
      cookie: user.cookie,
      body: { currentPassword: PASSWORD, newPassword: "changed by the owner" },
    });
    expect(changed.status).toBe(200);
    const message = "This password reset link stopped working because the password was changed after it was sent; request a new one";
    const rest = await confirm(token, "attacker's choice");
    expect(rest.body).toEqual({ statusCode: 400, message, error: "Bad Request", issues: [{ path: "token", message }] });
    const trpc = await server.request("POST", "/trpc/auth.resetPassword", { body: { token, password: "attacker's choice" } });
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.message).toBe(message);
    expect((await logIn(user.email, "changed by the owner")).status).toBe(200);
  });

  it("refuses an expired link, an unknown token and a short password with 400", async () => {
    const user = await signUpUser(server, "Late");
    await requestReset(user.email);
    const token = tokenOfMail(await mailTo(user.email));
    const short = await confirm(token, "short");
    expect(short.status).toBe(400);
    expect(short.body.issues[0].path).toBe("password");

    await server.db.prisma.passwordReset.updateMany({
      where: { user: { email: user.email } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await confirm(token, "a new password");
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({
      statusCode: 400,
      message: "This password reset link has expired; request a new one",
      error: "Bad Request",
      issues: [{ path: "token", message: "This password reset link has expired; request a new one" }],
    });
    const unknown = await confirm("x".repeat(43), "a new password");
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("This password reset link is not valid; request a new one");
    expect((await logIn(user.email, PASSWORD)).status).toBe(200);
  });

  it("lets one of two concurrent confirmations with the same link win", async () => {
    const user = await signUpUser(server, "Racer");
    await requestReset(user.email);
    const token = tokenOfMail(await mailTo(user.email));
    const results = await Promise.all([confirm(token, "racing password A"), confirm(token, "racing password B")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0]!.status === 200 ? "racing password A" : "racing password B";
    expect((await logIn(user.email, winner)).status).toBe(200);
  });
});
