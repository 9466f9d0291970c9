// Browser journeys, in real headless Chromium against the production build (other origins blocked,
// axe-core on every screen, at 1280 px and at 390 px): the organization settings show usage
// against the operator's quotas, and "Your account" links an identity provider through the
// provider's own login page (oidc-provider on a loopback port) and shows it linked.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedContext, launchBrowser, screenshotPath } from "../helpers/browser";
import { addMember } from "../helpers/invite-member";
import { startTestIdp, type TestIdp } from "../helpers/oidc-provider";
import { signUpUser, startTestServer, type TestServer } from "../helpers/test-server";
import { ensureWebBuilt, expectAccessible, expectClean, journeyContext, signIn } from "../helpers/web-journey";

let idp: TestIdp;
let server: TestServer;
let browser: Browser;

const VIEWPORTS = [
  { name: "desktop", options: {} },
  { name: "390 px", options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
] as const;

beforeAll(async () => {
  ensureWebBuilt();
  idp = await startTestIdp({ claimsInIdToken: true });
  server = await startTestServer({
    QUOTA_KEYS: "3",
    QUOTA_AI_CHARACTERS_PER_MONTH: "50000",
    OIDC_PROVIDERS: "company",
    ...idp.env("company", { name: "Company SSO" }),
  });
  idp.register([`${server.url}/api/auth/oidc/company/callback`]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await idp?.close();
});

async function fits(page: Page, screen: string, width: number): Promise<void> {
  const scroll = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  const wide = await page.evaluate(
    (w) =>
      [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > w + 1)
        .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)
        .slice(0, 8),
    width,
  );
  expect(scroll, `page width of ${screen}: ${wide.join(", ")}`).toBeLessThanOrEqual(width);
}

describe("usage against quotas on the organization settings screen", () => {
  it.each(VIEWPORTS)("shows every quota with its use and limit ($name)", async ({ name, options }) => {
    const owner = await signUpUser(server, "Uma Owner");
    const project = await server.request("POST", "/api/projects", {
      apiKey: owner.apiKey,
      body: { name: "Shop", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    for (const key of ["cart.add", "cart.remove"]) {
      await server.request("POST", `/api/projects/${project.body._id}/keys`, { apiKey: owner.apiKey, body: { key } });
    }
    const c = await journeyContext(browser, server, options);
    try {
      const page = await c.newPage();
      await signIn(page, server, owner.email, "correct horse");
      await page.goto(`${server.url}/organization/settings`);
      await page.getByRole("heading", { name: "Usage and quotas" }).waitFor();
      const row = (label: string) => page.getByRole("row", { name: new RegExp(`^${label}`) });
      await expect.poll(() => row("Keys").textContent()).toBe("Keys23");
      expect(await row("Projects").textContent()).toBe("Projects1Unlimited");
      expect(await row("Members and open invitations").textContent()).toBe("Members and open invitations1Unlimited");
      expect(await row("AI characters this month").textContent()).toBe("AI characters this month050,000");
      const bar = page.getByRole("progressbar", { name: "Keys: share of the quota used" });
      expect(await bar.getAttribute("aria-valuenow")).toBe("67");
      await expectAccessible(page, `organization settings with usage (${name})`);
      if (name === "390 px") await fits(page, "organization settings", 390);
      await page.screenshot({ path: screenshotPath(`usage-${name.replace(" ", "")}`), fullPage: true });
      expectClean(c);
    } finally {
      await c.context.close();
    }
  });

  it("is not offered to a translator, who has no settings tab (the server refuses usage to them)", async () => {
    const owner = await signUpUser(server, "Tom Owner");
    const translator = await addMember(server, owner, "translator", { name: "Tina Translator" });
    expect((await server.request("GET", "/api/organizations/current/usage", { cookie: translator.cookie })).status).toBe(403);
    const c = await journeyContext(browser, server);
    try {
      const page = await c.newPage();
      await signIn(page, server, translator.email, "member password");
      await page.goto(`${server.url}/organization/settings`);
      await page.getByRole("navigation", { name: "Organization" }).waitFor();
      expect(await page.getByRole("link", { name: "Settings" }).count()).toBe(0);
      expect(await page.getByRole("heading", { name: "Usage and quotas" }).count()).toBe(0);
      expectClean(c);
    } finally {
      await c.context.close();
    }
  });
});

describe("linking an identity provider from Your account", () => {
  it.each(VIEWPORTS)("Link Company SSO goes through the provider and comes back linked ($name)", async ({ name, options }) => {
    const owner = await signUpUser(server, "Lena Linker");
    const login = `lena-${name.replace(" ", "")}`;
    idp.accounts.set(login, { email: `${login}@company.example`, email_verified: true, name: "Lena at Company" });
    // The provider's own login page is the one other origin this journey may reach; bypassCSP only for axe-core.
    const c = await guardedContext(browser, [server.url, idp.issuer], { bypassCSP: true, ...options });
    try {
      const page = await c.newPage();
      await signIn(page, server, owner.email, "correct horse");
      await page.goto(`${server.url}/account`);
      await page.getByRole("heading", { name: "Sign-in providers" }).waitFor();
      const link = page.getByRole("link", { name: "Link Company SSO" });
      const href = await link.getAttribute("href");
      expect(new URL(href!, server.url).searchParams.get("link")).toBe("true");
      expect(new URL(href!, server.url).searchParams.get("returnTo")).toBe("/account");
      await expectAccessible(page, `account with a provider to link (${name})`);
      if (name === "390 px") await fits(page, "account", 390);

      await link.click();
      await page.waitForURL((url) => url.href.startsWith(idp.issuer));
      await page.locator('input[name="login"]').fill(login);
      await page.locator('input[name="password"]').fill("whatever the provider accepts");
      await page.getByRole("button", { name: "Sign-in" }).click();
      await page.waitForURL((url) => url.href.startsWith(server.url) && url.pathname === "/account");
      await page.getByText(`Linked as ${login}@company.example`).waitFor();
      expect(await page.getByRole("link", { name: "Link Company SSO" }).count()).toBe(0);
      await expectAccessible(page, `account with the provider linked (${name})`);
      await page.screenshot({ path: screenshotPath(`linked-${name.replace(" ", "")}`), fullPage: true });

      const identities = await server.request("GET", "/api/auth/identities", { cookie: owner.cookie });
      expect(identities.body.items).toEqual([
        { provider: "company", email: `${login}@company.example`, linkedAt: expect.any(String), lastLoginAt: expect.anything() },
      ]);
      expect(c.errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
    } finally {
      await c.context.close();
    }
  });
});
