// Browser journeys for the rest of issue 25's editor defects, in real headless Chromium against the
// production build (other origins blocked, axe-core on each screen): actions offered per role and
// refusals said, the invitation page naming what it offers, readable activity, the side panel's
// history after an AI batch, and the import language read from the file.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshotPath } from "../helpers/browser";
import { type FakeAiProviders, seedProject, startFakeAiProviders } from "../helpers/fake-ai-providers";
import { addMember, tokenOfInviteUrl } from "../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";
import { ensureWebBuilt, expectAccessible, expectClean, journeyContext, signIn } from "../helpers/web-journey";

let server: TestServer;
let browser: Browser;
let owner: TestUser;
let fake: FakeAiProviders;

beforeAll(async () => {
  ensureWebBuilt();
  fake = await startFakeAiProviders();
  server = await startTestServer(
    {
      OPENAI_API_KEY: "k",
      OPENAI_BASE_URL: fake.openaiUrl,
      DEFAULT_AI_PROVIDER: "provider_b",
      AI_MAX_CONCURRENCY: "1",
      AI_RETRY_BASE_MS: "20",
      AI_SSE_HEARTBEAT_MS: "200",
    },
    { worker: true },
  );
  owner = await signUpUser(server, "Olivia Owner");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fake?.close();
});

const asOwner = async (page: Page) =>
  page.context().addCookies([{ name: owner.cookie.split("=")[0]!, value: owner.cookie.split("=").slice(1).join("="), url: server.url }]);

describe("actions per role (issue 25)", () => {
  it("translators and reviewers are not offered bulk tag and delete; a reviewer's edit is refused with a reason", async () => {
    const { projectId } = await seedProject(server, owner, [
      { key: "app.title", source: "Welcome", targets: { de: "Willkommen" } },
      { key: "app.bye", source: "Goodbye" },
    ]);
    const translator = await addMember(server, owner, "translator", { name: "Tina Translator" });
    const reviewer = await addMember(server, owner, "reviewer", { name: "Rita Reviewer" });
    const developer = await addMember(server, owner, "developer", { name: "Devi Developer" });

    // A developer selects rows and gets the bulk actions.
    const d = await journeyContext(browser, server);
    const dev = await d.newPage();
    await signIn(dev, server, developer.email, "member password");
    await dev.goto(`${server.url}/projects/${projectId}`);
    await dev.getByRole("checkbox", { name: "Select app.title" }).check();
    await dev.getByRole("button", { name: "Add tag" }).waitFor();
    await dev.getByRole("button", { name: "Delete selected" }).waitFor();
    expectClean(d);

    for (const member of [translator, reviewer]) {
      const c = await journeyContext(browser, server);
      const page = await c.newPage();
      await signIn(page, server, member.email, "member password");
      await page.goto(`${server.url}/projects/${projectId}`);
      await page.getByRole("button", { name: /^app\.title in German/ }).waitFor();
      await expect(page.getByRole("checkbox", { name: /^Select / }).count()).resolves.toBe(0);
      // Space on a cell selects nothing either.
      await page.getByRole("button", { name: /^app\.title in German/ }).focus();
      await page.keyboard.press(" ");
      await expect(page.getByRole("region", { name: "Selected keys" }).count()).resolves.toBe(0);
      await expect(page.getByRole("button", { name: "Add tag" }).count()).resolves.toBe(0);
      await expect(page.getByRole("button", { name: /Delete/ }).count()).resolves.toBe(0);
      if (member === reviewer) {
        await page.getByRole("button", { name: /^app\.bye in German/ }).dblclick();
        const alert = page.getByRole("alert").filter({ hasText: "Your role (reviewer) cannot edit translations" });
        await alert.waitFor();
        await expect(page.getByRole("textbox", { name: "Translation (de)" }).count()).resolves.toBe(0);
        await expectAccessible(page, "editor with a refused edit");
        await page.screenshot({ path: screenshotPath("web-reviewer-refused-edit") });
        await alert.getByRole("button", { name: "Dismiss" }).click();
        await alert.waitFor({ state: "detached" });
        // Enter on a cell says it too.
        await page.getByRole("button", { name: /^app\.bye in German/ }).focus();
        await page.keyboard.press("Enter");
        await page.getByRole("alert").filter({ hasText: "cannot edit translations" }).waitFor();
      }
      expectClean(c);
    }
  });

  it("a save the server refuses shows the server's message in the open editor", async () => {
    const { projectId } = await seedProject(server, owner, [{ key: "greeting", source: "Hello" }]);
    const translator = await addMember(server, owner, "translator", { name: "Tom Translator" });
    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await signIn(page, server, translator.email, "member password");
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByText("1 key", { exact: true }).waitFor();
    await page.getByRole("button", { name: /^greeting in German/ }).click();
    await page.keyboard.press("Enter");
    const editor = page.getByRole("textbox", { name: "Translation (de)" });
    await editor.fill("Hallo");
    // The owner archives the project meanwhile: the server refuses the save with 409.
    const archive = await server.request("DELETE", `/api/projects/${projectId}`, { apiKey: owner.apiKey });
    expect(archive.status).toBeLessThan(300);
    await editor.press("Control+Enter");
    await page
      .locator(".cell-editor")
      .getByRole("alert")
      .filter({ hasText: /archived/i })
      .waitFor();
    await expectAccessible(page, "editor with a refused save");
  });
});

