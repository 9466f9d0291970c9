// Project → Releases in real headless Chromium against the production build (other origins
// blocked, axe-core on the screen): publish a release from the form, read the delivery URL the
// screen shows and fetch it, roll back to an earlier release, rotate the delivery id; and the
// same screen on a phone (390 px) fits the screen.
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
  owner = await signUpUser(server, "Rita Releaser");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("Project → Releases", () => {
  it("publishes, shows the delivery URL, rolls back and rotates; fits a phone", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [{ key: "title", source: "Welcome", targets: { de: "Willkommen" } }], {
      targetLanguages: ["de"],
    });
    const c = await journeyContext(browser, server, { viewport: { width: 1280, height: 900 } });
    const page = await c.newPage();
    await signIn(page, server, owner.email, "correct horse");
    await page.goto(`${server.url}/projects/${projectId}`);
    await page.getByRole("link", { name: "Releases" }).click();
    await page.getByRole("heading", { name: /^Releases of/ }).waitFor();
    await page.getByText("Nothing is delivered yet").waitFor();

    // Release 1: translated values too (the seeded ones are not approved).
    await page.getByLabel("translated").check();
    await page.getByLabel("Note").fill("first");
    await page.getByRole("button", { name: "Publish release" }).click();
    await page.getByText("Release 1 published; latest now serves it.").waitFor();
    const url = await page.getByLabel("Delivery URL of the latest release").inputValue();
    expect(url).toMatch(new RegExp(`^${server.url}/delivery/[A-Za-z0-9_-]{22}/latest/\\{language\\}\\.json$`));
    const served = await fetch(url.replace("{language}", "de"));
    expect(await served.json()).toEqual({ title: "Willkommen" });

    // Release 2 after a change; then back to release 1.
    await server.request("PUT", `/api/projects/${projectId}/keys/${keyIds.title!}/translations/de`, {
      apiKey: owner.apiKey,
      body: { value: "Herzlich willkommen" },
    });
    await page.getByRole("button", { name: "Publish release" }).click();
    await page.getByText("Release 2 published; latest now serves it.").waitFor();
    const table = page.getByRole("table", { name: "Releases" });
    await table.getByRole("cell", { name: "2 (latest)" }).waitFor();
    await expectAccessible(page, "releases");
    await page.screenshot({ path: screenshotPath("web-releases"), fullPage: true });
    await page.getByRole("button", { name: "Roll back to release 1" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Serve release 1" }).click();
    await table.getByRole("cell", { name: "1 (latest)" }).waitFor();
    await page.getByText("Latest: release 1").waitFor();

    // Rotate: the old address answers 404, the new one serves release 1.
    await page.getByRole("button", { name: "Rotate delivery id" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Rotate" }).click();
    await expect.poll(() => page.getByLabel("Delivery URL of the latest release").inputValue()).not.toBe(url);
    const rotated = await page.getByLabel("Delivery URL of the latest release").inputValue();
    expect((await fetch(url.replace("{language}", "de"))).status).toBe(404);
    expect(await (await fetch(rotated.replace("{language}", "de"))).json()).toEqual({ title: "Willkommen" });
    expectClean(c);

    // A phone: nothing wider than the screen, the actions reachable.
    const phone = await journeyContext(browser, server, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const small = await phone.newPage();
    await signIn(small, server, owner.email, "correct horse");
    await small.goto(`${server.url}/projects/${projectId}/releases`);
    await small.getByRole("table", { name: "Releases" }).getByRole("cell", { name: "1 (latest)" }).waitFor();
    const width = await small.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    const wide = await small.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > 391)
        .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)
        .slice(0, 8),
    );
    expect(width, `page width: ${wide.join(", ")}`).toBeLessThanOrEqual(390);
    const publish = await small.getByRole("button", { name: "Publish release" }).boundingBox();
    expect(publish!.x + publish!.width).toBeLessThanOrEqual(390);
    await expectAccessible(small, "releases at 390 px");
    await small.screenshot({ path: screenshotPath("web-releases-phone"), fullPage: true });
    expectClean(phone);
  });
});
