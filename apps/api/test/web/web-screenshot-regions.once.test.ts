// The region editor (Project → Screenshots → a screenshot; docs/visual-context.md), in real headless
// Chromium against the production build (other origins blocked, axe-core on each state), at 1280
// and at 390 px: a developer draws a region with the mouse and assigns its key, moves it by mouse
// and by arrow keys, adds one through the keyboard form, deletes one, and every save is read back
// through the API; a translator sees the regions without editing controls. The screenshots it
// takes are looked at.

import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshotPath } from "../helpers/browser";
import { seedProject } from "../helpers/fake-ai-providers";
import { addMember, type TestMember } from "../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";
import { ensureWebBuilt, expectAccessible, expectClean, journeyContext, signIn } from "../helpers/web-journey";

let server: TestServer;
let browser: Browser;
let owner: TestUser;
let developer: TestMember;
let translator: TestMember;

const W = 1200;
const H = 800;

/** A mock application screen: a header bar, a title block, a button and a total line. */
function appScreen(): Promise<Buffer> {
  const block = (left: number, top: number, width: number, height: number, background: string) => ({
    input: { create: { width, height, channels: 3 as const, background } },
    left,
    top,
  });
  return sharp({ create: { width: W, height: H, channels: 3, background: "#f4f6fa" } })
    .composite([
      block(0, 0, W, 80, "#1f3b73"),
      block(100, 160, 600, 60, "#30343c"),
      block(100, 300, 240, 64, "#2b7de9"),
      block(800, 600, 300, 40, "#6b7280"),
    ])
    .png()
    .toBuffer();
}

type Region = { keyId: string; x: number; y: number; width: number; height: number };

