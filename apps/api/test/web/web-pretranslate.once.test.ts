// Browser journey for TM pre-translation and the leverage report (docs/pretranslation.md) in real
// headless Chromium against the production build (other origins blocked, axe-core on each screen):
// the leverage screen's bars and costs, then "Pre-translate" beside the AI batch filling the grid
// from the translation memory; the leverage screen again at 390 px.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshotPath } from "../helpers/browser";
import { seedProject } from "../helpers/fake-ai-providers";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";
import { addTmEntries } from "../helpers/tm-entries";
import { ensureWebBuilt, expectAccessible, expectClean, journeyContext, signIn } from "../helpers/web-journey";

let server: TestServer;
let browser: Browser;
let owner: TestUser;

beforeAll(async () => {
  ensureWebBuilt();
  server = await startTestServer({ AI_JOB_LEASE_MS: "2000" }, { worker: true });
  owner = await signUpUser(server, "Pia Pretranslate");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("pre-translation in the editor", () => {
  it("shows the leverage per band with a cost, then fills the grid from the TM", async () => {
    await addTmEntries(server, owner.orgId, [
      ["Save your changes", "Änderungen speichern"],
      ["Delete this file permanently", "Diese Datei endgültig löschen"],
    ]);
    const { projectId, keyIds } = await seedProject(
      server,
      owner,
      [
        { key: "save", source: "Save your changes" },
        { key: "remove", source: "Delete this file permanently!" },
        { key: "fresh", source: "A brand new sentence" },
      ],
      { targetLanguages: ["de"] },
    );
    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await signIn(page, server, owner.email, "correct horse");

    await page.goto(`${server.url}/projects/${projectId}/leverage`);
    const de = page.getByRole("region", { name: "Leverage, German" });
    await expect.poll(() => de.getByRole("heading").textContent()).toMatch(/German \(de\): 3 keys, 11 words/);
    await expect.poll(() => de.getByRole("img").getAttribute("aria-label")).toContain("100 %: 3 words");
    await page.getByLabel("No match", { exact: true }).fill("0.1");
    await page.getByRole("button", { name: "Compute cost" }).click();
    await expect.poll(() => de.getByRole("heading").textContent()).toMatch(/cost 0\.4$/);
    await expectAccessible(page, "leverage report");
    await page.screenshot({ path: screenshotPath("web-leverage") });

    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByRole("button", { name: /^save in German/ }).waitFor();
    await page.getByRole("button", { name: "Pre-translate" }).click();
    const panel = page.getByRole("region", { name: "Pre-translation" });
    await panel.getByLabel("TM matches from").selectOption("85");
    await expectAccessible(page, "editor with the pre-translation panel");
    await panel.getByRole("button", { name: "Pre-translate" }).click();
    await expect
      .poll(() => panel.getByRole("status").textContent(), { timeout: 30_000 })
      .toMatch(/2 filled \(0 context, 1 exact, 1 fuzzy\), 1 left/);
    await expect.poll(() => page.getByRole("button", { name: /^save in German/ }).textContent()).toContain("Änderungen speichern");
    const stored = await server.db.prisma.translation.findUnique({ where: { keyId_language: { keyId: keyIds.remove!, language: "de" } } });
    expect(stored).toMatchObject({ value: "Diese Datei endgültig löschen", source: "tm", status: "translated" });
    await page.screenshot({ path: screenshotPath("web-pretranslate") });
    expectClean(c);

    const phone = await journeyContext(browser, server, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const small = await phone.newPage();
    await signIn(small, server, owner.email, "correct horse");
    await small.goto(`${server.url}/projects/${projectId}/leverage`);
    await small.getByRole("region", { name: "Leverage, German" }).waitFor();
    const fits = async () => expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await fits();
    await expectAccessible(small, "leverage report at 390 px");
    // The editor's new action and link stay on screen at 390 px.
    await small.goto(`${server.url}/projects/${projectId}`);
    await small.getByRole("button", { name: /^save in German/ }).waitFor();
    await fits();
    for (const [name, role] of [
      ["Pre-translate", "button"],
      ["Leverage", "link"],
    ] as const) {
      const box = await small.getByRole(role, { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    expectClean(phone);
  });
});
