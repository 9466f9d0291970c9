// Browser journeys for the editor's defects of issue 25, in real headless Chromium against the
// production build (other origins blocked, axe-core on every screen): a suggestion used while the
// string is being edited, translator-format exports from the form, and the search's literal
// wildcards as typed in the editor.
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
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

describe("editor journeys (issue 25)", () => {
  it("Use on a translation-memory suggestion replaces the text of the open editor, which then saves it", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "a.save", source: "Save" },
      { key: "b.save", source: "Save" },
    ]);
    // An approved translation goes into the organization's translation memory.
    const put = await server.request("PUT", `/api/projects/${projectId}/keys/${keyIds["a.save"]}/translations/de`, {
      apiKey: owner.apiKey,
      body: { value: "Speichern" },
    });
    expect(put.status).toBe(200);
    const approve = await server.request("PATCH", `/api/projects/${projectId}/keys/${keyIds["a.save"]}/translations/de/status`, {
      apiKey: owner.apiKey,
      body: { status: "approved" },
    });
    expect(approve.status).toBe(200);
    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await signIn(page, server, owner.email, "correct horse");
    await page.goto(`${server.url}/projects/${projectId}`);
    const cell = page.getByRole("button", { name: /^b\.save in German/ });
    await cell.click();
    await page.keyboard.press("Enter");
    const editor = page.getByRole("textbox", { name: "Translation (de)" });
    await editor.fill("Sichern");
    const suggestions = page.locator(".suggestions li").filter({ hasText: "Speichern" });
    await suggestions.first().waitFor();
    await expectAccessible(page, "editor with an open cell and suggestions");
    await suggestions.first().getByRole("button", { name: "Use" }).click();
    await expect.poll(() => editor.inputValue()).toBe("Speichern");
    await editor.press("Control+Enter");
    await expect
      .poll(async () => {
        const res = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds["b.save"]}/translations`, {
          apiKey: owner.apiKey,
        });
        return res.body.find((t: { language: string }) => t.language === "de")?.value;
      })
      .toBe("Speichern");
    await page.screenshot({ path: screenshotPath("web-editor-use-suggestion") });
    expectClean(c);
  });

  it("exports from the form follow each format's default: XLIFF and PO hold every key, JSON only translated ones", async () => {
    const { projectId } = await seedProject(server, owner, [
      { key: "done", source: "Done", targets: { de: "Fertig" } },
      { key: "todo", source: "To do" },
    ]);
    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await signIn(page, server, owner.email, "correct horse");
    await page.goto(`${server.url}/projects/${projectId}/files`);
    await page.getByRole("heading", { name: "Export", exact: true }).waitFor();
    await page.getByLabel("Export language").selectOption("de");
    const download = async (format: string) => {
      await page.getByLabel("Export format").selectOption(format);
      const [d] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download" }).click()]);
      const file = path.join(os.tmpdir(), `web-editor-export-${process.pid}-${format}-${Date.now()}`);
      await d.saveAs(file);
      return readFileSync(file, "utf8");
    };
    const include = page.getByLabel("Include untranslated keys");
    await page.getByLabel("Export format").selectOption("xliff");
    expect(await include.isChecked()).toBe(true);
    await expectAccessible(page, "import/export");
    const xliff = await download("xliff");
    expect(xliff).toMatch(/<source>To do<\/source>/);
    expect(xliff).toMatch(/<source>Done<\/source>\s*<target[^>]*>Fertig<\/target>/);
    const po = await download("po");
    expect(po).toContain('msgid "todo"');
    expect(po).toContain('msgid "done"');
    const json = await download("json-flat");
    expect(await include.isChecked()).toBe(false);
    expect(JSON.parse(json)).toEqual({ done: "Fertig" });
    // A choice made in the form still wins over the format's default.
    await page.getByLabel("Export format").selectOption("xliff");
    await include.uncheck();
    const [d] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download" }).click()]);
    const file = path.join(os.tmpdir(), `web-editor-export-${process.pid}-xliff-done-${Date.now()}`);
    await d.saveAs(file);
    const onlyDone = readFileSync(file, "utf8");
    expect(onlyDone).toContain("Fertig");
    expect(onlyDone).not.toContain("To do");
    expectClean(c);
  });

  it("the editor's search takes _ and % literally and answers from the server", async () => {
    const { projectId } = await seedProject(server, owner, [
      { key: "checkout.pay_now", source: "Pay now" },
      { key: "checkout.payXnow", source: "Pay later" },
      { key: "discount", source: "100% off" },
      { key: "discount.other", source: "1000 off" },
    ]);
    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await signIn(page, server, owner.email, "correct horse");
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByText("4 keys").waitFor();
    await page.getByRole("searchbox").fill("pay_now");
    await page.getByText("1 key", { exact: true }).waitFor();
    await page.getByRole("button", { name: /^checkout\.pay_now in German/ }).waitFor();
    await page.getByRole("searchbox").fill("100%");
    await page.getByText("1 key", { exact: true }).waitFor();
    await page.getByRole("button", { name: /^discount in German/ }).waitFor();
    await expectAccessible(page, "editor with a search");
    expectClean(c);
  });
});

describe("the editor on a phone (390 × 844, touch)", () => {
  it("fits the screen on every screen, keeps every action reachable, edits by tap and closes the details panel", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "app.title", source: "Welcome", targets: { de: "Willkommen" } },
      { key: "greeting", source: "Hello, {name}!" },
      { key: "a.very.long.key.name.that.would.not.fit.on.a.phone.screen.at.all", source: "A rather long source text that goes on" },
    ]);
    const c = await journeyContext(browser, server, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await c.newPage();
    const fits = async (screen: string) => {
      const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll("body *")]
          .filter((e) => e.getBoundingClientRect().right > 391)
          .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)
          .slice(0, 8),
      );
      expect(width, `page width of ${screen}: ${wide.join(", ")}`).toBeLessThanOrEqual(390);
    };
    const onScreen = async (name: string | RegExp, role: "button" | "link" = "button") => {
      const box = await page.getByRole(role, { name }).first().boundingBox();
      expect(box, `${String(name)} is shown`).not.toBeNull();
      expect(box!.x, `${String(name)} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${String(name)} ends on screen`).toBeLessThanOrEqual(390);
    };
    await page.goto(`${server.url}/login`);
    await page.getByLabel("E-mail").waitFor();
    await fits("sign-in");
    await expectAccessible(page, "sign-in at 390 px");
    await signIn(page, server, owner.email, "correct horse");
    await fits("projects");
    await onScreen("Sign out");
    await onScreen("Your account", "link");
    await expectAccessible(page, "projects at 390 px");

    await page.goto(`${server.url}/projects/${projectId}`);
    const cell = page.getByRole("button", { name: /^greeting in German/ });
    await cell.waitFor();
    await fits("editor");
    for (const name of [/^New key/, /^AI translate/, /^Details/, /^Keyboard shortcuts/]) await onScreen(name);
    await onScreen("Import / export", "link");
    await onScreen("Settings", "link");
    const gridBox = await page.locator(".grid-scroll").boundingBox();
    expect(gridBox!.width).toBeGreaterThan(300);
    await expectAccessible(page, "editor at 390 px");
    await page.screenshot({ path: screenshotPath("web-editor-390-grid") });

    // One tap edits (touch has no double click); Save is on screen under the text.
    await cell.tap();
    const editor = page.getByRole("textbox", { name: "Translation (de)" });
    await editor.waitFor();
    await editor.fill("Hallo, {name}!");
    await fits("editor while editing");
    await onScreen(/^Save/);
    await page.screenshot({ path: screenshotPath("web-editor-390-editing") });
    await page.getByRole("button", { name: /^Save/ }).tap();
    await expect
      .poll(async () => {
        const res = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds.greeting}/translations`, {
          apiKey: owner.apiKey,
        });
        return res.body.find((t: { language: string }) => t.language === "de")?.value;
      })
      .toBe("Hallo, {name}!");

    // The details panel covers the grid and closes again.
    await page.getByRole("button", { name: /^app\.title in German/ }).tap();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /^Details/ }).tap();
    const panel = page.getByRole("complementary", { name: /^Details of/ });
    await panel.waitFor();
    await fits("editor with details");
    await onScreen("Close details");
    await expectAccessible(page, "details panel at 390 px");
    await page.screenshot({ path: screenshotPath("web-editor-390-details") });
    await page.getByRole("button", { name: "Close details" }).tap();
    await panel.waitFor({ state: "detached" });
    expect((await page.locator(".grid-scroll").boundingBox())!.width).toBeGreaterThan(300);

    await page.goto(`${server.url}/projects/${projectId}/files`);
    await page.getByRole("heading", { name: "Export", exact: true }).waitFor();
    await fits("import/export");
    await onScreen("Download");
    await expectAccessible(page, "import/export at 390 px");
    await page.screenshot({ path: screenshotPath("web-import-export-390"), fullPage: true });
    expectClean(c);
  });
});