describe("the accept-invitation page (issue 25)", () => {
  it("names the organization, the inviter, the role and the address, from the link's token only", async () => {
    const email = `invited-${Date.now()}@example.com`;
    const invite = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: owner.cookie,
      body: { email, role: "reviewer" },
    });
    expect(invite.status).toBe(201);
    const token = tokenOfInviteUrl(invite.body.inviteUrl);
    const org = await server.request("GET", "/api/auth/me", { cookie: owner.cookie });

    // The lookup: the token's holder learns what the invitation offers, nothing more.
    const lookup = await server.request("POST", "/api/auth/invitation", { body: { token } });
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual({
      organizationName: org.body.organization.name,
      inviterName: "Olivia Owner",
      role: "reviewer",
      email,
      expiresAt: invite.body.expiresAt,
      existingAccount: false,
    });
    const unknown = await server.request("POST", "/api/auth/invitation", { body: { token: `${token}x` } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Invitation not found");
    const missing = await server.request("POST", "/api/auth/invitation", { body: {} });
    expect(missing.status).toBe(400);

    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await page.goto(invite.body.inviteUrl);
    await page.getByRole("heading", { name: "Accept invitation" }).waitFor();
    const summary = page.locator(".invitation-summary");
    await summary.getByText(`Olivia Owner invited you to join ${org.body.organization.name} as Reviewer.`).waitFor();
    await expect(summary.locator("dd").allTextContents()).resolves.toEqual([org.body.organization.name, "Olivia Owner", "Reviewer", email]);
    expect(new URL(page.url()).search).toBe("");
    await expectAccessible(page, "accept invitation with its details");
    await page.screenshot({ path: screenshotPath("web-accept-invitation-details") });
    await page.getByLabel("Your name").fill("Rex Reviewer");
    await page.getByLabel("Password").fill("reviewer password");
    await page.getByRole("button", { name: "Join" }).click();
    await page.getByRole("heading", { name: "Projects" }).waitFor();
    // Used: the lookup now refuses, and the page says so at once.
    const used = await server.request("POST", "/api/auth/invitation", { body: { token } });
    expect(used.status).toBe(400);
    const c2 = await journeyContext(browser, server);
    const again = await c2.newPage();
    await again.goto(invite.body.inviteUrl);
    await again.getByText("This invitation was already used.", { exact: false }).waitFor();
    await expect(again.locator(".invitation-summary").count()).resolves.toBe(0);
    expectClean(c);
    expectClean(c2);
  });

  it("the same page at 390 px fits the screen", async () => {
    const invite = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: owner.cookie,
      body: { email: `narrow-${Date.now()}@example.com`, role: "translator" },
    });
    const c = await journeyContext(browser, server, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await c.newPage();
    await page.goto(invite.body.inviteUrl);
    await page.locator(".invitation-summary").waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(page, "accept invitation at 390 px");
    await page.screenshot({ path: screenshotPath("web-accept-invitation-390") });
    expectClean(c);
  });
});

