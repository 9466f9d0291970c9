// Browser journeys through the web application (apps/web, built and served by the api at `/`) in
// real headless Chromium: a translator, a reviewer, a developer, an admin and an AI batch. Each
// screen is checked with axe-core (no serious or critical violation), nothing may be loaded from
// another origin, and each journey's end is saved as a screenshot under test-output/screenshots.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { JSON_FORMATS } from "@locale/core/import-export";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findWebDist } from "../../src/web/web-app";
import { type GuardedContext, guardedContext, launchBrowser, screenshotPath } from "../helpers/browser";
import { type FakeAiProviders, seedProject, startFakeAiProviders, waitUntil } from "../helpers/fake-ai-providers";
import { addMember } from "../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let server: TestServer;
let fake: FakeAiProviders;
let browser: Browser;
let owner: TestUser;
const contexts: GuardedContext[] = [];
// The webhook receiver (an edge we do not own): a real HTTP peer that records what it is sent.
let hookServer: Server;
let hookUrl: string;
const hookBodies: string[] = [];

beforeAll(async () => {
  // The suite drives the production build; build it when `pnpm build` has not run yet.
  if (!findWebDist()) execFileSync("pnpm", ["--filter", "@locale/web", "build"], { stdio: "inherit" });
  fake = await startFakeAiProviders();
  hookServer = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      hookBodies.push(body);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => hookServer.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/hooks`;
  server = await startTestServer(
    {
      OPENAI_API_KEY: "k",
      OPENAI_BASE_URL: fake.openaiUrl,
      DEFAULT_AI_PROVIDER: "provider_b",
      AI_MAX_CONCURRENCY: "1",
      AI_RETRY_BASE_MS: "20",
      AI_SSE_HEARTBEAT_MS: "200",
      WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
    },
    { worker: true },
  );
  owner = await signUpUser(server, "Olivia Owner");
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const c of contexts) await c.context.close().catch(() => {});
  await browser?.close();
  await server?.close();
  await fake?.close();
  await new Promise((r) => hookServer?.close(r));
});

async function newContext(): Promise<GuardedContext> {
  // bypassCSP only so the test can inject axe-core; the application itself runs under its CSP.
  const c = await guardedContext(browser, [server.url], { bypassCSP: true, acceptDownloads: true });
  contexts.push(c);
  return c;
}

/** Serious and critical axe-core violations of the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<any> } }).axe;
    return axe.run(document, { resultTypes: ["violations"] });
  });
  return (result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect(await axeViolations(page), `axe on ${screen}`).toEqual([]);
}

/** Uncaught errors only: failed requests the UI handles (a 401 before sign-in) also log to the console. */
function expectClean(c: GuardedContext): void {
  expect(c.blocked).toEqual([]);
  expect(c.errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Password").press("Enter");
  await page.getByRole("heading", { name: "Projects" }).waitFor();
}

async function progressOf(page: Page, label: string): Promise<number> {
  return Number(await page.getByRole("progressbar", { name: `${label} progress` }).getAttribute("aria-valuenow"));
}

const KEYS = [
  { key: "app.title", source: "Welcome", targets: { de: "Willkommen" } },
  { key: "cart.count", source: "{count, plural, one {# item} other {# items}}" },
  { key: "greeting", source: "Hello, {name}!" },
  { key: "logout", source: "Sign out" },
  { key: "save", source: "Save" },
];

describe("web application", () => {
  it("serves the application shell at / and client routes, with a strict CSP and no foreign origin", async () => {
    for (const p of ["/", "/projects/abc", "/organization/members", "/accept-invite?token=secret-token"]) {
      const res = await fetch(server.url + p);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain("secret-token");
    }
    // API paths keep their JSON 404s; a missing asset is a 404, not the shell.
    expect((await fetch(`${server.url}/api/nope`)).status).toBe(404);
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
  });

  it("runs under its own Content-Security-Policy: nothing refused on the main screens", async () => {
    const { projectId } = await seedProject(server, owner, KEYS);
    const c = await guardedContext(browser, [server.url]);
    contexts.push(c);
    await c.context.addCookies([{ name: owner.cookie.split("=")[0]!, value: owner.cookie.split("=").slice(1).join("="), url: server.url }]);
    const page = await c.newPage();
    const violations: string[] = [];
    await page.exposeFunction("reportCspViolation", (v: string) => violations.push(v));
    await page.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (e) =>
        (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
    for (const [path, ready] of [
      ["/", "h1"],
      [`/projects/${projectId}`, "[data-cell]"],
      [`/projects/${projectId}/files`, ".dropzone"],
      ["/organization/analytics", "svg"],
    ] as const) {
      await page.goto(server.url + path);
      await page.locator(ready).first().waitFor();
    }
    await page.getByRole("img", { name: /Translations and reviews per day/ }).waitFor();
    expect(violations).toEqual([]);
    expectClean(c);
  });

  it("sign-up, wrong credentials, sign-out", async () => {
    const c = await newContext();
    const page = await c.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole("heading", { name: "Sign in to Locale" }).waitFor();
    await expectAccessible(page, "sign-in");
    await page.getByLabel("E-mail").fill(owner.email);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Wrong e-mail or password.");

    await page.getByRole("link", { name: "Create one" }).click();
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    await expectAccessible(page, "sign-up");
    await page.getByLabel("Your name").fill("Sam Signup");
    await page.getByLabel("E-mail").fill(`sam-${Date.now()}@example.com`);
    await page.getByLabel("Password").fill("sam password");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Projects" }).waitFor();
    await expect(page.getByText("Sam Signup").count()).resolves.toBe(1);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in to Locale" }).waitFor();
    await page.screenshot({ path: screenshotPath("web-signed-out") });
    expectClean(c);
  });

  it("a translator filters untranslated German, translates three strings with the keyboard only and sees progress move", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, KEYS);
    const translator = await addMember(server, owner, "translator", { name: "Tina Translator" });
    const c = await newContext();
    const page = await c.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await signIn(page, translator.email, "member password");
    await expectAccessible(page, "projects");
    await page.locator(`a[href="/projects/${projectId}"]`).first().click();
    await page.getByRole("button", { name: /^app\.title in German/ }).waitFor();
    await expectAccessible(page, "editor");
    const before = await progressOf(page, "German (de)");
    expect(before).toBe(20);

    await page.getByLabel("Untranslated in").selectOption("de");
    await page.getByText("4 keys").waitFor();
    // Keyboard only from here: g focuses the grid, Enter edits, Ctrl+Enter saves and moves on.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("g");
    await page.keyboard.press("Enter");
    // cart.count is a plural: one field per German CLDR category (one, other).
    await expect(page.getByText("Plural forms of count (de)").count()).resolves.toBe(1);
    await page.keyboard.type("# Artikel");
    await page.keyboard.press("Tab");
    await page.keyboard.type("# Artikel");
    await page.keyboard.press("Control+Enter");
    // Typing starts only once the next row's editor holds the focus (keys typed earlier are grid shortcuts).
    await page.waitForFunction(() => {
      const el = document.activeElement;
      return el instanceof HTMLTextAreaElement && el.getAttribute("aria-label") === "Translation (de)" && el.value === "";
    });
    await page.keyboard.type("Hallo!");
    // The placeholder warning shows while typing, with the server's own checks.
    await page.getByText("The placeholder {name} of the source is missing.").waitFor();
    await page.keyboard.press("Control+a");
    await page.keyboard.type("Hallo, {name}!");
    await expect(page.getByText("The placeholder {name}").count()).resolves.toBe(0);
    await page.keyboard.press("Control+Enter");
    // Typing starts only once the next row's editor holds the focus (keys typed earlier are grid shortcuts).
    await page.waitForFunction(() => {
      const el = document.activeElement;
      return el instanceof HTMLTextAreaElement && el.getAttribute("aria-label") === "Translation (de)" && el.value === "";
    });
    await page.keyboard.type("Abmelden");
    await page.keyboard.press("Control+Enter");
    await waitUntil(async () => (await progressOf(page, "German (de)")) === 80, 10_000);
    await page.keyboard.press("Escape");
    await page.keyboard.press("?");
    await page.getByRole("heading", { name: "Keyboard shortcuts" }).waitFor();
    await expectAccessible(page, "shortcut sheet");
    await page.keyboard.press("Escape");
    await page.screenshot({ path: screenshotPath("web-translator-editor") });
    // Route-level splitting: the editor never loads the organization screens' code.
    expect(scripts.some((p) => p.includes("editor-screen"))).toBe(true);
    expect(scripts.filter((p) => p.includes("organization-screen"))).toEqual([]);

    const de = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds["greeting"]}/translations`, { apiKey: owner.apiKey });
    expect(de.body.find((t: { language: string }) => t.language === "de")).toMatchObject({
      value: "Hallo, {name}!",
      status: "translated",
      warnings: [],
    });
    const plural = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds["cart.count"]}/translations`, {
      apiKey: owner.apiKey,
    });
    expect(plural.body.find((t: { language: string }) => t.language === "de").value).toBe(
      "{count, plural, one {# Artikel} other {# Artikel}}",
    );
    const logout = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds.logout}/translations`, { apiKey: owner.apiKey });
    expect(logout.body.find((t: { language: string }) => t.language === "de").value).toBe("Abmelden");
    expectClean(c);
  });

  it("a reviewer approves a translation and cannot edit a value", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, KEYS);
    const reviewer = await addMember(server, owner, "reviewer", { name: "Rita Reviewer" });
    const c = await newContext();
    const page = await c.newPage();
    await signIn(page, reviewer.email, "member password");
    await page.goto(`${server.url}/projects/${projectId}`);
    const cell = page.getByRole("button", { name: /^app\.title in German/ });
    await cell.click();
    await page.getByRole("complementary").getByRole("button", { name: "Approve" }).click();
    await page.getByRole("button", { name: /^app\.title in German: Willkommen\W*Approved/ }).waitFor();
    // Editing is not offered: Enter and double-click open no editor, and the server refuses anyway.
    await cell.focus();
    await page.keyboard.press("Enter");
    await cell.dblclick();
    await expect(page.getByRole("textbox", { name: "Translation (de)" }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "New key" }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: /AI translate/ }).count()).resolves.toBe(0);
    const put = await server.request("PUT", `/api/projects/${projectId}/keys/${keyIds["app.title"]}/translations/de`, {
      cookie: reviewer.cookie,
      body: { value: "Hallo" },
    });
    expect(put.status).toBe(403);
    // Tab from the selected cell leaves the grid for the side panel (one row at a time is in the Tab order).
    await cell.focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("aside") !== null)).toBe(true);
    await expectAccessible(page, "editor with side panel");
    // The status filter finds it: approved in German.
    await page.getByRole("search").getByLabel("Status").first().selectOption("approved");
    await expect(page.getByLabel("Status in").inputValue()).resolves.toBe("de");
    await page.getByText("1 key", { exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath("web-reviewer-approved") });
    const t = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds["app.title"]}/translations`, { apiKey: owner.apiKey });
    expect(t.body.find((x: { language: string }) => x.language === "de")).toMatchObject({ value: "Willkommen", status: "approved" });
    expectClean(c);
  });

  it("a developer imports a PO file and downloads an XLIFF export whose content is checked", async () => {
    const { projectId } = await seedProject(server, owner, KEYS);
    const developer = await addMember(server, owner, "developer", { name: "Dev Eloper" });
    const c = await newContext();
    const page = await c.newPage();
    await signIn(page, developer.email, "member password");
    await page.goto(`${server.url}/projects/${projectId}/files`);
    await page.getByRole("heading", { name: "Import a file" }).waitFor();
    await expectAccessible(page, "import/export");
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      '"Language: de\\n"',
      "",
      'msgid "save"',
      'msgstr "Speichern"',
      "",
      'msgid "logout"',
      'msgstr "Abmelden & tschüss"',
      "",
      'msgid "new.key"',
      'msgstr "Neu"',
      "",
    ].join("\n");
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "de.po", mimeType: "text/x-gettext-translation", buffer: Buffer.from(po) });
    await expect.poll(() => page.getByLabel("Format", { exact: true }).inputValue()).toBe("po");
    await page.getByLabel("Language", { exact: true }).selectOption("de");
    await page.getByRole("button", { name: "Import" }).click();
    const result = page.locator(".import-result");
    await result.waitFor();
    await expect(result.getByRole("row", { name: /Imported/ }).textContent()).resolves.toBe("Imported3");
    await expect(result.getByRole("row", { name: /Keys created/ }).textContent()).resolves.toBe("Keys created1");

    await page.getByLabel("Export language").selectOption("de");
    await page.getByLabel("Export format").selectOption("xliff");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download" }).click()]);
    const file = path.join(os.tmpdir(), `web-export-${Date.now()}.xlf`);
    await download.saveAs(file);
    const xliff = readFileSync(file, "utf8");
    // Well-formed by libxml2's own reader, and carrying the imported values.
    execFileSync("xmllint", ["--noout", file]);
    expect(xliff).toContain('target-language="de"');
    expect(xliff).toMatch(/<source>Save<\/source>\s*<target[^>]*>Speichern<\/target>/);
    expect(xliff).toContain("Abmelden &amp; tschüss");
    expect(xliff).toContain("Willkommen");

    // The namespace field appears exactly for the formats whose import the server lets take one.
    const formatSelect = page.getByLabel("Format", { exact: true });
    const offered = await formatSelect
      .locator("option")
      .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(offered).toEqual(
      expect.arrayContaining([
        ["xliff", "XLIFF 1.2 (.xlf)"],
        ["xliff2", "XLIFF 2.0 (.xlf)"],
      ]),
    );
    for (const [format] of offered.filter(([v]) => v)) {
      await formatSelect.selectOption(format!);
      expect(await page.getByLabel("Namespace", { exact: true }).count(), format!).toBe(JSON_FORMATS.includes(format as never) ? 1 : 0);
    }
    // A JSON file imported into a namespace comes back alone, as XLIFF 2.0, from a namespace export.
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "de.json", mimeType: "application/json", buffer: Buffer.from('{"pay": "Bezahlen"}') });
    await expect.poll(() => formatSelect.inputValue()).toBe("json-flat");
    await page.getByLabel("Namespace", { exact: true }).fill("checkout");
    await page.getByRole("button", { name: "Import" }).click();
    await expect.poll(() => result.getByRole("row", { name: /Keys created/ }).textContent()).toBe("Keys created1");
    await page.getByLabel("Export format").selectOption("xliff2");
    await page.getByLabel("Export namespace").fill("checkout");
    const [download2] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download" }).click()]);
    const file2 = path.join(os.tmpdir(), `web-export-${Date.now()}-2.xlf`);
    await download2.saveAs(file2);
    execFileSync("xmllint", ["--noout", file2]);
    const xliff2 = readFileSync(file2, "utf8");
    expect(xliff2).toMatch(/<xliff[^>]*version="2\.0"/);
    expect(xliff2).toMatch(/<unit id="pay"/);
    expect(xliff2).toContain("Bezahlen");
    expect(xliff2).not.toContain("Speichern");
    await expectAccessible(page, "import/export with namespace");
    await page.screenshot({ path: screenshotPath("web-developer-import-export") });
    expectClean(c);
  });

  it("an admin invites a member, the link is followed in a second browser, and the member's role is changed", async () => {
    const admin = await addMember(server, owner, "admin", { name: "Ada Admin" });
    const c = await newContext();
    const page = await c.newPage();
    await signIn(page, admin.email, "member password");
    await page.getByRole("link", { name: "Organization" }).click();
    await page.getByRole("heading", { name: "Members" }).waitFor();
    await expectAccessible(page, "members");
    const email = `invitee-${Date.now()}@example.com`;
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Role", { exact: true }).selectOption("translator");
    await page.getByRole("button", { name: "Send invitation" }).click();
    const link = await page.getByLabel("Invitation link").inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/accept-invite\\?token=`));
    await page.getByRole("listitem").filter({ hasText: email }).waitFor();

    const second = await newContext();
    const invitee = await second.newPage();
    await invitee.goto(link);
    await invitee.getByRole("heading", { name: "Accept invitation" }).waitFor();
    // The single-use token leaves the address bar at once.
    expect(new URL(invitee.url()).search).toBe("");
    await expectAccessible(invitee, "accept invitation");
    await invitee.getByLabel("Your name").fill("Ivan Invitee");
    await invitee.getByLabel("Password").fill("invitee password");
    await invitee.getByRole("button", { name: "Join" }).click();
    await invitee.getByRole("heading", { name: "Projects" }).waitFor();
    await expect(invitee.locator(".role").textContent()).resolves.toBe("translator");
    await invitee.screenshot({ path: screenshotPath("web-invitee-joined") });

    // Following the used link again explains what happened.
    const third = await newContext();
    const again = await third.newPage();
    await again.goto(link);
    await again.getByText("This invitation was already used. Sign in instead, or ask for a new invitation.").waitFor();
    await expect(again.getByRole("button", { name: "Join" }).count()).resolves.toBe(0);

    await page.reload();
    await page.getByLabel("Role of Ivan Invitee").selectOption("reviewer");
    await waitUntil(async () => {
      const members = await server.request("GET", "/api/organizations/current/members", { cookie: owner.cookie });
      return members.body.some((m: { email: string; role: string }) => m.email === email && m.role === "reviewer");
    }, 10_000);
    await page.getByRole("link", { name: "API tokens" }).click();
    await page.getByRole("heading", { name: "API tokens" }).waitFor();
    await expectAccessible(page, "tokens");
    await page.getByLabel("Token name").fill("CI");
    await page.getByRole("button", { name: "Create token" }).click();
    const token = await page.getByLabel("Token value").inputValue();
    const me = await server.request("GET", "/api/auth/me", { apiKey: token });
    expect(me.status).toBe(200);
    expect(me.body.permissions).toContain("members.manage");
    await page.getByRole("link", { name: "Members" }).click();
    await page.getByLabel("Role of Ivan Invitee").waitFor();
    await expect(page.getByLabel("Role of Ivan Invitee").inputValue()).resolves.toBe("reviewer");
    await page.screenshot({ path: screenshotPath("web-admin-members") });
    expectClean(c);
    expectClean(second);
  });

  it("an AI batch shows live progress in the editor and can be cancelled", async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ key: `batch.${String(i).padStart(2, "0")}`, source: `Batch string ${i}` }));
    const { projectId } = await seedProject(server, owner, many, { targetLanguages: ["de"] });
    fake.reset();
    fake.reply = (req) => ({ translation: `DE ${req.sourceText}`, confidence: 88, delayMs: 400 });
    const c = await newContext();
    const page = await c.newPage();
    // The owner's session cookie from sign-up, set in the browser.
    await c.context.addCookies([{ name: owner.cookie.split("=")[0]!, value: owner.cookie.split("=").slice(1).join("="), url: server.url }]);
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByRole("button", { name: /^batch\.00 in German/ }).waitFor();
    await page.getByRole("button", { name: /AI translate/ }).click();
    await page.getByLabel("Keys at most").fill("12");
    await page.getByRole("button", { name: "Translate untranslated keys" }).click();
    // Live: the status line counts up and rows fill in while the job runs.
    await page.getByText(/^[1-9]\d* of 12 keys/).waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: /^batch\.00 in German: DE Batch string 0/ }).waitFor();
    await expectAccessible(page, "editor with AI batch");
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await page.getByText(/^Cancelled after \d+ of 12 keys\./).waitFor({ timeout: 20_000 });
    await page.screenshot({ path: screenshotPath("web-ai-batch-cancelled") });
    const progress = await server.request("GET", `/api/projects/${projectId}/analytics/progress`, { apiKey: owner.apiKey });
    const de = progress.body.languages.find((l: { language: string }) => l.language === "de");
    expect(de.translated).toBeGreaterThan(0);
    expect(de.translated).toBeLessThan(12);
    expectClean(c);
  });

  it("a developer creates, tags and deletes keys, comments, and reverts a translation from the side panel", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, KEYS);
    const glossary = await server.request("POST", "/api/organizations/current/glossaries", {
      apiKey: owner.apiKey,
      body: { name: "UI", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    await server.request("POST", `/api/organizations/current/glossaries/${glossary.body._id}/terms`, {
      apiKey: owner.apiKey,
      body: { term: "Sign out", translations: [{ language: "de", value: "Abmelden" }] },
    });
    const developer = await addMember(server, owner, "developer", { name: "Devi Keys" });
    const c = await newContext();
    const page = await c.newPage();
    await signIn(page, developer.email, "member password");
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByText("5 keys").waitFor();

    await page.keyboard.press("n");
    await page.getByLabel("Key", { exact: true }).fill("checkout.title");
    await page.getByLabel("Source text (en)").fill("Checkout");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByText("6 keys").waitFor();

    await page.getByLabel("Select logout").check();
    await page.getByLabel("Select save").check();
    await page.getByRole("region", { name: "Selected keys" }).getByLabel("Tag").fill("beta");
    await page.getByRole("button", { name: "Add tag" }).click();
    // The tag filter offers the project's tags, the new one included.
    await page.getByRole("search").getByLabel(/^Tag/).selectOption("beta");
    await page.getByText("2 keys").waitFor();
    await page.getByRole("search").getByLabel(/^Tag/).selectOption("");
    await page.getByText("6 keys").waitFor();

    // The side panel: glossary term found in the source, history with revert, a comment thread.
    const cell = page.getByRole("button", { name: /^logout in German/ });
    await cell.click();
    const panel = page.getByRole("complementary");
    await panel.getByText("Sign out → Abmelden").waitFor();
    const editor = page.getByRole("textbox", { name: "Translation (de)" });
    await cell.press("Enter");
    await editor.waitFor();
    await page.keyboard.type("Abmelden");
    await page.keyboard.press("Control+Enter");
    await page.getByRole("button", { name: /^logout in German: Abmelden/ }).waitFor();
    await page.keyboard.press("Escape");
    await cell.click();
    await cell.press("Enter");
    await editor.waitFor();
    await page.keyboard.press("Control+a");
    await page.keyboard.type("Ausloggen");
    await page.keyboard.press("Control+Enter");
    await page.getByRole("button", { name: /^logout in German: Ausloggen/ }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /^logout in German/ }).click();
    await panel.getByRole("button", { name: "Revert to this" }).waitFor();
    await panel.getByRole("button", { name: "Revert to this" }).click();
    await page.getByRole("button", { name: /^logout in German: Abmelden/ }).waitFor();

    await panel.getByLabel("New comment").fill("Is this the toolbar label?");
    await panel.getByRole("button", { name: "Comment", exact: true }).click();
    await panel.getByRole("button", { name: "Reply" }).click();
    await panel.getByLabel("Reply to Devi Keys").fill("Yes, keep it short.");
    await panel.getByRole("button", { name: "Send reply" }).click();
    await panel.getByText("Yes, keep it short.").waitFor();
    await panel.getByRole("button", { name: "Resolve" }).click();
    await panel.getByRole("button", { name: "Reopen" }).waitFor();
    await expectAccessible(page, "editor side panel with comments");
    await page.screenshot({ path: screenshotPath("web-developer-side-panel") });

    await page.getByLabel("Select checkout.title").check();
    await page.getByRole("button", { name: "Delete selected" }).click();
    await page.getByRole("button", { name: "Delete 1 keys" }).click();
    await page.getByText("5 keys").waitFor();

    const logout = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds.logout}`, { apiKey: owner.apiKey });
    expect(logout.body.tags).toEqual(["beta"]);
    const de = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds.logout}/translations`, { apiKey: owner.apiKey });
    expect(de.body.find((t: { language: string }) => t.language === "de").value).toBe("Abmelden");
    const comments = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds.logout}/comments`, { apiKey: owner.apiKey });
    expect(comments.body.map((x: { body: string; resolved: boolean }) => [x.body, x.resolved])).toEqual([
      ["Is this the toolbar label?", true],
      ["Yes, keep it short.", false],
    ]);
    expectClean(c);
  });

  it("every organization screen renders for the owner without serious accessibility violations", async () => {
    await seedProject(server, owner, KEYS);
    const c = await newContext();
    const page = await c.newPage();
    await c.context.addCookies([{ name: owner.cookie.split("=")[0]!, value: owner.cookie.split("=").slice(1).join("="), url: server.url }]);
    const screens: [string, string][] = [
      ["members", "Members"],
      ["tokens", "API tokens"],
      ["webhooks", "Webhooks"],
      ["settings", "Organization settings"],
      ["glossaries", "Glossaries"],
      ["tm", "Translation memory"],
      ["activity", "Activity"],
      ["analytics", "Analytics"],
    ];
    for (const [section, heading] of screens) {
      await page.goto(`${server.url}/organization/${section}`);
      await page.getByRole("heading", { name: heading, exact: true }).waitFor();
      await page.waitForLoadState("networkidle");
      await expectAccessible(page, `organization/${section}`);
    }
    // Activity filters: member, date range, action (each narrows what the server returns).
    const fiona = await addMember(server, owner, "translator", { name: "Fiona Filter" });
    await page.goto(`${server.url}/organization/activity`);
    const entries = page.getByRole("table", { name: "Activity entries" });
    const whoColumn = () => entries.locator("tbody tr td:nth-child(2)").allTextContents();
    await page.getByLabel("Member").selectOption({ label: `Fiona Filter (${fiona.email})` });
    await expect.poll(async () => [...new Set(await whoColumn())]).toEqual(["Fiona Filter"]);
    await page.getByLabel("Member").selectOption({ label: `Olivia Owner (${owner.email})` });
    await expect.poll(async () => [...new Set(await whoColumn())]).toEqual(["Olivia Owner"]);
    await page.getByLabel("Action").selectOption("project.created");
    await expect.poll(async () => entries.locator("tbody tr td:nth-child(3)").allTextContents()).toContain("project.created");
    expect(new Set(await entries.locator("tbody tr td:nth-child(3)").allTextContents())).toEqual(new Set(["project.created"]));
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("From", { exact: true }).fill(today);
    await page.getByLabel("To", { exact: true }).fill(today);
    await expect.poll(async () => (await whoColumn()).length).toBeGreaterThan(0);
    await page.getByLabel("From", { exact: true }).fill(yesterday);
    await page.getByLabel("To", { exact: true }).fill(yesterday);
    await page.getByText("No activity matches these filters.").waitFor();
    await expectAccessible(page, "activity with filters");
    await page.screenshot({ path: screenshotPath("web-organization-activity-filtered") });
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(async () => new Set(await whoColumn()).size).toBeGreaterThan(1);

    // Settings: provider keys are write-only; the screen shows only whether one is configured.
    await page.goto(`${server.url}/organization/settings`);
    await page.getByLabel("AI provider key: provider_a").fill("sk-test-secret");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Saved.").waitFor();
    await page.reload();
    await page.getByText("Configured. Enter a new key to replace it.").waitFor();
    await expect(page.getByLabel("AI provider key: provider_a").inputValue()).resolves.toBe("");
    await page.goto(`${server.url}/organization/analytics`);
    await page.getByRole("img", { name: /Translations and reviews per day/ }).waitFor();
    await page.screenshot({ path: screenshotPath("web-organization-analytics") });
    expectClean(c);
  });

  it("the owner creates a project with languages from the searchable list, edits settings and archives it", async () => {
    const c = await newContext();
    const page = await c.newPage();
    await c.context.addCookies([{ name: owner.cookie.split("=")[0]!, value: owner.cookie.split("=").slice(1).join("="), url: server.url }]);
    await page.goto(`${server.url}/`);
    await page.getByRole("button", { name: "New project" }).click();
    await page.getByLabel("Name").fill("Website");
    await page.getByRole("combobox", { name: "Add target language" }).fill("germ");
    await page.getByRole("option", { name: /^German de$/ }).waitFor();
    await page.getByRole("combobox", { name: "Add target language" }).press("Enter");
    await page.getByRole("combobox", { name: "Add target language" }).fill("ja");
    await page.getByRole("combobox", { name: "Add target language" }).press("Enter");
    await expectAccessible(page, "new project dialog");
    await page.getByRole("button", { name: "Create project" }).click();
    await page.getByRole("heading", { name: "Website" }).waitFor();
    await page.getByRole("progressbar", { name: "Japanese (ja) progress" }).waitFor();
    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("heading", { name: "Settings of Website" }).waitFor();
    await expectAccessible(page, "project settings");
    await page.getByRole("button", { name: "Remove Japanese" }).click();
    await page.getByRole("button", { name: "Remove language" }).click();
    await expect.poll(() => page.getByRole("list", { name: "Target languages" }).textContent()).toBe("German de×");
    // The project's own API tokens: created, listed, revoked.
    await page.getByLabel("Project token name").fill("Deploy");
    await page.getByRole("button", { name: "Create project token" }).click();
    const projectToken = await page.getByLabel("Project token value").inputValue();
    expect((await server.request("GET", "/api/projects", { apiKey: projectToken })).status).toBe(200);
    await page.getByRole("table", { name: "Project API tokens" }).getByRole("cell", { name: "Deploy", exact: true }).waitFor();
    await page.getByRole("button", { name: "Revoke Deploy" }).click();
    await page.getByRole("button", { name: "Revoke", exact: true }).click();
    await page.getByText("No token reaches only this project yet.").waitFor();
    expect((await server.request("GET", "/api/projects", { apiKey: projectToken })).status).toBe(401);
    // The project's webhooks: created, a test event delivered and logged, deleted.
    await page.getByLabel("Address").fill(hookUrl);
    await page.getByRole("button", { name: "Add webhook" }).click();
    await page.getByLabel("Signing secret").waitFor();
    await page.getByRole("button", { name: "Deliveries" }).click();
    await page.getByRole("button", { name: "Send test event" }).click();
    await page.getByRole("table", { name: "Deliveries" }).getByRole("cell", { name: "204", exact: true }).waitFor();
    expect(hookBodies.length).toBeGreaterThanOrEqual(1);
    await expectAccessible(page, "project tokens and webhooks");
    await page.screenshot({ path: screenshotPath("web-project-tokens-webhooks"), fullPage: true });
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText(hookUrl).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Archive project" }).click();
    await page.getByRole("button", { name: "Archive", exact: true }).click();
    await page.getByText("This project is archived; it is read-only until restored.").waitFor();
    await page.screenshot({ path: screenshotPath("web-project-settings-archived") });
    expectClean(c);
  });
});

// Kept out of git (test-output/ is ignored); written so a reader can see which screenshots exist.
afterAll(() => {
  const dir = path.dirname(screenshotPath("index"));
  if (existsSync(dir)) writeFileSync(path.join(dir, "README.txt"), "Screenshots of the web application's browser journeys (web-*.png).\n");
});
