// The two API browsers in real headless Chromium with every other origin blocked: Swagger UI at
// /api/docs ("Try it out" on a real operation) and GraphiQL at /graphql (one query run). Both
// must work from the service's own origin alone, with no page error.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GuardedContext, guardedContext, launchBrowser, screenshotPath } from "../helpers/browser";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

let server: TestServer;
let browser: Browser;
let user: TestUser;
const contexts: GuardedContext[] = [];

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server, "Docs Reader");
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.context.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

/** A browser signed in with the user's session cookie, allowed to reach only the service. */
async function signedInPage(): Promise<{ guard: GuardedContext; page: Page; requests: string[] }> {
  const guard = await guardedContext(browser, [server.url]);
  contexts.push(guard);
  const pair = user.cookie.split(";")[0] ?? "";
  const name = pair.slice(0, pair.indexOf("="));
  const value = pair.slice(pair.indexOf("=") + 1);
  await guard.context.addCookies([{ name, value, url: server.url }]);
  const page = await guard.newPage();
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  return { guard, page, requests };
}

describe("API browsers from the service's own origin", () => {
  it("Swagger UI at /api/docs runs a real call with Try it out", async () => {
    const { guard, page, requests } = await signedInPage();
    await page.goto(`${server.url}/api/docs`);
    const operation = page.locator(".opblock-get", { has: page.locator('[data-path="/auth/me"]') }).first();
    await operation.locator(".opblock-summary").click();
    await operation.getByRole("button", { name: "Try it out" }).click();
    await operation.getByRole("button", { name: "Execute" }).click();
    const response = operation.locator(".live-responses-table .response");
    await response.waitFor({ timeout: 30_000 });
    expect((await response.locator(".response-col_status").first().textContent())?.trim()).toBe("200");
    expect(await response.locator(".response-col_description").first().textContent()).toContain(user.email);
    await response.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("api-docs-try-it-out"), fullPage: false });

    expect(guard.blocked).toEqual([]);
    expect(guard.errors).toEqual([]);
    expect(requests.filter((u) => !u.startsWith(server.url) && !u.startsWith("data:"))).toEqual([]);
  });

  it("GraphiQL at /graphql loads without a CDN and runs a query", async () => {
    const { guard, page, requests } = await signedInPage();
    const query = "{ me { user { email } role } }";
    await page.goto(`${server.url}/graphql?query=${encodeURIComponent(query)}`);
    await page.locator(".graphiql-execute-button").waitFor({ timeout: 60_000 });
    await page.locator(".graphiql-execute-button").click();
    // The result pane is an editor: its text as rendered, which uses non-breaking spaces.
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's rendered text, not the DOM property
    const resultText = async () => (await page.locator(".graphiql-response").innerText()).replace(/\s+/g, " ");
    await expect.poll(resultText, { timeout: 30_000 }).toContain(user.email);
    expect(JSON.parse(await resultText())).toEqual({ data: { me: { user: { email: user.email }, role: "owner" } } });
    await page.screenshot({ path: screenshotPath("graphiql-query"), fullPage: false });

    expect(guard.blocked).toEqual([]);
    expect(guard.errors).toEqual([]);
    expect(requests.filter((u) => !u.startsWith(server.url) && !u.startsWith("data:") && !u.startsWith("blob:"))).toEqual([]);
    // GraphiQL's files are this service's, versioned and cached.
    const script = requests.find((u) => /\/graphql\/graphiql\/graphiql\.js\?v=[0-9a-f]{12}$/.test(u));
    expect(script).toBeDefined();
    const asset = await fetch(script as string);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
  });
});
