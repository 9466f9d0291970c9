// Browser journeys for the quality checks in the editor (issue 27), in real headless Chromium
// against the production build (other origins blocked, axe-core on every screen): the checks run
// live while typing with the offending span marked, the QA filter narrows the rows to keys with
// stored issues, a stored warning is ignored from the side panel, and an admin makes a check an
// error in the project settings (the editor then says the save will be refused).
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshotPath } from "../helpers/browser";
import { seedProject } from "../helpers/fake-ai-providers";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";
import { ensureWebBuilt, expectAccessible, expectClean, journeyContext, signIn } from "../helpers/web-journey";

let server: TestServer;
let browser: Browser;
let owner: TestUser;

beforeAll(async () => {
  ensureWebBuilt();
  server = await startTestServer();
  owner = await signUpUser(server, "Olivia Owner");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function putValue(projectId: string, keyId: string, language: string, value: string) {
  const res = await server.request("PUT", `/api/projects/${projectId}/keys/${keyId}/translations/${language}`, {
    apiKey: owner.apiKey,
    body: { value },
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { qaIssues: { check: string; ignored?: boolean }[] };
}

const keyCount = (page: Page) => page.locator(".grid-count").textContent();

describe("quality checks in the editor (issue 27)", () => {
  it("checks live while typing, filters by stored issues, ignores a warning, and an admin makes a check an error", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "greeting", source: "Hello, {name}!" },
      { key: "farewell", source: "Goodbye, {name}." },
      { key: "title", source: "Welcome" },
      { key: "tagline", source: "Privacy Badger blocks the tracker." },
    ]);
    // The organization's glossary: a do-not-translate name and a term with an approved translation.
    const glossary = await server.request("POST", `/api/organizations/${owner.orgId}/glossaries`, {
      apiKey: owner.apiKey,
      body: { name: "Brand", sourceLanguage: "en" },
    });
    for (const term of [
      { term: "Privacy Badger", doNotTranslate: true },
      { term: "tracker", translations: [{ language: "de", value: "Tracker", approved: true }] },
    ]) {
      const res = await server.request("POST", `/api/organizations/${owner.orgId}/glossaries/${glossary.body._id}/terms`, {
        apiKey: owner.apiKey,
        body: term,
      });
      expect(res.status, res.text).toBe(201);
    }
    // Writes through the api store issues: one warning (a placeholder missing), one clean value.
    const stored = await putValue(projectId, keyIds.farewell!, "de", "Auf Wiedersehen.");
    expect(stored.qaIssues.map((i) => i.check)).toContain("placeholder_missing");
    await putValue(projectId, keyIds.title!, "de", "Willkommen");

    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await signIn(page, server, owner.email, "correct horse");
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByRole("button", { name: /^greeting in German/ }).waitFor();
    await expect.poll(() => keyCount(page)).toBe("4 keys");
    // The per-language count comes from the progress report.
    await page.locator(".progress-qa").filter({ hasText: "1 with issues" }).waitFor();

    // Live: a renamed placeholder is reported while typing, its span marked.
    await page.getByRole("button", { name: /^greeting in German/ }).click();
    await page.keyboard.press("Enter");
    const editor = page.getByRole("textbox", { name: "Translation (de)" });
    await editor.fill("Hallo, {nom}!");
    const live = page.locator(".cell-editor .qa-issues");
    await live.getByText("The placeholder {name} of the source was changed to {nom}.").waitFor();
    await expect(live.locator("mark").first().textContent()).resolves.toBe("{nom}");
    await expect(live.getByText("saving it will be refused").count()).resolves.toBe(0);
    await expectAccessible(page, "editor with live quality issues");
    await page.screenshot({ path: screenshotPath("web-qa-live-issues") });
    await editor.fill("Hallo, {name}!");
    await expect.poll(() => live.count()).toBe(0);
    await editor.press("Escape");

    // Live glossary checks, with the organization's terms found in the source.
    await page.getByRole("button", { name: /^tagline in German/ }).click();
    await page.keyboard.press("Enter");
    await editor.fill("Datenschutzdachs blockiert den Verfolger.");
    await live.getByText('"Privacy Badger" is not to be translated; keep it as written.').waitFor();
    await live.getByText('"tracker" should be translated as "Tracker".').waitFor();
    await editor.fill("Privacy Badger blockiert den Tracker.");
    await expect.poll(() => live.count()).toBe(0);
    await editor.press("Escape");

    // The QA filter narrows the rows to keys with an open stored issue.
    await page.getByLabel("Quality").selectOption("warning");
    await expect.poll(() => keyCount(page)).toBe("1 key");
    const farewell = page.getByRole("button", { name: /^farewell in German/ });
    await farewell.waitFor();
    await expect(farewell.locator(".badge", { hasText: "1 issue" }).count()).resolves.toBe(1);
    await page.getByLabel("Quality").selectOption("error");
    await expect.poll(() => keyCount(page)).toBe("0 keys");
    await page.getByLabel("Quality").selectOption("any");
    await expect.poll(() => keyCount(page)).toBe("1 key");

    // Ignore the warning from the side panel: the api stores it, the filter no longer finds the key.
    await farewell.click();
    const panel = page.getByRole("complementary", { name: /^Details of farewell/ });
    await panel.getByText("The placeholder {name} of the source is missing.").waitFor();
    await expectAccessible(page, "side panel with stored quality issues");
    await panel.getByRole("button", { name: /^Ignore: / }).click();
    await panel.getByRole("button", { name: /^Count again: / }).waitFor();
    await expect
      .poll(async () => {
        const res = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds.farewell}/translations`, {
          apiKey: owner.apiKey,
        });
        return res.body.find((t: { language: string }) => t.language === "de")?.qaIssues?.[0]?.ignored;
      })
      .toBe(true);
    // (Rows already shown stay until the next load, so an ignored row does not jump away.)
    await page.reload();
    await page.getByLabel("Quality").selectOption("warning");
    await expect.poll(() => keyCount(page)).toBe("0 keys");

    // An admin makes a missing placeholder an error in the project settings.
    await page.goto(`${server.url}/projects/${projectId}/settings`);
    const severity = page.getByLabel("Severity of placeholder_missing");
    await severity.selectOption("error");
    await expectAccessible(page, "project settings with quality checks");
    await page.getByRole("button", { name: "Save quality checks" }).click();
    await page.getByText("Quality checks saved.").waitFor();
    const settings = await server.request("GET", `/api/projects/${projectId}/qa-settings`, { apiKey: owner.apiKey });
    expect(settings.body.checks.placeholder_missing).toBe("error");
    await page.screenshot({ path: screenshotPath("web-qa-settings"), fullPage: true });

    // The editor now says the save will be refused, and the server refuses it.
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByRole("button", { name: /^greeting in German/ }).click();
    await page.keyboard.press("Enter");
    await editor.fill("Hallo!");
    await page.locator(".cell-editor .qa-issues").getByText("saving it will be refused").waitFor();
    await editor.press("Control+Enter");
    await page.locator(".cell-editor").getByRole("alert").waitFor();
    const after = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds.greeting}/translations`, { apiKey: owner.apiKey });
    expect(after.body.find((t: { language: string }) => t.language === "de")?.value ?? "").toBe("");
    expectClean(c);
  });

  it("the touched screens pass axe and fit at 390 px", async () => {
    const { projectId } = await seedProject(server, owner, [{ key: "greeting", source: "Hello, {name}!" }]);
    const c = await journeyContext(browser, server, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await c.newPage();
    const fits = async (screen: string) => {
      const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
      expect(width, `page width of ${screen}`).toBeLessThanOrEqual(390);
    };
    await signIn(page, server, owner.email, "correct horse");
    await page.goto(`${server.url}/projects/${projectId}`);
    const cell = page.getByRole("button", { name: /^greeting in German/ });
    await cell.waitFor();
    await page.getByLabel("Quality").selectOption("any");
    await expect.poll(() => keyCount(page)).toBe("0 keys");
    await page.getByLabel("Quality").selectOption("");
    await cell.tap();
    await page.getByRole("textbox", { name: "Translation (de)" }).fill("Hallo, {nom}!");
    await page.locator(".cell-editor .qa-issues mark").first().waitFor();
    await fits("editor with live issues");
    await expectAccessible(page, "editor with live issues at 390 px");
    await page.screenshot({ path: screenshotPath("web-qa-390-editing") });
    await page.goto(`${server.url}/projects/${projectId}/settings`);
    await page.getByLabel("Severity of placeholder_missing").waitFor();
    await fits("project settings");
    await expectAccessible(page, "project settings at 390 px");
    await page.getByRole("heading", { name: "Quality checks" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("web-qa-390-settings") });
    expectClean(c);
  });
});
