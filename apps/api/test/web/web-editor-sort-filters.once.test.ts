// Browser journeys for the editor's sorts and filters, comment indicator, zip export and import
// preview (issue 25; docs/editor-search.md, docs/editor-shortcuts.md), in real headless Chromium
// against the production build (other origins blocked, axe-core on each screen), at 1280 and
// 390 px. Values are written through the API by a translator, the owner and an AI batch (a local
// server speaking the provider's wire format), so the filters read real history.
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshotPath } from "../helpers/browser";
import { type FakeAiProviders, patchSettings, seedProject, startFakeAiProviders } from "../helpers/fake-ai-providers";
import { addMember } from "../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";
import { ensureWebBuilt, expectAccessible, expectClean, journeyContext, signIn } from "../helpers/web-journey";

let server: TestServer;
let fake: FakeAiProviders;
let browser: Browser;
let owner: TestUser;
let projectId: string;
let keyIds: Record<string, string>;
let translatorId: string;

beforeAll(async () => {
  ensureWebBuilt();
  fake = await startFakeAiProviders();
  server = await startTestServer({ OPENAI_BASE_URL: fake.openaiUrl, AI_RETRY_BASE_MS: "20" });
  owner = await signUpUser(server, "Olivia Owner");
  await patchSettings(server, owner, { aiProviderKeys: { provider_b: "sk-test" } });
  const translator = await addMember(server, owner, "translator", { name: "Tina Translator" });
  translatorId = translator.userId;
  ({ projectId, keyIds } = await seedProject(server, owner, [
    { key: "a.one", source: "{count} one", targets: { de: "Eins", fr: "Un" } },
    { key: "a.two", source: "Two" },
    { key: "b.tagged", source: "Tagged", targets: { de: "Markiert" } },
    { key: "c.other", source: "Other", targets: { de: "Anderes" } },
  ]));
  for (const [key, tags] of [
    ["b.tagged", ["ui"]],
    ["c.other", ["ui", "checkout"]],
  ] as const) {
    expect(
      (await server.request("PATCH", `/api/projects/${projectId}/keys/${keyIds[key]}`, { apiKey: owner.apiKey, body: { tags } })).status,
    ).toBe(200);
  }
  // A stored quality-check issue (a placeholder the source lacks) for the `i` shortcut to find.
  const withIssue = await server.request("PUT", `/api/projects/${projectId}/keys/${keyIds["c.other"]}/translations/de`, {
    apiKey: owner.apiKey,
    body: { value: "Anderes {x}" },
  });
  expect(withIssue.status).toBe(200);
  const put = await server.request("PUT", `/api/projects/${projectId}/keys/${keyIds["c.other"]}/translations/fr`, {
    cookie: translator.cookie,
    body: { value: "Autre" },
  });
  expect(put.status).toBe(200);
  // German is done but for a.two, which the AI translates.
  fake.reply = (req) => ({ translation: `DE ${req.sourceText}`, confidence: 70 });
  const batch = await server.request("POST", `/api/projects/${projectId}/ai/translate/batch`, {
    apiKey: owner.apiKey,
    body: { sourceLanguage: "en", targetLanguage: "de" },
  });
  expect(batch.status, batch.text).toBe(200);
  const comment = await server.request("POST", `/api/projects/${projectId}/keys/${keyIds["a.two"]}/comments`, {
    apiKey: owner.apiKey,
    body: { body: "Is this the number or the word?", language: "de" },
  });
  expect(comment.status).toBe(201);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fake?.close();
});

/** The key names of the grid's first rows, top to bottom. */
const firstKeys = (page: Page, n: number) =>
  page.evaluate(
    (n) =>
      Array.from({ length: n }, (_, i) => document.querySelector(`.grid-row[data-index="${i}"] .key-name`)?.textContent ?? null).filter(
        (k) => k !== null,
      ),
    n,
  );
const count = (page: Page) => page.locator(".grid-count").textContent();