describe("activity details (issue 25)", () => {
  it("name keys, languages, people and projects instead of ids", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [{ key: "cart.total", source: "Total" }]);
    const put = await server.request("PUT", `/api/projects/${projectId}/keys/${keyIds["cart.total"]}/translations/de`, {
      apiKey: owner.apiKey,
      body: { value: "Summe" },
    });
    expect(put.status).toBe(200);
    const member = await addMember(server, owner, "translator", { name: "Anton Activity" });
    const project = await server.request("GET", `/api/projects/${projectId}`, { apiKey: owner.apiKey });
    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await asOwner(page);
    await page.goto(`${server.url}/organization/activity`);
    const entries = page.getByRole("table", { name: "Activity entries" });
    await entries.waitFor();
    const row = (action: string) =>
      entries
        .locator("tbody tr")
        .filter({ has: page.locator("code", { hasText: action }) })
        .first();
    await expect
      .poll(() => row("translation.created").locator("td").nth(4).textContent())
      .toBe("cart.total in German (de) · untranslated → translated");
    await expect(row("translation.created").locator("td").nth(3).textContent()).resolves.toBe(project.body.name);
    await expect(row("member.joined").locator("td").nth(4).textContent()).resolves.toBe(`Anton Activity <${member.email}> as translator`);
    await expect(row("project.created").locator("td").nth(4).textContent()).resolves.toBe(`Project ${project.body.name}`);
    // No raw metadata: no braces, no ids.
    const details = await entries.locator("tbody tr td:nth-child(5)").allTextContents();
    for (const text of details) {
      expect(text).not.toMatch(/[{}]/);
      expect(text).not.toContain(keyIds["cart.total"]);
      expect(text).not.toContain(member.userId);
    }
    await expectAccessible(page, "activity with readable details");
    await page.screenshot({ path: screenshotPath("web-activity-details") });
    expectClean(c);
  });
});

describe("the side panel after an AI batch (issue 25)", () => {
  it("shows the batch's change in the selected string's history without a reload", async () => {
    const { projectId } = await seedProject(server, owner, [{ key: "batch.one", source: "One string" }], { targetLanguages: ["de"] });
    fake.reset();
    fake.reply = (req) => ({ translation: `DE ${req.sourceText}`, confidence: 91 });
    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await asOwner(page);
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByRole("button", { name: /^batch\.one in German/ }).click();
    const panel = page.getByRole("complementary", { name: /^Details of batch\.one/ });
    await panel.getByText("No changes yet.").waitFor();
    await page.getByRole("button", { name: /AI translate/ }).click();
    await page.getByRole("button", { name: "Translate untranslated keys" }).click();
    await page.getByText(/^Done: 1 translated, 0 failed of 1\./).waitFor({ timeout: 30_000 });
    await panel.locator(".history li").filter({ hasText: "DE One string" }).waitFor();
    await expect(panel.getByText("No changes yet.").count()).resolves.toBe(0);
    await expectAccessible(page, "side panel after an AI batch");
    expectClean(c);
  });
});

