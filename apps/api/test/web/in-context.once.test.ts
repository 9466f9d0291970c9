// @locale/in-context as a user gets it: `pnpm pack` the package, `npm install` the tarball with
// i18next and Vite into a scratch copy of its test application (outside the workspace), build it
// with Vite, serve it under a strict Content-Security-Policy (no 'unsafe-inline', no eval) from
// an origin of its own, and drive it in Chromium against a live api: 50 keys marked without
// moving a pixel, 50 capture regions within 2 px of their elements uploaded to the api with a
// developer's token (a translator's refused) and read back, an Alt+click edit saved with
// a translator's token (value and history through the API), the quality gate's 422 shown after
// Alt+Enter, a reviewer's token refused with the server's message, and no CSP violation anywhere.
import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GuardedContext, guardedContext, launchBrowser, screenshotPath } from "../helpers/browser";
import { createMembers, type OrgMember } from "../helpers/fixture-world";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

const exec = promisify(execFile);
const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const PACKAGE = path.join(ROOT, "packages/in-context");
const VERSIONS = {
  i18next: JSON.parse(await readFile(path.join(PACKAGE, "package.json"), "utf8")).devDependencies.i18next as string,
  vite: (JSON.parse(await readFile(path.join(ROOT, "apps/web/package.json"), "utf8")).devDependencies.vite as string).replace(/^\^/, ""),
};
const TOKEN_STORAGE = "locale-in-context-token";
const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Capture {
  width: number;
  height: number;
  regions: { keyId: string; x: number; y: number; width: number; height: number }[];
  unknownKeys: string[];
  uploaded: unknown;
}

let work: string;
let app: http.Server;
let appUrl: string;
let server: TestServer;
let owner: TestUser;
let members: Record<string, OrgMember>;
let projectId: string;
let browser: Browser;
let guarded: GuardedContext;
let page: Page;
let appDir: string;
const keyIds = new Map<string, string>();

function withoutNpmConfig(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.toLowerCase().startsWith("npm_config_")));
}

async function run(file: string, args: string[], cwd: string): Promise<string> {
  const { stdout } = await exec(file, args, { cwd, env: withoutNpmConfig(process.env), maxBuffer: 32 * 1024 * 1024 });
  return stdout;
}

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };

/** Serves the built application with a strict CSP; the api's origin is the only other one it may reach. */
function serveApp(dist: string, apiOrigin: () => string): Promise<http.Server> {
  const s = http.createServer(async (req, res) => {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    const file = path.join(dist, pathname === "/" ? "index.html" : pathname);
    try {
      if (!file.startsWith(dist)) throw new Error("outside");
      const body = await readFile(file);
      res.setHeader("Content-Type", TYPES[path.extname(file)] ?? "application/octet-stream");
      res.setHeader(
        "Content-Security-Policy",
        [
          "default-src 'self'",
          "script-src 'self'",
          "style-src 'self'",
          "img-src 'self' data: blob:",
          "font-src 'self'",
          `connect-src 'self' ${apiOrigin()}`,
          "object-src 'none'",
          "base-uri 'none'",
          "form-action 'self'",
          "frame-ancestors 'none'",
        ].join("; "),
      );
      res.end(body);
    } catch {
      res.statusCode = 404;
      res.end();
    }
  });
  return new Promise((resolve) => s.listen(0, "127.0.0.1", () => resolve(s)));
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "locale-in-context-"));
  const packs = path.join(work, "packs");
  const packed = await run("pnpm", ["pack", "--pack-destination", packs], PACKAGE);
  const tarball = path.join(
    packs,
    path.basename(
      packed
        .trim()
        .split("\n")
        .reverse()
        .find((l) => l.endsWith(".tgz"))!,
    ),
  );
  const dir = path.join(work, "app");
  appDir = dir;
  await cp(path.join(PACKAGE, "test-app"), dir, { recursive: true });
  await run("npm", ["install", "--no-audit", "--no-fund", tarball, `i18next@${VERSIONS.i18next}`, `vite@${VERSIONS.vite}`], dir);
  await run(path.join(dir, "node_modules/.bin/vite"), ["build", "--logLevel", "error"], dir);

  let apiOrigin = "";
  app = await serveApp(path.join(dir, "dist"), () => apiOrigin);
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  server = await startTestServer({ CORS_ORIGINS: appUrl });
  apiOrigin = server.url;
  owner = await signUpUser(server, "Olivia Owner");
  members = await createMembers(server, owner);

  const { en, fr } = await import("../../../../packages/in-context/test-app/src/strings");
  const project = await server.request("POST", "/api/projects", {
    apiKey: owner.apiKey,
    body: { name: "In-context", sourceLanguage: "en", targetLanguages: ["fr"] },
  });
  projectId = project.body._id;
  const created = await server.request("POST", `/api/projects/${projectId}/keys/bulk`, {
    apiKey: owner.apiKey,
    body: { keys: Object.keys(en).map((key) => ({ key })) },
  });
  expect(created.body.created).toBe(50);
  for (const k of created.body.keys) keyIds.set(k._id, k.key);
  const values = [...Object.entries(en).map(([key, value]) => ({ key, language: "en", value }))];
  values.push(...Object.entries(fr).map(([key, value]) => ({ key, language: "fr", value })));
  const written = await server.request("POST", `/api/projects/${projectId}/translations/overwrite`, {
    apiKey: owner.apiKey,
    body: { translations: values },
  });
  expect(written.body.overwritten).toBe(100);

  browser = await launchBrowser();
  guarded = await guardedContext(browser, [appUrl, server.url]);
  // CSP violations of the page and of any frame it makes (modern-screenshot's sandbox).
  await guarded.context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  page = await guarded.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise((resolve) => app?.close(resolve));
  if (work) await rm(work, { recursive: true, force: true });
});