describe("sorting, filtering, comments, zip export and import preview in the browser", () => {
  it("at 1280 px: sorts, filters by tag, author, AI and date, shows comment counts; downloads the zip; previews two files before importing them", async () => {
    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await signIn(page, server, owner.email, "correct horse");
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByRole("button", { name: /^a\.one in German/ }).waitFor();

    // The comment indicator: a.two has one comment, the others none.
    const twoRow = page.locator(".grid-row", { has: page.getByRole("button", { name: "a.two", exact: true }) });
    await expect.poll(() => twoRow.locator(".comment-count").textContent()).toBe(" 1 comment");
    expect(await page.locator(".comment-count").count()).toBe(1);

    // A reply-free comment with an @mention picked from the people list: stored with the member's id.
    await page.getByRole("button", { name: /^a\.two in German/ }).click();
    const box = page.getByRole("textbox", { name: "New comment" });
    await box.fill("Please check @Ti");
    const option = page.getByRole("listbox", { name: "People to mention" }).getByRole("option", { name: "Tina Translator" });
    await option.waitFor();
    await expectAccessible(page, "comment with @mention suggestions");
    await box.press("Enter");
    await expect.poll(() => box.inputValue()).toBe("Please check @Tina Translator ");
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    await expect.poll(() => twoRow.locator(".comment-count").textContent()).toBe(" 2 comments");
    const comments = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds["a.two"]}/comments`, { apiKey: owner.apiKey });
    expect(comments.body.at(-1)).toMatchObject({ body: "Please check @Tina Translator", mentions: [translatorId] });

    const sort = page.getByLabel(/^Sort/);
    await sort.selectOption({ label: "Untranslated first in French (fr)" });
    await expect.poll(() => firstKeys(page, 4)).toEqual(["a.two", "b.tagged", "a.one", "c.other"]);
    await sort.selectOption({ label: "Recently changed" });
    // The AI batch came last, then the translator's French value.
    await expect.poll(() => firstKeys(page, 2)).toEqual(["a.two", "c.other"]);
    await sort.selectOption({ label: "Key order" });
    await expect.poll(() => firstKeys(page, 4)).toEqual(["a.one", "a.two", "b.tagged", "c.other"]);

    const tag = page.getByLabel(/^Tag/);
    expect(await tag.locator("option").allTextContents()).toEqual(["Any tag", "checkout", "ui"]);
    await tag.selectOption("ui");
    await expect.poll(() => count(page)).toBe("2 keys");
    await tag.selectOption("");
    const author = page.getByLabel(/^Last changed by/);
    await author.selectOption({ label: "Tina Translator" });
    await expect.poll(() => firstKeys(page, 4)).toEqual(["c.other"]);
    await author.selectOption("");
    await page.getByLabel("AI-translated").check();
    await expect.poll(() => firstKeys(page, 4)).toEqual(["a.two"]);
    await expectAccessible(page, "editor filtered to AI-translated keys");
    await page.screenshot({ path: screenshotPath("web-editor-ai-filter") });
    await page.getByLabel("AI-translated").uncheck();
    await page.getByLabel(/^Changed since/).fill("2999-01-01");
    await page.getByText("No key matches these filters.").waitFor();
    await page.getByLabel(/^Changed since/).fill("2000-01-01");
    await expect.poll(() => count(page)).toBe("4 keys");

    // Shortcuts: `i` goes to the next string with an open issue; Alt+P inserts the source's placeholder.
    await page.getByRole("button", { name: /^a\.one in German/ }).click();
    await page.keyboard.press("i");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-cell"))).toBe("3:de");
    await page.getByRole("button", { name: /^a\.one in German/ }).click();
    await page.keyboard.press("Enter");
    const editor = page.getByRole("textbox", { name: "Translation (de)" });
    await expect.poll(() => editor.inputValue()).toBe("Eins");
    await editor.press("Home");
    await editor.press("Alt+KeyP");
    await expect.poll(() => editor.inputValue()).toBe("{count}Eins");
    await editor.press("Control+Enter");
    await expect
      .poll(
        async () =>
          (await server.db.prisma.translation.findUnique({ where: { keyId_language: { keyId: keyIds["a.one"]!, language: "de" } } }))
            ?.value,
      )
      .toBe("{count}Eins");
    await page.keyboard.press("Escape");

    // Every language as one zip.
    await page.getByRole("link", { name: "Import / export" }).click();
    await page.getByRole("heading", { name: "Import a file" }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "All languages as one zip" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-json-flat\.zip$/);
    const zipPath = path.join(os.tmpdir(), `web-export-${Date.now()}.zip`);
    await download.saveAs(zipPath);
    const files = unzipSync(new Uint8Array(readFileSync(zipPath)));
    expect(Object.keys(files)).toEqual(["en.json", "de.json", "fr.json"]);
    expect(JSON.parse(new TextDecoder().decode(files["fr.json"]))).toEqual({ "a.one": "Un", "c.other": "Autre" });

    // Two files at once: each gets its language from its name; the preview writes nothing.
    await page.locator('input[type="file"]').setInputFiles([
      { name: "de.json", mimeType: "application/json", buffer: Buffer.from('{"a.one": "Eins", "a.two": "Zwei", "d.new": "Neu"}') },
      { name: "fr.json", mimeType: "application/json", buffer: Buffer.from('{"a.two": "Deux"}') },
    ]);
    await expect.poll(() => page.getByLabel("Language of fr.json").inputValue()).toBe("fr");
    expect(await page.getByLabel("Language of de.json").inputValue()).toBe("de");
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const dePreview = page.locator(".import-result").filter({ hasText: "Preview: de.json" });
    await dePreview.waitFor();
    expect(await dePreview.getByRole("row", { name: /Keys to create/ }).textContent()).toBe("Keys to create1");
    // a.one is identical, a.two keeps the AI's value (no overwrite).
    expect(await dePreview.getByRole("row", { name: /Values to add/ }).textContent()).toBe("Values to add1");
    expect(await dePreview.getByRole("row", { name: /Left alone/ }).textContent()).toBe("Left alone2");
    await dePreview.getByText("New keys: d.new").waitFor();
    const frPreview = page.locator(".import-result").filter({ hasText: "Preview: fr.json" });
    expect(await frPreview.getByRole("row", { name: /Values to add/ }).textContent()).toBe("Values to add1");
    const keysNow = await server.request("GET", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey });
    expect(keysNow.body.meta.total).toBe(4); // nothing imported yet
    await expectAccessible(page, "import preview of two files");
    await page.screenshot({ path: screenshotPath("web-import-preview"), fullPage: true });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const deResult = page.locator(".import-result").filter({ hasText: "Result: de.json" });
    await deResult.waitFor();
    expect(await deResult.getByRole("row", { name: /Imported/ }).textContent()).toBe("Imported1");
    const after = await server.request("GET", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey });
    expect(after.body.meta.total).toBe(5);
    expectClean(c);
    await c.context.close();
  });

  it("at 390 px: the editor's toolbar and the import and export screen fit the screen and pass axe", async () => {
    const c = await journeyContext(browser, server, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await c.newPage();
    await signIn(page, server, owner.email, "correct horse");
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByRole("button", { name: /^a\.one in German/ }).waitFor();
    await page.getByLabel(/^Sort/).selectOption({ label: "Recently changed" });
    await page.getByLabel(/^Tag/).selectOption("ui");
    await expect.poll(() => count(page)).toBe("2 keys");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, "editor filters at 390 px");
    await page.screenshot({ path: screenshotPath("web-editor-filters-390"), fullPage: true });
    await page.goto(`${server.url}/projects/${projectId}/files`);
    await page.locator('input[type="file"]').setInputFiles([
      { name: "de.json", mimeType: "application/json", buffer: Buffer.from('{"a.one": "Eins!"}') },
      { name: "fr.json", mimeType: "application/json", buffer: Buffer.from('{"a.one": "Un!"}') },
    ]);
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    await page.locator(".import-result").filter({ hasText: "Preview: fr.json" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, "import preview at 390 px");
    await page.screenshot({ path: screenshotPath("web-import-preview-390"), fullPage: true });
    expectClean(c);
    await c.context.close();
  });
});