describe("the import language from the file (issue 25)", () => {
  it("is pre-selected from the PO header, XLIFF target and file name, with a warning when another is chosen", async () => {
    const { projectId } = await seedProject(server, owner, [{ key: "hello", source: "Hello" }], { targetLanguages: ["de", "fr", "ja"] });
    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await asOwner(page);
    await page.goto(`${server.url}/projects/${projectId}/files`);
    await page.getByRole("heading", { name: "Import a file" }).waitFor();
    const language = page.getByLabel("Language", { exact: true });
    const choose = (name: string, content: string) =>
      page.locator('input[type="file"]').setInputFiles({ name, mimeType: "text/plain", buffer: Buffer.from(content) });

    await choose("de.json", '{"hello": "Hallo"}');
    await expect.poll(() => language.inputValue()).toBe("de");
    await page.getByText("Detected German (de) from the file name.").waitFor();

    const po = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: fr\\n"\n\nmsgid "hello"\nmsgstr "Bonjour"\n';
    await choose("messages.po", po);
    await expect.poll(() => language.inputValue()).toBe("fr");
    await page.getByText("Detected French (fr) from the file's Language header.").waitFor();
    await language.selectOption("de");
    const warning = page.getByRole("alert").filter({ hasText: "This file looks like French (fr)" });
    await warning.waitFor();
    await expect(warning.textContent()).resolves.toContain("will be imported as German (de)");
    await expectAccessible(page, "import with a language warning");
    await page.screenshot({ path: screenshotPath("web-import-language-warning"), fullPage: true });
    await language.selectOption("fr");
    await warning.waitFor({ state: "detached" });

    const xliff = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" target-language="ja" datatype="plaintext" original="x"><body>
<trans-unit id="hello"><source>Hello</source><target>こんにちは</target></trans-unit></body></file></xliff>`;
    await choose("export.xlf", xliff);
    await expect.poll(() => language.inputValue()).toBe("ja");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "Result" }).waitFor();
    const t = await server.request("GET", `/api/projects/${projectId}/translations/ja`, { apiKey: owner.apiKey });
    expect(JSON.stringify(t.body)).toContain("こんにちは");
    expectClean(c);
  });

  it("the api reports the language the file names, from the Android folder in fileName too", async () => {
    const { projectId } = await seedProject(server, owner, [{ key: "hello", source: "Hello" }], { targetLanguages: ["de", "fr"] });
    const xml = '<?xml version="1.0" encoding="utf-8"?>\n<resources><string name="hello">Hallo</string></resources>\n';
    const json = await server.request("POST", `/api/projects/${projectId}/import`, {
      apiKey: owner.apiKey,
      body: { language: "fr", format: "android-xml", content: xml, fileName: "app/src/main/res/values-de/strings.xml" },
    });
    expect(json.status).toBe(200);
    expect(json.body.detectedLanguage).toEqual({ language: "de", from: "android-path", projectLanguage: "de", differs: true });
    const plain = await server.request("POST", `/api/projects/${projectId}/import`, {
      apiKey: owner.apiKey,
      body: { language: "de", format: "json-flat", content: '{"hello": "Hallo"}' },
    });
    expect(plain.body.detectedLanguage).toBeNull();
    // The raw-body import reads the file's start and the fileName query alike.
    const raw = await fetch(`${server.url}/api/projects/${projectId}/import/de?format=po&fileName=de.po`, {
      method: "POST",
      headers: { "x-api-key": owner.apiKey, "content-type": "application/octet-stream" },
      body: 'msgid ""\nmsgstr ""\n"Language: de_DE\\n"\n\nmsgid "hello"\nmsgstr "Hallo"\n',
    });
    expect(raw.status).toBe(200);
    expect((await raw.json()).detectedLanguage).toEqual({ language: "de-DE", from: "po-header", projectLanguage: "de", differs: false });
  });
});

describe("translator and reviewer shortcuts (issue 25)", () => {
  it("Alt+1 uses a suggestion, Ctrl+Shift+Enter saves and approves, Alt+C copies the source, u goes to the next string to do", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "a.save", source: "Save", targets: { de: "Speichern" } },
      { key: "b.save", source: "Save" },
      { key: "c.other", source: "Other", targets: { de: "Anders" } },
      { key: "d.name", source: "Name {user}" },
    ]);
    const approveViaApi = await server.request("PATCH", `/api/projects/${projectId}/keys/${keyIds["a.save"]}/translations/de/status`, {
      apiKey: owner.apiKey,
      body: { status: "approved" },
    });
    expect(approveViaApi.status).toBe(200);
    const statusOf = async (key: string) => {
      const res = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds[key]}/translations`, { apiKey: owner.apiKey });
      return res.body.find((t: { language: string }) => t.language === "de") as { value: string; status: string } | undefined;
    };
    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await asOwner(page);
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByText("4 keys").waitFor();

    // u: from a.save to the next string still to do in German.
    await page.getByRole("button", { name: /^a\.save in German/ }).click();
    await page.keyboard.press("u");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-cell"))).toBe("1:de");

    // Alt+1: the first translation-memory suggestion (numbered in the panel) fills the editor.
    const panel = page.getByRole("complementary", { name: /^Details of b\.save/ });
    await panel.locator(".suggestions li").filter({ hasText: "Speichern" }).locator("kbd", { hasText: "1" }).waitFor();
    await page.keyboard.press("Alt+1");
    const editor = page.getByRole("textbox", { name: "Translation (de)" });
    await expect.poll(() => editor.inputValue()).toBe("Speichern");
    // Ctrl+Shift+Enter: saved and approved, and the next row is open for editing.
    await editor.press("Control+Shift+Enter");
    await expect.poll(async () => (await statusOf("b.save"))?.status).toBe("approved");
    expect((await statusOf("b.save"))?.value).toBe("Speichern");
    await expect.poll(() => editor.inputValue()).toBe("Anders");
    await page.keyboard.press("Escape");

    // Ctrl+Shift+Enter on a cell of the grid approves it.
    await page.getByRole("button", { name: /^c\.other in German/ }).focus();
    await page.keyboard.press("Control+Shift+Enter");
    await page.getByRole("button", { name: /^c\.other in German: Anders\W*Approved/ }).waitFor();

    // Alt+C copies the source into the open editor.
    await page.getByRole("button", { name: /^d\.name in German/ }).click();
    await page.keyboard.press("Enter");
    await editor.waitFor();
    await page.keyboard.press("Alt+c");
    await expect.poll(() => editor.inputValue()).toBe("Name {user}");
    await page.keyboard.press("Escape");

    // The shortcut sheet lists them.
    await page.keyboard.press("?");
    const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    for (const k of ["Ctrl+Shift+Enter", "Alt+C", "Alt+1 … Alt+9", "u"]) await sheet.getByText(k, { exact: true }).waitFor();
    await expectAccessible(page, "shortcut sheet");
    await sheet.getByRole("button", { name: "Close" }).click();
    expectClean(c);
  });

  it("a reviewer rejects a translation with a reason: back to untranslated, the reason as a comment", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [{ key: "title", source: "Title", targets: { de: "Titelx" } }]);
    const reviewer = await addMember(server, owner, "reviewer", { name: "Rosa Reject" });
    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await signIn(page, server, reviewer.email, "member password");
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByRole("button", { name: /^title in German/ }).click();
    const panel = page.getByRole("complementary", { name: /^Details of title/ });
    await panel.getByRole("button", { name: "Reject", exact: true }).click();
    await panel.getByLabel("Reason for rejecting").fill("Typo: Titel");
    await expectAccessible(page, "reject form");
    await panel.getByRole("button", { name: "Reject translation" }).click();
    await page.getByRole("button", { name: /^title in German: Titelx\W*Untranslated/ }).waitFor();
    await panel.locator(".comments").getByText("Typo: Titel").waitFor();
    const t = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds.title}/translations`, { apiKey: owner.apiKey });
    expect(t.body.find((x: { language: string }) => x.language === "de")).toMatchObject({ value: "Titelx", status: "untranslated" });
    const comments = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds.title}/comments`, { apiKey: owner.apiKey });
    expect(JSON.stringify(comments.body)).toContain("Typo: Titel");
    await page.screenshot({ path: screenshotPath("web-reviewer-rejected") });
    expectClean(c);
  });
});

