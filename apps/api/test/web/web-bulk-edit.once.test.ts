// Browser journey for bulk edits (docs/bulk-edits.md) in real headless Chromium against the
// production build (other origins blocked, axe-core on the screen): find and replace over the
// current filter with a preview of the counts, then applied; then the selected rows marked
// reviewed.
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
  owner = await signUpUser(server, "Bea Bulk");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const stored = async (keyId: string, language: string) =>
  server.db.prisma.translation.findUnique({ where: { keyId_language: { keyId, language } } });

describe("bulk edits in the editor", () => {
  it("previews a find and replace over the filter with counts, applies it, then marks the selection reviewed", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "brand.title", source: "Acme", targets: { de: "Acme Start" } },
      { key: "brand.body", source: "Acme and Acme", targets: { de: "Acme und Acme" } },
      { key: "other", source: "Other", targets: { de: "Anderes" } },
    ]);
    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await signIn(page, server, owner.email, "correct horse");
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByRole("button", { name: /^brand\.title in German/ }).waitFor();

    await page.getByRole("button", { name: "Bulk edit" }).click();
    const panel = page.getByRole("region", { name: "Bulk edit" });
    await panel.getByLabel("Find", { exact: true }).fill("Acme");
    await panel.getByLabel("Replace with", { exact: true }).fill("Acme Cloud");
    await panel.getByLabel("Whole word", { exact: true }).check();
    await panel.getByRole("button", { name: "Preview" }).click();
    await expect.poll(() => panel.getByRole("status").first().textContent()).toMatch(/2 values in 2 keys would change/);
    const counts = panel.getByRole("table", { name: "Per language" });
    await expect.poll(() => counts.getByRole("row").nth(1).textContent()).toMatch(/German\s*2\s*3/);
    await expect.poll(() => panel.getByRole("table", { name: "Examples" }).textContent()).toContain("Acme Cloud und Acme Cloud");
    expect((await stored(keyIds["brand.body"]!, "de"))!.value).toBe("Acme und Acme"); // the preview wrote nothing
    await expectAccessible(page, "editor with a bulk edit preview");
    await page.screenshot({ path: screenshotPath("web-bulk-edit-preview") });
    await panel.getByRole("button", { name: "Apply to 2 values" }).click();
    await expect.poll(() => panel.locator(".bulk-result").textContent()).toMatch(/Changed 2 values/);
    expect((await stored(keyIds["brand.body"]!, "de"))!.value).toBe("Acme Cloud und Acme Cloud");
    // The grid shows the new values.
    await expect.poll(() => page.getByRole("button", { name: /^brand\.title in German/ }).textContent()).toContain("Acme Cloud Start");

    // Select two rows and mark them reviewed.
    await page.getByRole("checkbox", { name: /brand\.title/ }).check();
    await page.getByRole("checkbox", { name: /^Select other/ }).check();
    await panel.getByRole("combobox").nth(0).selectOption("setStatus");
    await panel.getByRole("combobox").nth(1).selectOption("reviewed");
    await panel.getByRole("radio", { name: /Selected \(2\)/ }).check();
    await panel.getByRole("button", { name: "Preview" }).click();
    await expect.poll(() => panel.getByRole("status").first().textContent()).toMatch(/2 values in 2 keys would change/);
    await panel.getByRole("button", { name: "Apply to 2 values" }).click();
    await expect.poll(() => panel.locator(".bulk-result").textContent()).toMatch(/Changed 2 values/);
    expect((await stored(keyIds["brand.title"]!, "de"))!.status).toBe("reviewed");
    expect((await stored(keyIds.other!, "de"))!.status).toBe("reviewed");
    expect((await stored(keyIds["brand.body"]!, "de"))!.status).toBe("translated");
    expectClean(c);
  });
});
