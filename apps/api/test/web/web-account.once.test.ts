// Browser journeys through the identity pages of the web application in real headless Chromium:
// a forgotten password reset through the e-mailed link (over a real SMTP conversation with a
// server on a random local port), the account screen (change password, sessions of two browsers,
// revoke one, sign out everywhere), and the sign-in page's identity-provider buttons and error
// sentences. Each screen is checked with axe-core; nothing may be loaded from another origin.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findWebDist } from "../../src/web/web-app";
import { type GuardedContext, guardedContext, launchBrowser, screenshotPath } from "../helpers/browser";
import { startTestIdp, type TestIdp } from "../helpers/oidc-provider";
import { type SmtpPeer, startSmtpPeer } from "../helpers/smtp-peer";
import { signUpUser, startTestServer, type TestServer } from "../helpers/test-server";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let smtp: SmtpPeer;
let server: TestServer;
let idp: TestIdp;
let browser: Browser;
const contexts: GuardedContext[] = [];

beforeAll(async () => {
  if (!findWebDist()) execFileSync("pnpm", ["--filter", "@locale/web", "build"], { stdio: "inherit" });
  // The edges we do not own — the SMTP peer (records what the service sends) and the identity
  // provider (oidc-provider with its login page) — started together with the browser
  // (independent, and slow on a busy machine).
  [smtp, idp, browser] = await Promise.all([startSmtpPeer(), startTestIdp(), launchBrowser()]);
  // No PUBLIC_URL: links in mails point at this server's own address.
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Locale <accounts@example.test>",
    OIDC_PROVIDERS: "example",
    ...idp.env("example", { name: "Example ID" }),
  });
  idp.register([`${server.url}/api/auth/oidc/example/callback`]);
});

afterAll(async () => {
  for (const c of contexts) await c.context.close().catch(() => {});
  await browser?.close();
  await server?.close();
  await idp?.close();
  await smtp?.close();
});

async function newContext(): Promise<GuardedContext> {
  // bypassCSP only so the test can inject axe-core; the application itself runs under its CSP.
  const c = await guardedContext(browser, [server.url], { bypassCSP: true });
  contexts.push(c);
  return c;
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<any> } }).axe;
    return axe.run(document, { resultTypes: ["violations"] });
  });
  const serious = (result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious, `axe on ${screen}`).toEqual([]);
}