describe("layout fixes (issue 25)", () => {
  /** Whether the search field shows its whole placeholder (measured with the field's own font). */
  const placeholderFits = (page: Page) =>
    page.getByRole("searchbox").evaluate((el) => {
      const input = el as HTMLInputElement;
      const style = getComputedStyle(input);
      const ctx = document.createElement("canvas").getContext("2d")!;
      ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = ctx.measureText(input.placeholder).width;
      const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { text: Math.ceil(text), room: Math.floor(room) };
    });

  it("the search placeholder is whole at 1280 and 390 px, and Arabic badges line up with their values", async () => {
    const { projectId } = await seedProject(server, owner, [{ key: "hello", source: "Hello", targets: { ar: "مرحبا" } }], {
      targetLanguages: ["ar", "de"],
    });
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const narrow = viewport.width < 400;
      const c = await journeyContext(browser, server, { viewport, ...(narrow ? { hasTouch: true, isMobile: true } : {}) });
      const page = await c.newPage();
      await asOwner(page);
      await page.goto(`${server.url}/projects/${projectId}`);
      const arabic = page.getByRole("button", { name: /^hello in Arabic/ });
      await arabic.waitFor();
      const fit = await placeholderFits(page);
      expect(fit.text, `placeholder at ${viewport.width} px`).toBeLessThanOrEqual(fit.room);
      // Right to left: the status badge ends where the value ends (on the right).
      const value = await arabic.locator(".cell-value").boundingBox();
      const badge = await arabic.locator(".badge").first().boundingBox();
      expect(Math.abs(value!.x + value!.width - (badge!.x + badge!.width)), `badge alignment at ${viewport.width} px`).toBeLessThanOrEqual(
        2,
      );
      expect(await arabic.locator(".cell-meta").getAttribute("dir")).toBe("rtl");
      await expectAccessible(page, `editor at ${viewport.width} px`);
      await page.screenshot({ path: screenshotPath(`web-editor-search-rtl-${viewport.width}`) });
      expectClean(c);
    }
  });
});

