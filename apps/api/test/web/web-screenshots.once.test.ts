// The editor's side panel shows the selected key's screenshots with its region highlighted
// (docs/visual-context.md), in real headless Chromium against the production build (other origins
// blocked, axe-core on each state), at 1280 and at 390 px; the screenshots it takes are looked at.

import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshotPath } from "../helpers/browser";
import { seedProject } from "../helpers/fake-ai-providers";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";
import { ensureWebBuilt, expectAccessible, expectClean, journeyContext, signIn } from "../helpers/web-journey";

let server: TestServer;
let browser: Browser;
let owner: TestUser;

/** A mock application screen, 1200 × 800: a header bar, a title block and a button. */
function appScreen(): Promise<Buffer> {
  const block = (left: number, top: number, width: number, height: number, background: string) => ({
    input: { create: { width, height, channels: 3 as const, background } },
    left,
    top,
  });
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: "#f4f6fa" } })
    .composite([block(0, 0, 1200, 80, "#1f3b73"), block(100, 160, 600, 60, "#30343c"), block(100, 300, 240, 64, "#2b7de9")])
    .png()
    .toBuffer();
}

const REGION = { x: 100, y: 300, width: 240, height: 64 };

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

/** The highlighted box's rectangle relative to its image, in percent of the image. */
async function regionInImage(page: Page, scope: string) {
  return page.evaluate((selector) => {
    const frame = document.querySelector(selector);
    const img = frame?.querySelector("img") as HTMLImageElement | null;
    const box = frame?.querySelector(".shot-region");
    if (!img || !box || !img.complete || img.naturalWidth === 0) return null;
    const i = img.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    return { x: ((b.left - i.left) / i.width) * 100, y: ((b.top - i.top) / i.height) * 100, w: (b.width / i.width) * 100 };
  }, scope);
}

describe("screenshots in the editor's side panel", () => {
  it("shows the key's screenshot with its region highlighted, enlarges it, and fits 390 px", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "checkout.pay", source: "Pay now" },
      { key: "checkout.title", source: "Your basket" },
    ]);
    const upload = await server.request("POST", `/api/projects/${projectId}/screenshots`, {
      apiKey: owner.apiKey,
      body: {
        name: "Checkout page",
        content: (await appScreen()).toString("base64"),
        regions: [
          { keyId: keyIds["checkout.pay"], ...REGION },
          { keyId: keyIds["checkout.title"], x: 100, y: 160, width: 600, height: 60 },
        ],
      },
    });
    expect(upload.status, upload.text).toBe(201);
    const expected = { x: (REGION.x / 1200) * 100, y: (REGION.y / 800) * 100, w: (REGION.width / 1200) * 100 };

    const c = await journeyContext(browser, server);
    const page = await c.newPage();
    await signIn(page, server, owner.email, "correct horse");
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByRole("button", { name: /^checkout\.pay in German/ }).click();
    const panel = page.getByRole("complementary", { name: /^Details of checkout\.pay/ });
    await panel.getByRole("heading", { name: "Screenshots (1)" }).waitFor();
    const thumb = panel.getByRole("button", { name: "Enlarge screenshot Checkout page" });
    await thumb.scrollIntoViewIfNeeded();
    // Only this key's region is drawn, where the region lies on the image (within half a percent).
    await expect.poll(() => regionInImage(page, ".side-panel .shot-frame")).not.toBeNull();
    const small = await regionInImage(page, ".side-panel .shot-frame");
    expect(Math.abs(small!.x - expected.x)).toBeLessThan(0.5);
    expect(Math.abs(small!.y - expected.y)).toBeLessThan(0.5);
    expect(Math.abs(small!.w - expected.w)).toBeLessThan(0.5);
    await expect(panel.locator(".shot-region").count()).resolves.toBe(1);
    await expectAccessible(page, "side panel with a screenshot");
    await panel.screenshot({ path: screenshotPath("web-screenshots-side-panel") });

    await thumb.click();
    const dialog = page.getByRole("dialog", { name: "Checkout page: where checkout.pay appears" });
    await dialog.waitFor();
    await expect.poll(() => regionInImage(page, "dialog .shot-frame")).not.toBeNull();
    const large = await regionInImage(page, "dialog .shot-frame");
    expect(Math.abs(large!.x - expected.x)).toBeLessThan(0.5);
    await expectAccessible(page, "enlarged screenshot");
    await page.screenshot({ path: screenshotPath("web-screenshots-enlarged") });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    // Another key: its own region only; a key on no screenshot says so.
    await page.getByRole("button", { name: /^checkout\.title in German/ }).click();
    const other = page.getByRole("complementary", { name: /^Details of checkout\.title/ });
    await other.getByRole("heading", { name: "Screenshots (1)" }).waitFor();
    await expect.poll(() => regionInImage(page, ".side-panel .shot-frame").then((r) => r && Math.round(r.y))).toBe(20);
    expectClean(c);

    // 390 px: the panel opens over the grid, and the screenshot fits.
    const narrow = await journeyContext(browser, server, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const phone = await narrow.newPage();
    await signIn(phone, server, owner.email, "correct horse");
    await phone.goto(`${server.url}/projects/${projectId}`);
    await phone.getByRole("button", { name: /^checkout\.pay in German/ }).tap();
    await phone.getByRole("button", { name: /^Details/ }).tap();
    const phonePanel = phone.getByRole("complementary", { name: /^Details of checkout\.pay/ });
    await phonePanel.getByRole("heading", { name: "Screenshots (1)" }).waitFor();
    await phonePanel.getByRole("button", { name: "Enlarge screenshot Checkout page" }).scrollIntoViewIfNeeded();
    await expect.poll(() => regionInImage(phone, ".side-panel .shot-frame")).not.toBeNull();
    const width = await phone.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(phone, "side panel with a screenshot at 390 px");
    await phone.screenshot({ path: screenshotPath("web-screenshots-390") });
    expectClean(narrow);
  });
});
