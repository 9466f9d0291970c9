// One browser journey through sign-in with an identity provider, in real headless Chromium: the
// web application's sign-in page → "Sign in with <name>" → the provider's own login page
// (oidc-provider on a loopback port, helpers/oidc-provider.ts) → back through the callback into
// the organization that invited the person. Only the service and the provider may be reached.
import { execFileSync } from "node:child_process";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { findWebDist } from "../../src/web/web-app";
import { guardedContext, launchBrowser, screenshotPath } from "../helpers/browser";
import { startTestIdp, type TestIdp } from "../helpers/oidc-provider";
import { signUpUser, startTestServer, type TestServer } from "../helpers/test-server";

let idp: TestIdp;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (!findWebDist()) execFileSync("pnpm", ["--filter", "@locale/web", "build"], { stdio: "inherit" });
  // Claims in the ID token, as Keycloak sends them (the HTTP suite covers the userinfo path).
  idp = await startTestIdp({ claimsInIdToken: true });
  server = await startTestServer({ OIDC_PROVIDERS: "company", ...idp.env("company", { name: "Company SSO" }) });
  idp.register([`${server.url}/api/auth/oidc/company/callback`]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await idp?.close();
});

it("an invited person signs in with the provider from the sign-in page and lands in the inviting organization", async () => {
  const owner = await signUpUser(server, "Olga Owner");
  await server.request("PATCH", `/api/organizations/${owner.orgId}`, { cookie: owner.cookie, body: { name: "Acme Translations" } });
  const invite = await server.request("POST", "/api/organizations/current/members/invite", {
    cookie: owner.cookie,
    body: { email: "dana@example.com", role: "translator" },
  });
  expect(invite.status).toBe(201);
  idp.accounts.set("dana", { email: "dana@example.com", email_verified: true, name: "Dana Provider" });

  const guarded = await guardedContext(browser, [server.url, idp.issuer]);
  try {
    const page = await guarded.newPage();
    await page.goto(`${server.url}/login`);
    const button = page.getByRole("link", { name: "Sign in with Company SSO" });
    await button.click();
    // The provider's own login page (another origin).
    await page.waitForURL((url) => url.href.startsWith(idp.issuer));
    await page.locator('input[name="login"]').fill("dana");
    await page.locator('input[name="password"]').fill("whatever the provider accepts");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.waitForURL((url) => url.href.startsWith(server.url) && !url.pathname.startsWith("/api/"));
    await expect.poll(() => page.getByText("Dana Provider · Acme Translations").count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/");
    await expect.poll(() => page.getByText("Loading…").count()).toBe(0);
    await page.screenshot({ path: screenshotPath("oidc-signed-in") });

    const sid = (await guarded.context.cookies(server.url)).find((c) => c.name === "sid");
    expect(sid?.httpOnly).toBe(true);
    const me = await server.request("GET", "/api/auth/me", { cookie: `sid=${sid!.value}` });
    expect(me.body).toMatchObject({ user: { email: "dana@example.com", name: "Dana Provider" }, role: "translator" });
    expect(me.body.organization._id).toBe(owner.orgId);
    expect(idp.userinfoRequests()).toBe(0);
    // The service's pages ask no other origin for anything; the provider's development login
    // page asks for a web font, which the guard blocked.
    expect(guarded.blocked.filter((url) => !url.startsWith("https://fonts.googleapis.com/"))).toEqual([]);
    // Uncaught errors only: the 401 of the signed-out `auth.me` also logs "Failed to load resource".
    expect(guarded.errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
  } finally {
    await guarded.context.close();
  }
});
