// Browser journey of the notification inbox (issue 25), in real headless Chromium against the
// production build (other origins blocked, axe-core on every screen): the owner @mentions a
// translator in the editor's comments; the translator's bell counts it, the notifications screen
// lists it, and opening it goes to that key in the editor with the side panel on its comments and
// marks it read. The same screen at 390 px fits the phone and marks all read.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshotPath } from "../helpers/browser";
import { seedProject } from "../helpers/fake-ai-providers";
import { addMember, type TestMember } from "../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";
import { ensureWebBuilt, expectAccessible, expectClean, journeyContext, signIn } from "../helpers/web-journey";

let server: TestServer;
let browser: Browser;
let owner: TestUser;
let tina: TestMember;
let projectId: string;
let keyIds: Record<string, string>;

beforeAll(async () => {
  ensureWebBuilt();
  server = await startTestServer();
  owner = await signUpUser(server, "Olivia Owner");
  tina = await addMember(server, owner, "translator", { name: "Tina Translator" });
  ({ projectId, keyIds } = await seedProject(server, owner, [
    // The editor finds a notification's key by searching its name: a longer name that contains
    // it sorts first, and the right row must still be the one opened.
    { key: "checkout.pay_later", source: "Pay later" },
    { key: "checkout.pay", source: "Pay", targets: { de: "Zahlen" } },
    { key: "home.title", source: "Welcome" },
  ]));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("notifications (issue 25)", () => {
  it("a mention made in the editor reaches the member's bell; opening it shows the key's comments and marks it read", async () => {
    const author = await journeyContext(browser, server);
    const page = await author.newPage();
    // Frames come late, as in a browser on a loaded machine: a frame's callbacks run only after the
    // next character has been typed (or a second has passed). Anything the editor defers to the
    // next frame (once: the caret after picking a mention) then lands after that keystroke.
    await page.addInitScript(() => {
      const raf = window.requestAnimationFrame.bind(window);
      const waiting = new Map<number, FrameRequestCallback>();
      let next = 0;
      const runWaiting = () => {
        const callbacks = [...waiting.values()];
        waiting.clear();
        for (const cb of callbacks) raf(cb);
      };
      document.addEventListener("input", () => setTimeout(runWaiting), true);
      setInterval(runWaiting, 1000);
      window.requestAnimationFrame = (cb) => {
        waiting.set(++next, cb);
        return next;
      };
      window.cancelAnimationFrame = (id) => {
        waiting.delete(id);
      };
    });
    await signIn(page, server, owner.email, "correct horse");
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByRole("button", { name: /^checkout\.pay in German/ }).click();
    const box = page.getByRole("textbox", { name: "New comment" });
    await box.click();
    await box.pressSequentially("@Tin");
    await page.getByRole("option", { name: "Tina Translator" }).waitFor();
    await page.keyboard.press("Enter");
    await box.pressSequentially("is Zahlen too short?");
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    await expect
      .poll(async () => (await server.request("GET", "/api/notifications/unread-count", { cookie: tina.cookie })).body.unread)
      .toBe(1);
    expectClean(author);
    await author.context.close();

    const c = await journeyContext(browser, server, { viewport: { width: 1280, height: 800 } });
    const p = await c.newPage();
    await signIn(p, server, tina.email, "member password");
    const bell = p.getByRole("link", { name: "Notifications, 1 unread" });
    await bell.waitFor();
    await expectAccessible(p, "projects with an unread notification");
    await p.screenshot({ path: screenshotPath("web-notifications-bell-1280") });
    await bell.click();
    await p.getByRole("heading", { name: "Notifications", exact: true }).waitFor();
    const item = p.getByRole("button", { name: /Olivia Owner mentioned you on checkout\.pay in P/ });
    await item.waitFor();
    expect(await item.textContent()).toContain("@Tina Translator is Zahlen too short?");
    await expectAccessible(p, "notifications screen");
    await p.screenshot({ path: screenshotPath("web-notifications-list-1280") });
    await item.click();
    await p.waitForURL(new RegExp(`/projects/${projectId}\\?key=${keyIds["checkout.pay"]}&language=de#comments$`));
    const panel = p.getByRole("complementary", { name: "Details of checkout.pay in German" });
    await panel.waitFor();
    const comments = panel.getByRole("heading", { name: "Comments (1)" });
    await expect.poll(() => comments.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await panel.getByText("@Tina Translator is Zahlen too short?").isVisible()).toBe(true);
    await expectAccessible(p, "editor opened from a notification");
    await p.screenshot({ path: screenshotPath("web-notifications-opened-1280") });
    await p.getByRole("link", { name: "Notifications", exact: true }).waitFor();
    expect((await server.request("GET", "/api/notifications", { cookie: tina.cookie })).body.data[0].read).toBe(true);
    expectClean(c);
  });

  it("at 390 px the screen fits the phone, lists unread ones and marks all read", async () => {
    for (const key of ["home.title", "checkout.pay_later"]) {
      const res = await server.request("POST", `/api/projects/${projectId}/keys/${keyIds[key]}/comments`, {
        apiKey: owner.apiKey,
        body: { body: `@Tina Translator please look at ${key}, a rather long note that has to wrap on a phone`, mentions: [tina.userId] },
      });
      expect(res.status).toBe(201);
    }
    const c = await journeyContext(browser, server, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const p = await c.newPage();
    await signIn(p, server, tina.email, "member password");
    await p.getByRole("link", { name: "Notifications, 2 unread" }).click();
    await p.getByLabel("Unread only").check();
    await expect.poll(() => p.locator(".notification-list li").count()).toBe(2);
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(p, "notifications at 390 px");
    await p.screenshot({ path: screenshotPath("web-notifications-390"), fullPage: true });
    await p.getByRole("button", { name: "Mark all read" }).click();
    await p.getByText("Nothing unread.").waitFor();
    await p.getByRole("link", { name: "Notifications", exact: true }).waitFor();
    await p.getByLabel("Unread only").uncheck();
    await expect.poll(() => p.locator(".notification-list li.read").count()).toBe(3);
    expectClean(c);
  });

  it("the account screen turns mention e-mails off", async () => {
    const c = await journeyContext(browser, server);
    const p = await c.newPage();
    await signIn(p, server, tina.email, "member password");
    await p.goto(`${server.url}/account`);
    const box = p.getByLabel("E-mail me when someone @mentions me in a comment");
    await expect.poll(() => box.isChecked()).toBe(true);
    await box.uncheck();
    await expect
      .poll(async () => (await server.request("GET", "/api/notifications/settings", { cookie: tina.cookie })).body.mentionEmails)
      .toBe(false);
    await expectAccessible(p, "account with the notification setting");
    expectClean(c);
  });
});