/** Uncaught errors only: refused requests the UI handles (400, 401) also log to the console. */
function expectClean(c: GuardedContext): void {
  expect(c.blocked).toEqual([]);
  expect(c.errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("heading", { name: "Projects" }).waitFor();
}

const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function resetLinkMailedTo(address: string): Promise<string> {
  await expect.poll(() => smtp.inbox.some((m) => m.to.includes(address)), { timeout: 10_000 }).toBe(true);
  const mail = smtp.inbox.find((m) => m.to.includes(address))!;
  const escaped = server.url.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const match = decodeQuotedPrintable(mail.raw).match(new RegExp(`${escaped}/reset-password#token=[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no reset link in:\n${mail.raw}`);
  return match[0];
}

const meStatus = async (cookie: string) => (await server.request("GET", "/api/auth/me", { cookie })).status;

describe("web application: identity pages", () => {
  it("forgot password: the mailed link sets a new password, ends the old sessions, and works once", async () => {
    const user = await signUpUser(server, "Rosa Reset");
    const c = await newContext();
    const page = await c.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await expectAccessible(page, "forgot password");
    // An address without an account gets the same confirmation, and no mail.
    await page.getByLabel("E-mail").fill("nobody-here@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    const confirmation = page.getByRole("status");
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain("If an account uses nobody-here@example.com");
    await page.getByRole("button", { name: "Send another link" }).click();
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText(`If an account uses ${user.email}`).waitFor();
    await expectAccessible(page, "forgot password sent");
    await page.screenshot({ path: screenshotPath("web-account-forgot-password-sent") });

    const link = await resetLinkMailedTo(user.email);
    expect(smtp.inbox.some((m) => m.to.includes("nobody-here@example.com"))).toBe(false);
    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    // The secret left the address bar at once (and the history entry was replaced, not added).
    expect(page.url()).toBe(`${server.url}/reset-password`);
    expect(await page.evaluate(() => location.hash)).toBe("");
    await expectAccessible(page, "reset password");
    await page.getByLabel("New password", { exact: true }).fill("brand new secret");
    await page.getByLabel("Repeat the new password").fill("brand new secreT");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText("The two passwords differ.").waitFor();
    await page.getByLabel("Repeat the new password").fill("brand new secret");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByRole("heading", { name: "Sign in to Locale" }).waitFor();
    await page.getByText("Your password was changed and every session signed out.").waitFor();
    expect(page.url()).toBe(`${server.url}/login?notice=password-reset`);
    await expectAccessible(page, "sign-in after reset");
    await page.screenshot({ path: screenshotPath("web-account-signed-in-after-reset") });
    // The session from sign-up ended with the reset; the old password no longer works.
    expect(await meStatus(user.cookie)).toBe(401);
    const old = await server.request("POST", "/api/auth/login", { body: { email: user.email, password: "correct horse" } });
    expect(old.status).toBe(401);
    await signIn(page, user.email, "brand new secret");

    // The link is single-use: opened again, the page says so and offers a new one.
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("another secret");
    await page.getByLabel("Repeat the new password").fill("another secret");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("This password reset link has already been used; request a new one.");
    await page.getByRole("link", { name: "Ask for a new link" }).waitFor();
    await expectAccessible(page, "reset link used");
    await page.screenshot({ path: screenshotPath("web-account-reset-link-used") });
    expectClean(c);
  });

  it("account: change password, two browsers' sessions, revoke the other, sign out everywhere", async () => {
    const user = await signUpUser(server, "Alex Account");
    const a = await newContext();
    const pageA = await a.newPage();
    await signIn(pageA, user.email, "correct horse");
    await pageA.getByRole("link", { name: "Your account" }).click();
    await pageA.getByRole("heading", { name: "Your account" }).waitFor();
    expect(pageA.url()).toBe(`${server.url}/account`);
    await expectAccessible(pageA, "account");

    // A wrong current password is said next to its field, and does not sign the page out.
    await pageA.getByLabel("Current password").fill("not my password");
    await pageA.getByLabel("New password", { exact: true }).fill("alex second secret");
    await pageA.getByLabel("Repeat the new password").fill("alex second secret");
    await pageA.getByRole("button", { name: "Change password" }).click();
    await pageA.getByText("This is not your current password.").waitFor();
    expect(await pageA.getByLabel("Current password").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(pageA, "account, wrong current password");
    await pageA.screenshot({ path: screenshotPath("web-account-wrong-current-password") });
    await pageA.getByLabel("Current password").fill("correct horse");
    await pageA.getByRole("button", { name: "Change password" }).click();
    await pageA.getByText("Password changed. Every other session of your account was signed out.").waitFor();
    // The sign-up session (another "device") ended; this one stays.
    expect(await meStatus(user.cookie)).toBe(401);
    const sessions = pageA.getByRole("table", { name: /Active sessions/ });
    await expect.poll(() => sessions.locator("tbody tr").count()).toBe(1);

    // A second browser signs in with the new password: both sessions are listed, this one marked.
    const b = await newContext();
    const pageB = await b.newPage();
    await signIn(pageB, user.email, "alex second secret");
    await pageA.reload();
    await expect.poll(() => sessions.locator("tbody tr").count()).toBe(2);
    const current = sessions.locator('tbody tr[aria-current="true"]');
    await expect(current.count()).resolves.toBe(1);
    expect(await current.textContent()).toContain("This session");
    expect(await sessions.locator("tbody tr").first().textContent()).toContain("Headless Chrome on Linux");
    await expectAccessible(pageA, "account with two sessions");
    await pageA.screenshot({ path: screenshotPath("web-account-sessions"), fullPage: true });

    // Revoking the other session signs the second browser out.
    await sessions.getByRole("button", { name: /^Revoke/ }).click();
    await expect.poll(() => sessions.locator("tbody tr").count()).toBe(1);
    await pageB.goto(`${server.url}/`);
    await pageB.getByRole("heading", { name: "Sign in to Locale" }).waitFor();

    // "Sign out everywhere" ends every session, this page's included (another one opened over the API).
    const login = await server.request("POST", "/api/auth/login", { body: { email: user.email, password: "alex second secret" } });
    const otherCookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(await meStatus(otherCookie)).toBe(200);
    await pageA.reload();
    await expect.poll(() => sessions.locator("tbody tr").count()).toBe(2);
    await pageA.getByRole("button", { name: "Sign out everywhere" }).click();
    const dialog = pageA.getByRole("dialog", { name: "Sign out everywhere" });
    await expectAccessible(pageA, "sign out everywhere dialog");
    await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
    await pageA.getByRole("heading", { name: "Sign in to Locale" }).waitFor();
    await pageA.getByText("You were signed out on every device.").waitFor();
    await pageA.screenshot({ path: screenshotPath("web-account-signed-out-everywhere") });
    expect(await meStatus(otherCookie)).toBe(401);
    expectClean(a);
    expectClean(b);
  });

  it("the identity pages run under the application's Content-Security-Policy: nothing refused", async () => {
    // No bypassCSP here: the pages as a person's browser gets them.
    const c = await guardedContext(browser, [server.url]);
    contexts.push(c);
    const page = await c.newPage();
    const violations: string[] = [];
    await page.exposeFunction("reportCspViolation", (v: string) => violations.push(v));
    await page.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (e) =>
        (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
    for (const [path, heading] of [
      ["/sign-in?error=oidc_state", "Sign in to Locale"],
      ["/forgot-password", "Reset your password"],
      ["/reset-password#token=not-a-real-token", "Choose a new password"],
    ] as const) {
      await page.goto(server.url + path);
      await page.getByRole("heading", { name: heading }).waitFor();
    }
    const user = await signUpUser(server, "Cora CSP");
    const [name, ...value] = user.cookie.split("=");
    await c.context.addCookies([{ name: name!, value: value.join("="), url: server.url }]);
    await page.goto(`${server.url}/account`);
    await page.getByRole("table", { name: /Active sessions/ }).waitFor();
    expect(violations).toEqual([]);
    expectClean(c);
  });

  it("sign-in page: a ?next= whose dot segments normalise to //host goes to / instead, for the password and the provider's button", async () => {
    const c = await newContext();
    const page = await c.newPage();
    const owner = await signUpUser(server, "Nora Next");
    for (const next of ["/.//evil.example/", "/a/..//evil.example/", "/%2e//evil.example/", "/%2e%2e//evil.example/"]) {
      await page.goto(`${server.url}/sign-in?next=${encodeURIComponent(next)}`);
      await page.getByRole("heading", { name: "Sign in to Locale" }).waitFor();
      expect(await page.getByRole("link", { name: "Sign in with Example ID" }).getAttribute("href"), next).toBe(
        "/api/auth/oidc/example/start",
      );
    }
    await page.getByLabel("E-mail").fill(owner.email);
    await page.getByLabel("Password").fill("correct horse");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { name: "Projects" }).waitFor();
    expect(page.url()).toBe(`${server.url}/`);
    // A path that stays on the service is kept (normalised).
    await page.context().clearCookies();
    await page.goto(`${server.url}/sign-in?next=${encodeURIComponent("/x/../account")}`);
    expect(await page.getByRole("link", { name: "Sign in with Example ID" }).getAttribute("href")).toBe(
      "/api/auth/oidc/example/start?returnTo=%2Faccount",
    );
    expectClean(c);
  });

  it("sign-in page: a provider's button from a deep link signs in and lands there; refusals get a sentence; invitations carry their token", async () => {
    idp.accounts.set("pat", { email: "pat@example.org", email_verified: true, name: "Pat Provider" });
    const c = await guardedContext(browser, [server.url, idp.issuer], { bypassCSP: true });
    contexts.push(c);
    const page = await c.newPage();
    // A deep link while signed out: the sign-in page remembers it, and so does the provider's button.
    await page.goto(`${server.url}/account`);
    await page.getByRole("heading", { name: "Sign in to Locale" }).waitFor();
    const button = page.getByRole("link", { name: "Sign in with Example ID" });
    expect(await button.getAttribute("href")).toBe("/api/auth/oidc/example/start?returnTo=%2Faccount");
    await expectAccessible(page, "sign-in with a provider");
    await page.screenshot({ path: screenshotPath("web-account-sign-in-providers") });
    // The providers' names answer after the sessions (as happened once in CI): the session's row
    // must still name the provider, never show its id in the meantime.
    await page.route(/\/trpc\/auth\.providers\b/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await button.click();
    // The provider's own login page (oidc-provider's development interaction: any password).
    await page.locator('input[name="login"]').fill("pat");
    await page.locator('input[name="password"]').fill("any password");
    await page.locator('button[type="submit"]').click();
    await page.getByRole("heading", { name: "Your account" }).waitFor();
    expect(page.url()).toBe(`${server.url}/account`);
    const row = page.getByRole("table", { name: /Active sessions/ }).locator('tbody tr[aria-current="true"]');
    expect(await row.textContent()).toContain("Example ID");
    // An account the provider created has no password: the page says how to set one.
    await page.getByRole("link", { name: "reset link by e-mail" }).waitFor();
    await page.screenshot({ path: screenshotPath("web-account-via-provider"), fullPage: true });

    // The callback's refusal codes become sentences; the provider list is the server's.
    const other = await newContext();
    const signedOut = await other.newPage();
    await signedOut.goto(`${server.url}/sign-in?error=oidc_unverified_email`);
    await signedOut.getByRole("heading", { name: "Sign in to Locale" }).waitFor();
    await expect(signedOut.getByRole("alert").textContent()).resolves.toBe(
      "Your identity provider did not give a verified e-mail address, so it cannot be used to sign in here. Verify your e-mail address with the provider, then try again.",
    );
    const providers = await server.request("GET", "/api/auth/providers");
    await expect(signedOut.getByRole("link", { name: /^Sign in with / }).allTextContents()).resolves.toEqual(
      providers.body.items.map((p: { name: string }) => `Sign in with ${p.name}`),
    );
    expect(await signedOut.getByRole("link", { name: "Sign in with Example ID" }).getAttribute("href")).toBe(
      "/api/auth/oidc/example/start",
    );
    await expectAccessible(signedOut, "sign-in with a provider error");
    await signedOut.screenshot({ path: screenshotPath("web-account-sign-in-error") });

    // An invitation page offers the provider too, with the invitation's token on the way.
    const owner = await signUpUser(server, "Ivy Inviter");
    const invite = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: owner.cookie,
      body: { email: "invitee@example.org", role: "translator" },
    });
    expect(invite.status).toBe(201);
    const token = new URL(invite.body.inviteUrl as string).searchParams.get("token")!;
    await signedOut.goto(invite.body.inviteUrl as string);
    const join = signedOut.getByRole("link", { name: "Join with Example ID" });
    expect(await join.getAttribute("href")).toBe(`/api/auth/oidc/example/start?invitation=${token}`);
    await expectAccessible(signedOut, "accept invitation with a provider");
    await signedOut.screenshot({ path: screenshotPath("web-account-invitation-providers") });
    // The provider's development login page (not ours) asks for a web font, blocked like anything foreign.
    c.blocked.splice(0, c.blocked.length, ...c.blocked.filter((url) => !url.startsWith("https://fonts.googleapis.com/")));
    expectClean(c);
    expectClean(other);
  });
});
