// Browser journeys for the editor's defects of issue 25, in real headless Chromium against the
// production build (other origins blocked, axe-core on every screen): a suggestion used while the
// string is being edited, translator-format exports from the form, and the search's literal
// wildcards as typed in the editor.
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshotPath } from "./helpers/browser";
import { seedProject } from "./helpers/fake-ai-providers";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "./helpers/test-server";
import { ensureWebBuilt, expectAccessible, expectClean, journeyContext, signIn } from "./helpers/web-journey";

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