const urlOf = (extra = "") => `${appUrl}/?api=${encodeURIComponent(server.url)}&project=${projectId}${extra}`;

/** Every [data-key] element's rectangle, relative to the document. */
function rectangles(p: Page): Promise<Record<string, { x: number; y: number; width: number; height: number }>> {
  return p.evaluate(() => {
    const root = document.documentElement.getBoundingClientRect();
    const out: Record<string, { x: number; y: number; width: number; height: number }> = {};
    for (const el of document.querySelectorAll<HTMLElement>("[data-key]")) {
      const r = el.getBoundingClientRect();
      out[el.dataset.key!] = { x: r.left - root.left, y: r.top - root.top, width: r.width, height: r.height };
    }
    return out;
  });
}

async function openApp(p: Page, extra = ""): Promise<void> {
  await p.goto(urlOf(extra));
  await p.locator("body[data-ready=true]").waitFor();
  // The scanner's pass runs before the first paint; wait for it regardless of timing.
  await p.waitForFunction(
    () => !/[\u2062-\u2064]/.test(document.body.textContent + [...document.querySelectorAll("input")].map((i) => i.placeholder).join("")),
  );
}

async function cspViolations(p: Page): Promise<string[]> {
  return p.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

describe("@locale/in-context in a Vite + i18next application (packed tarball, strict CSP)", () => {
  it("marks the 50 strings without moving them; the marking part stays under 15 KB gzipped", async () => {
    const plain = await guarded.newPage();
    await openApp(plain, "&marking=off");
    const without = await rectangles(plain);
    await plain.close();
    await openApp(page);
    const marked = await rectangles(page);
    expect(Object.keys(marked)).toHaveLength(50);
    expect(marked).toEqual(without);
    // Nothing invisible is left in the page's text or attributes.
    expect(await page.evaluate(() => /[\u200b-\u200d\u2060\u2062-\u2064]/.test(document.documentElement.outerHTML))).toBe(false);
    expect(await cspViolations(page)).toEqual([]);

    // Size: what the installed package adds up front (its entry and shared chunk, not minified) vs
    // the capture chunk the application's bundle loads on demand (with modern-screenshot).
    const installed = path.join(appDir, "node_modules/@locale/in-context/dist");
    const files = (await readdir(installed)).filter((f) => f.endsWith(".js"));
    const gz = async (file: string) => gzipSync(await readFile(file), { level: 9 }).length;
    let marking = 0;
    for (const f of files.filter((f) => !f.startsWith("capture"))) marking += await gz(path.join(installed, f));
    const assets = path.join(appDir, "dist/assets");
    let lazy = 0;
    for (const f of await readdir(assets)) {
      const text = await readFile(path.join(assets, f), "utf8");
      if (f.endsWith(".js") && text.includes("foreignObject")) lazy += await gz(path.join(assets, f));
    }
    console.log(`in-context sizes (gzip -9): marking part ${marking} B, capture chunk in the app's bundle ${lazy} B`);
    expect(marking).toBeLessThanOrEqual(15 * 1024);
    expect(lazy).toBeGreaterThan(0);
  });

  it("Alt+click opens the editor; a translator's token saves the value, visible through the API with its history", async () => {
    await page.locator('[data-key="action.3"]').click({ modifiers: ["Alt"] });
    const dialog = page.getByRole("dialog", { name: "Edit translation" });
    await dialog.waitFor();
    await expect(dialog.getByLabel("Translation (fr)").inputValue()).resolves.toBe("Texte action 3");
    // axe-core, evaluated through the browser's debugging protocol (the page's CSP would refuse a script tag).
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<{ violations: { id: string; impact: string }[] }> } })
        .axe;
      return (await axe.run(document, { resultTypes: ["violations"] })).violations.filter(
        (v) => v.impact === "serious" || v.impact === "critical",
      );
    });
    expect(violations.map((v) => v.id)).toEqual([]);
    await dialog.getByLabel("Your API token").fill(members.translator!.apiKey);
    await dialog.getByLabel("Translation (fr)").fill("Texte action 3, modifié");
    await page.screenshot({ path: screenshotPath("in-context-editor") });
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    // i18next's store got the value, and the page rendered it.
    await page.locator('[data-key="action.3"]', { hasText: "Texte action 3, modifié" }).waitFor();

    const keyId = [...keyIds].find(([, name]) => name === "action.3")![0];
    const stored = await server.request("GET", `/api/projects/${projectId}/keys/${keyId}/translations`, { apiKey: owner.apiKey });
    expect(stored.body.find((t: { language: string }) => t.language === "fr")).toMatchObject({
      value: "Texte action 3, modifié",
      source: "human",
    });
    const history = await server.request("GET", `/api/projects/${projectId}/keys/${keyId}/translations/fr/history`, {
      apiKey: owner.apiKey,
    });
    expect(history.body[0] ?? history.body.data[0]).toMatchObject({
      previousValue: "Texte action 3",
      newValue: "Texte action 3, modifié",
      changedBy: members.translator!.userId,
    });
  });

  it("the quality gate applies: Alt+Enter on a focused string, a value over the key's limit is refused with the check's message", async () => {
    const keyId = [...keyIds].find(([, name]) => name === "action.5")![0];
    const limited = await server.request("PATCH", `/api/projects/${projectId}/keys/${keyId}`, {
      apiKey: owner.apiKey,
      body: { maxLength: 12 },
    });
    expect(limited.status).toBe(200);
    const tooLong = "Texte action 5, bien trop long";
    const direct = await server.request("PUT", `/api/projects/${projectId}/keys/${keyId}/translations/fr`, {
      apiKey: members.translator!.apiKey,
      body: { value: tooLong },
    });
    expect(direct.status).toBe(422);
    await page.locator('[data-key="action.5"]').focus();
    await page.keyboard.press("Alt+Enter");
    const dialog = page.getByRole("dialog", { name: "Edit translation" });
    await dialog.waitFor();
    // The token given before is kept for the tab: no token field this time.
    await expect(dialog.getByLabel("Your API token").isVisible()).resolves.toBe(false);
    // The stored value is loaded (the field is read-only until then), then replaced.
    await dialog.getByLabel("Translation (fr)", { exact: true }).and(page.locator(":not([aria-busy])")).waitFor();
    expect(await dialog.getByLabel("Translation (fr)").inputValue()).toBe("Texte action 5");
    await dialog.getByLabel("Translation (fr)").fill(tooLong);
    await dialog.getByRole("button", { name: "Save" }).click();
    const alert = dialog.getByRole("alert");
    await alert.filter({ hasText: direct.body.message }).waitFor();
    for (const issue of direct.body.issues as { message: string }[]) expect(await alert.textContent()).toContain(issue.message);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.locator('[data-key="action.5"]', { hasText: /^Texte action 5$/ }).waitFor();
  });

  it("captures the page and uploads it with a developer's token: the screenshot and its 50 regions, each within 2 px, arrive", async () => {
    const before = await server.request("GET", `/api/projects/${projectId}/screenshots`, { apiKey: owner.apiKey });
    expect(before.status).toBe(200);
    // A translator's token (kept for the tab by the edit above) may not write screenshots: the
    // server's 403 message comes back from capture() and nothing is stored.
    const refusal = await page.evaluate(async () => {
      const ic = (window as unknown as { inContext: { capture(o: object): Promise<Capture> } }).inContext;
      return ic.capture({ name: "refused" }).then(
        () => "uploaded",
        (e: Error) => e.message,
      );
    });
    const forbidden = await server.request("POST", `/api/projects/${projectId}/screenshots`, {
      apiKey: members.translator!.apiKey,
      body: { name: "x", content: "AA==" },
    });
    expect(forbidden.status).toBe(403);
    expect(refusal).toBe(forbidden.body.message);

    // The developer's token, as a developer would give it (kept for the tab), then the real upload:
    // `POST /api/projects/{projectId}/screenshots` of the running api.
    await page.evaluate(([name, token]) => sessionStorage.setItem(name!, token!), [TOKEN_STORAGE, members.developer!.apiKey]);
    await openApp(page);
    const elements = await rectangles(page);
    const result = await page.evaluate(async () => {
      const ic = (window as unknown as { inContext: { capture(o: object): Promise<Capture> } }).inContext;
      const r = await ic.capture({ name: "In-context test application" });
      return { ...r, scale: window.devicePixelRatio };
    });
    const uploaded = result.uploaded as { _id: string; width: number; height: number; regions: unknown[]; createdBy: string };
    expect(uploaded).toMatchObject({ width: result.width, height: result.height, createdBy: members.developer!.userId });
    // Read back through the api: the new screenshot, its regions exactly those measured, its image a PNG.
    const listed = await server.request("GET", `/api/projects/${projectId}/screenshots`, { apiKey: owner.apiKey });
    expect(listed.body).toHaveLength(before.body.length + 1);
    const stored = (listed.body as (typeof uploaded & { name: string; contentType: string })[]).find((s) => s._id === uploaded._id)!;
    expect(stored).toMatchObject({
      name: "In-context test application",
      contentType: "image/png",
      width: result.width,
      height: result.height,
    });
    const strip = (r: { keyId: string; x: number; y: number; width: number; height: number }) =>
      [r.keyId, r.x, r.y, r.width, r.height].join();
    expect((stored.regions as Capture["regions"]).map(strip).sort()).toEqual(result.regions.map(strip).sort());
    const image = await fetch(`${server.url}/api/projects/${projectId}/screenshots/${uploaded._id}/image`, {
      headers: { "X-API-Key": owner.apiKey },
    });
    expect(image.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(10_000);
    // Kept for a look at what was stored.
    await writeFile(screenshotPath("in-context-capture"), bytes);
    expect(result.unknownKeys).toEqual([]);
    expect(result.width).toBe(Math.round(1280 * result.scale));
    expect(result.regions).toHaveLength(50);
    const seen = new Set<string>();
    let worst = 0;
    for (const region of result.regions) {
      const key = keyIds.get(region.keyId)!;
      seen.add(key);
      const rect = elements[key]!;
      const s = result.scale;
      for (const [got, want] of [
        [region.x, rect.x * s],
        [region.y, rect.y * s],
        [region.width, rect.width * s],
        [region.height, rect.height * s],
      ] as const) {
        worst = Math.max(worst, Math.abs(got - want));
        expect(Math.abs(got - want), `${key}: ${JSON.stringify(region)} vs ${JSON.stringify(rect)}`).toBeLessThanOrEqual(2);
      }
    }
    expect(seen.size).toBe(50);
    console.log(`in-context regions: ${result.regions.length}, largest difference from the element's rectangle ${worst.toFixed(2)} px`);
    expect(await cspViolations(page)).toEqual([]);
  });

  it("a reviewer's token cannot edit: the server's refusal is shown and nothing changes", async () => {
    const refused = await server.request("PUT", `/api/projects/${projectId}/keys/${[...keyIds.keys()][0]}/translations/fr`, {
      apiKey: members.reviewer!.apiKey,
      body: { value: "x" },
    });
    expect(refused.status).toBe(403);
    await page.evaluate((name) => sessionStorage.removeItem(name), TOKEN_STORAGE);
    await openApp(page);
    await page.locator('[data-key="page.title"]').click({ modifiers: ["Alt"] });
    const dialog = page.getByRole("dialog", { name: "Edit translation" });
    await dialog.getByLabel("Your API token").fill(members.reviewer!.apiKey);
    await dialog.getByLabel("Translation (fr)").fill("Bienvenue !");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByRole("alert").filter({ hasText: refused.body.message }).waitFor();
    expect(await dialog.getByRole("alert").textContent()).toBe(refused.body.message);
    await page.screenshot({ path: screenshotPath("in-context-reviewer-refused") });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    const keyId = [...keyIds].find(([, name]) => name === "page.title")![0];
    const stored = await server.request("GET", `/api/projects/${projectId}/keys/${keyId}/translations`, { apiKey: owner.apiKey });
    expect(stored.body.find((t: { language: string }) => t.language === "fr").value).toBe("Bienvenue");

    expect(await cspViolations(page)).toEqual([]);
    expect(guarded.blocked).toEqual([]);
    // The refused PUT logs "Failed to load resource" (a 403); anything else, a CSP report included, fails.
    expect(guarded.errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
  });
});
