// Real headless Chromium (Debian's package, driven by playwright-core; nothing downloads a
// browser) for browser tests. Every request to an origin other than the allowed ones is blocked
// and recorded, and so is every page error, so a test can assert that a page is self-contained.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: run scripts/setup.sh (Debian package chromium)`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

export interface GuardedContext {
  context: BrowserContext;
  /** Requests to other origins that were blocked (URLs). */
  blocked: string[];
  /** Uncaught page errors and console errors. */
  errors: string[];
  newPage(): Promise<Page>;
}

/** A browser context that may only talk to `allowedOrigins` (e.g. the test server's origin). */
export async function guardedContext(
  browser: Browser,
  allowedOrigins: string[],
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<GuardedContext> {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const blocked: string[] = [];
  const errors: string[] = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      origin = url;
    }
    if (allowed.has(origin)) return route.continue();
    blocked.push(url);
    return route.abort("blockedbyclient");
  });
  const watch = (page: Page) => {
    page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(`console: ${m.text()}`);
    });
  };
  context.on("page", watch);
  return { context, blocked, errors, newPage: () => context.newPage() };
}

/** Where browser tests save screenshots (under the test output folder, ignored by git). */
export function screenshotPath(name: string): string {
  const dir = path.resolve(process.cwd(), "test-output", "screenshots");
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}