beforeAll(async () => {
  ensureWebBuilt();
  server = await startTestServer();
  owner = await signUpUser(server, "Olivia Owner");
  developer = await addMember(server, owner, "developer", { name: "Devi Developer" });
  translator = await addMember(server, owner, "translator", { name: "Tina Translator" });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function regionsOf(projectId: string, screenshotId: string): Promise<Region[]> {
  const res = await server.request("GET", `/api/projects/${projectId}/screenshots/${screenshotId}`, { apiKey: owner.apiKey });
  expect(res.status, res.text).toBe(200);
  return res.body.regions;
}

/** Client coordinates of a point given in pixels of the original image, as the page shows it now. */
async function clientPoint(page: Page, x: number, y: number): Promise<{ x: number; y: number; scale: number }> {
  const box = await page.locator(".region-canvas img").boundingBox();
  if (!box) throw new Error("no image");
  const scale = box.width / W;
  return { x: box.x + x * scale, y: box.y + y * scale, scale };
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

async function saveAndWait(page: Page, count: number) {
  await page.getByRole("button", { name: "Save regions" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: `Saved ${count} region` })
    .waitFor();
}

/** Within the rounding of one displayed pixel (in image pixels), plus one. */
const near = (actual: number, expected: number, scale: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1 / scale + 1);

describe("the region editor", () => {
  it("draws, assigns, moves, adds by keyboard and deletes regions, saved through the API (1280 px)", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "checkout.title", source: "Your basket" },
      { key: "checkout.pay", source: "Pay now" },
      { key: "checkout.total", source: "Total" },
    ]);
    const upload = await server.request("POST", `/api/projects/${projectId}/screenshots`, {
      apiKey: owner.apiKey,
      body: {
        name: "Checkout page",
        content: (await appScreen()).toString("base64"),
        regions: [{ keyId: keyIds["checkout.title"], x: 100, y: 160, width: 600, height: 60 }],
      },
    });
    expect(upload.status, upload.text).toBe(201);
    const shotId = upload.body._id as string;

    const c = await journeyContext(browser, server, { viewport: { width: 1280, height: 900 } });
    const page = await c.newPage();
    await signIn(page, server, developer.email, "member password");
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByRole("link", { name: "Screenshots" }).click();
    await page.getByRole("heading", { name: /^Screenshots of / }).waitFor();
    await page.getByText("1200×800 px, 1 region").waitFor();
    await expectAccessible(page, "screenshots of a project");
    await page.getByRole("link", { name: "Checkout page" }).click();
    await page.getByRole("heading", { name: "Checkout page" }).waitFor();
    await page.getByRole("button", { name: "Region 1: checkout.title at 100, 160, 600×60" }).waitFor();
    await page.waitForFunction(() => (document.querySelector(".region-canvas img") as HTMLImageElement | null)?.complete);

    // Drawn with the mouse over the button block (100, 300, 240 × 64): a region without a key yet.
    const a = await clientPoint(page, 100, 300);
    const b = await clientPoint(page, 340, 364);
    await drag(page, a, b);
    const form = page.getByRole("form", { name: "Region 2" });
    await form.waitFor();
    await expect(page.getByRole("button", { name: "Save regions" }).isDisabled()).resolves.toBe(true);
    await page.getByText("Choose a key for every region before saving.").waitFor();
    await form.getByLabel("Find a key").fill("pay");
    await expect.poll(() => form.getByRole("combobox", { name: "Key" }).locator("option", { hasText: "checkout.pay" }).count()).toBe(1);
    await form.getByRole("combobox", { name: "Key" }).selectOption({ label: "checkout.pay" });
    await form.getByRole("button", { name: "Apply" }).click();
    await expectAccessible(page, "region editor with a drawn region");
    await saveAndWait(page, 2);
    let regions = await regionsOf(projectId, shotId);
    const pay = regions.find((r) => r.keyId === keyIds["checkout.pay"])!;
    near(pay.x, 100, a.scale);
    near(pay.y, 300, a.scale);
    near(pay.x + pay.width, 340, a.scale);
    near(pay.y + pay.height, 364, a.scale);
    expect(regions.find((r) => r.keyId === keyIds["checkout.title"])).toMatchObject({ x: 100, y: 160, width: 600, height: 60 });

    // Moved by mouse (+100, +50) and by keys (Shift+→: 10 px, ↓: 1 px); resized by its corner.
    const payButton = page.getByRole("button", { name: /^Region \d: checkout\.pay at / });
    const centre = await clientPoint(page, pay.x + pay.width / 2, pay.y + pay.height / 2);
    await drag(page, centre, { x: centre.x + 100 * centre.scale, y: centre.y + 50 * centre.scale });
    await payButton.focus();
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("ArrowDown");
    const corner = await page.locator(".region-handle").boundingBox();
    const cx = corner!.x + corner!.width / 2;
    const cy = corner!.y + corner!.height / 2;
    await drag(page, { x: cx, y: cy }, { x: cx + 20 * centre.scale, y: cy });
    await saveAndWait(page, 2);
    regions = await regionsOf(projectId, shotId);
    const moved = regions.find((r) => r.keyId === keyIds["checkout.pay"])!;
    near(moved.x, pay.x + 110, centre.scale);
    near(moved.y, pay.y + 51, centre.scale);
    near(moved.width, pay.width + 20, centre.scale);
    expect(moved.height).toBe(pay.height);

    // The keyboard form: Add a region, pick the key by typing, exact numbers; outside is refused.
    await page.getByRole("button", { name: "Add a region" }).focus();
    await page.keyboard.press("Enter");
    const added = page.getByRole("form", { name: "Region 3" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("search");
    await page.keyboard.type("total");
    await expect.poll(() => added.getByRole("combobox", { name: "Key" }).locator("option", { hasText: "checkout.total" }).count()).toBe(1);
    await added.getByRole("combobox", { name: "Key" }).selectOption({ label: "checkout.total" });
    await added.getByLabel("x (left, px)").fill("800");
    await added.getByLabel("y (top, px)").fill("600");
    await added.getByLabel("Width (px)").fill("500");
    await added.getByLabel("Height (px)").fill("40");
    await added.getByLabel("Height (px)").press("Enter");
    await added.getByRole("alert").filter({ hasText: "The region must lie inside the 1200×800 image." }).waitFor();
    await added.getByLabel("Width (px)").fill("300");
    await added.getByLabel("Width (px)").press("Enter");
    await page.getByRole("button", { name: "Region 3: checkout.total at 800, 600, 300×40" }).waitFor();
    await expectAccessible(page, "region editor with the keyboard form");
    await page.screenshot({ path: screenshotPath("web-regions-editor"), fullPage: true });

    // Deleted from the list; the save replaces all regions.
    await page.getByRole("button", { name: "Delete region checkout.title" }).click();
    await saveAndWait(page, 2);
    regions = await regionsOf(projectId, shotId);
    expect(regions.map((r) => r.keyId).sort()).toEqual([keyIds["checkout.pay"], keyIds["checkout.total"]].sort());
    expect(regions.find((r) => r.keyId === keyIds["checkout.total"])).toMatchObject({ x: 800, y: 600, width: 300, height: 40 });
    expectClean(c);

    // The side panel's enlarged screenshot opens the editor.
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByRole("button", { name: /^checkout\.total in German/ }).click();
    await page.getByRole("button", { name: "Enlarge screenshot Checkout page" }).click();
    await page.getByRole("link", { name: "Open the region editor" }).click();
    await page.getByRole("button", { name: /^Region \d: checkout\.total at 800, 600/ }).waitFor();

    // A translator sees the regions and no editing control; drawing does nothing.
    const t = await journeyContext(browser, server, { viewport: { width: 1280, height: 900 } });
    const tp = await t.newPage();
    await signIn(tp, server, translator.email, "member password");
    await tp.goto(`${server.url}/projects/${projectId}/screenshots/${shotId}`);
    await tp.getByRole("button", { name: /^Region 2: checkout\.total at 800, 600/ }).waitFor();
    await expect(tp.getByRole("button", { name: "Save regions" }).count()).resolves.toBe(0);
    await expect(tp.getByRole("button", { name: "Add a region" }).count()).resolves.toBe(0);
    await tp.waitForFunction(() => (document.querySelector(".region-canvas img") as HTMLImageElement | null)?.complete);
    await drag(tp, await clientPoint(tp, 400, 400), await clientPoint(tp, 500, 500));
    await expect(tp.locator(".region-box").count()).resolves.toBe(2);
    await expectAccessible(tp, "region editor, read-only");
    await tp.screenshot({ path: screenshotPath("web-regions-translator") });
    expectClean(t);
  });

  it("fits 390 px: drawing and the form work on a phone", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [{ key: "home.hello", source: "Hello" }]);
    const upload = await server.request("POST", `/api/projects/${projectId}/screenshots`, {
      apiKey: owner.apiKey,
      body: { name: "Home", content: (await appScreen()).toString("base64") },
    });
    expect(upload.status, upload.text).toBe(201);
    const narrow = await journeyContext(browser, server, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const phone = await narrow.newPage();
    await signIn(phone, server, developer.email, "member password");
    await phone.goto(`${server.url}/projects/${projectId}/screenshots/${upload.body._id}`);
    await phone.getByRole("heading", { name: "Home" }).waitFor();
    await phone.waitForFunction(() => (document.querySelector(".region-canvas img") as HTMLImageElement | null)?.complete);
    const from = await clientPoint(phone, 100, 160);
    const to = await clientPoint(phone, 700, 220);
    await drag(phone, from, to);
    const form = phone.getByRole("form", { name: "Region 1" });
    await form.getByRole("combobox", { name: "Key" }).selectOption({ label: "home.hello" });
    await form.getByRole("button", { name: "Apply" }).tap();
    await saveAndWait(phone, 1);
    const [region] = await regionsOf(projectId, upload.body._id);
    expect(region!.keyId).toBe(keyIds["home.hello"]);
    near(region!.x, 100, from.scale);
    near(region!.width, 600, from.scale);
    const width = await phone.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(phone, "region editor at 390 px");
    await phone.screenshot({ path: screenshotPath("web-regions-390"), fullPage: true });
    expectClean(narrow);
  });
});
