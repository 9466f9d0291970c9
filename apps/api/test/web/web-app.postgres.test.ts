// The web application on PostgreSQL: one short journey (sign in, the editor shows rows, a translation
// saved from the keyboard lands in the database). The full journeys run once, on PGlite
// (web-app.once.test.ts); this file proves the same built application works on the other backend.
import { execFileSync } from "node:child_process";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findWebDist } from "../../src/web/web-app";
import { type GuardedContext, guardedContext, launchBrowser, screenshotPath } from "../helpers/browser";
import { seedProject, waitUntil } from "../helpers/fake-ai-providers";
import { addMember } from "../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer } from "../helpers/test-server";

let server: TestServer;
let browser: Browser;
let context: GuardedContext | undefined;

beforeAll(async () => {
  if (!findWebDist()) execFileSync("pnpm", ["--filter", "@locale/web", "build"], { stdio: "inherit" });
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await context?.context.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

describe("web application on PostgreSQL", () => {
  it("a translator signs in, sees the editor's rows and saves a translation with the keyboard", async () => {
    // Only the postgres project runs this file; a run on the in-process database would prove nothing.
    expect(process.env.TEST_DB_BACKEND).toBe("postgres");
    const owner = await signUpUser(server, "Pia Postgres");
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "app.title", source: "Welcome", targets: { de: "Willkommen" } },
      { key: "logout", source: "Sign out" },
    ]);
    const translator = await addMember(server, owner, "translator", { name: "Tom Translator" });
    context = await guardedContext(browser, [server.url]);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel("E-mail").fill(translator.email);
    await page.getByLabel("Password").fill("member password");
    await page.getByLabel("Password").press("Enter");
    await page.getByRole("heading", { name: "Projects" }).waitFor();
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByRole("button", { name: /^app\.title in German/ }).waitFor();
    await page.getByLabel("Untranslated in").selectOption("de");
    await page.getByText("1 key", { exact: true }).waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("g");
    await page.keyboard.press("Enter");
    // Typing starts only once the next row's editor holds the focus (keys typed earlier are grid shortcuts).
    await page.waitForFunction(() => {
      const el = document.activeElement;
      return el instanceof HTMLTextAreaElement && el.getAttribute("aria-label") === "Translation (de)" && el.value === "";
    });
    await page.keyboard.type("Abmelden");
    await page.keyboard.press("Control+Enter");
    await waitUntil(async () => {
      const t = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds["logout"]}/translations`, { apiKey: owner.apiKey });
      return t.body.some((x: { language: string; value: string }) => x.language === "de" && x.value === "Abmelden");
    }, 10_000);
    await page.screenshot({ path: screenshotPath("web-postgres-editor") });
    expect(context.blocked).toEqual([]);
    expect(context.errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
  });
});