describe("right-to-left languages", () => {
  it("shows and edits Arabic right to left beside left-to-right English", async () => {
    const { projectId } = await seedProject(
      server,
      owner,
      [
        { key: "hello", source: "Hello", targets: { ar: "مرحبا" } },
        { key: "bye", source: "Goodbye" },
      ],
      { targetLanguages: ["ar", "de"] },
    );
    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await signIn(page, server, owner.email, "correct horse");
    await page.goto(`${server.url}/projects/${projectId}`);
    const arabic = page.getByRole("button", { name: /^hello in Arabic/ });
    await arabic.waitFor();
    expect(await arabic.locator(".cell-value").getAttribute("dir")).toBe("rtl");
    expect(await arabic.locator(".cell-value").getAttribute("lang")).toBe("ar");
    expect(
      await page
        .getByRole("button", { name: /^hello in English/ })
        .locator(".cell-value")
        .getAttribute("dir"),
    ).toBe("ltr");
    await arabic.click();
    expect(await page.locator(".panel-value").getAttribute("dir")).toBe("rtl");
    await page.getByRole("button", { name: /^bye in Arabic/ }).dblclick();
    const editor = page.getByRole("textbox", { name: "Translation (ar)" });
    expect(await editor.getAttribute("dir")).toBe("rtl");
    expect(await editor.evaluate((e) => getComputedStyle(e).direction)).toBe("rtl");
    await expectAccessible(page, "editor with Arabic");
    await page.screenshot({ path: screenshotPath("web-editor-rtl") });
    expectClean(c);
  });
});