describe("the has-comments filter (issue 25)", () => {
  it("lists only keys with comments, in the editor and the key list", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "quiet", source: "Quiet" },
      { key: "talked.about", source: "Talked about" },
    ]);
    const comment = await server.request("POST", `/api/projects/${projectId}/keys/${keyIds["talked.about"]}/comments`, {
      apiKey: owner.apiKey,
      body: { body: "Is this formal?", language: "de" },
    });
    expect(comment.status).toBe(201);
    const withComments = await server.request("GET", `/api/projects/${projectId}/keys?hasComments=true`, { apiKey: owner.apiKey });
    expect(withComments.body.data.map((k: { key: string }) => k.key)).toEqual(["talked.about"]);
    const without = await server.request("GET", `/api/projects/${projectId}/keys?hasComments=false`, { apiKey: owner.apiKey });
    expect(without.body.data.map((k: { key: string }) => k.key)).toEqual(["quiet"]);
    const bad = await server.request("GET", `/api/projects/${projectId}/keys?hasComments=yes`, { apiKey: owner.apiKey });
    expect(bad.status).toBe(400);

    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await asOwner(page);
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByText("2 keys").waitFor();
    await page.getByRole("search").getByLabel("Has comments").check();
    await page.getByText("1 key", { exact: true }).waitFor();
    await page.getByRole("button", { name: /^talked\.about in German/ }).waitFor();
    await expectAccessible(page, "editor filtered to keys with comments");
    expectClean(c);
  });
});

describe("export approved only (issue 25)", () => {
  it("writes approved values only, from the api and the form", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "ok", source: "OK", targets: { de: "In Ordnung" } },
      { key: "draft", source: "Draft", targets: { de: "Entwurff" } },
    ]);
    const approve = await server.request("PATCH", `/api/projects/${projectId}/keys/${keyIds.ok}/translations/de/status`, {
      apiKey: owner.apiKey,
      body: { status: "approved" },
    });
    expect(approve.status).toBe(200);
    const get = (q: string) =>
      fetch(`${server.url}/api/projects/${projectId}/export/de?${q}`, { headers: { "x-api-key": owner.apiKey } }).then(async (r) => ({
        status: r.status,
        text: await r.text(),
      }));
    expect(JSON.parse((await get("format=json-flat&approvedOnly=true")).text)).toEqual({ ok: "In Ordnung" });
    expect(JSON.parse((await get("format=json-flat")).text)).toEqual({ ok: "In Ordnung", draft: "Entwurff" });
    const xliff = (await get("format=xliff&approvedOnly=true")).text;
    expect(xliff).toContain("In Ordnung");
    expect(xliff).toContain("<source>Draft</source>");
    expect(xliff).not.toContain("Entwurff");
    expect((await get("format=json-flat&approvedOnly=maybe")).status).toBe(400);

    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await asOwner(page);
    await page.goto(`${server.url}/projects/${projectId}/files`);
    await page.getByLabel("Export language").selectOption("de");
    await page.getByLabel("Approved translations only").check();
    await expectAccessible(page, "export approved only");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download" }).click()]);
    const body = await download.createReadStream().then(
      (s) =>
        new Promise<string>((resolve, reject) => {
          let out = "";
          s.on("data", (d: Buffer) => (out += d.toString("utf8")));
          s.on("end", () => resolve(out));
          s.on("error", reject);
        }),
    );
    expect(JSON.parse(body)).toEqual({ ok: "In Ordnung" });
    expectClean(c);
  });
});
