// What the browser journeys of the editor share: a server with the built web application, a
// guarded browser context (other origins blocked), axe-core checks and a sign-in.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { findWebDist } from "../../src/web/web-app";
import { type GuardedContext, guardedContext } from "./browser";
import type { TestServer } from "./test-server";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Builds the web application when `pnpm build` has not run yet. */
export function ensureWebBuilt(): void {
  if (!findWebDist()) execFileSync("pnpm", ["--filter", "@locale/web", "build"], { stdio: "inherit" });
}

/** A context that may reach only the test server; bypassCSP only so axe-core can be injected. */
export function journeyContext(
  browser: Browser,
  server: TestServer,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<GuardedContext> {
  return guardedContext(browser, [server.url], { bypassCSP: true, acceptDownloads: true, ...options });
}

/** Serious and critical axe-core violations of the page as it is now. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<any> } }).axe;
    return axe.run(document, { resultTypes: ["violations"] });
  });
  const serious = (result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious, `axe on ${screen}`).toEqual([]);
}

/** Nothing blocked, no uncaught error (failed requests the UI handles also log to the console). */
export function expectClean(c: GuardedContext): void {
  expect(c.blocked).toEqual([]);
  expect(c.errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
}

export async function signIn(page: Page, server: TestServer, email: string, password: string): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Password").press("Enter");
  await page.getByRole("heading", { name: "Projects" }).waitFor();
}
