// @locale/i18next-backend as a user gets it: `pnpm pack` the backend and the SDK it builds on,
// `npm install` the tarballs with i18next and Vite into a scratch copy of its test application
// (outside the workspace), build it once with Vite, serve it from an origin of its own and open
// it in Chromium against a live api (no other origin reachable). Strings come from a release
// published through the REST API; a second release shows after a reload with no rebuild; with
// the api stopped the page shows the copy it kept in localStorage, and a first visit while the
// api is down shows the strings bundled with the build.
import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundled } from "../../../../packages/i18next-backend/test-app/src/bundled";
import { type GuardedContext, guardedContext, launchBrowser, screenshotPath } from "../helpers/browser";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

const exec = promisify(execFile);
const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const PACKAGE = path.join(ROOT, "packages/i18next-backend");
const VERSIONS = {
  i18next: JSON.parse(await readFile(path.join(PACKAGE, "package.json"), "utf8")).devDependencies.i18next as string,
  vite: (JSON.parse(await readFile(path.join(ROOT, "apps/web/package.json"), "utf8")).devDependencies.vite as string).replace(/^\^/, ""),
};

let work: string;
let appDir: string;
let app: http.Server;
let appUrl: string;
let server: TestServer;
let serverStopped = false;
let owner: TestUser;
let projectId: string;
let deliveryId: string;
const keyIds: Record<string, string> = {};
let browser: Browser;
let guarded: GuardedContext;
let page: Page;

function withoutNpmConfig(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.toLowerCase().startsWith("npm_config_")));
}

async function run(file: string, args: string[], cwd: string): Promise<string> {
  const { stdout } = await exec(file, args, { cwd, env: withoutNpmConfig(process.env), maxBuffer: 32 * 1024 * 1024 });
  return stdout;
}

async function pack(dir: string, destination: string): Promise<string> {
  const out = await run("pnpm", ["pack", "--pack-destination", destination], dir);
  const line = out
    .trim()
    .split("\n")
    .reverse()
    .find((l) => l.endsWith(".tgz"))!;
  return path.join(destination, path.basename(line));
}

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };

/** The built application as static files; the api's origin is the only other one it may reach. */
function serveApp(dist: string): Promise<http.Server> {
  const s = http.createServer(async (req, res) => {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    const file = path.join(dist, pathname === "/" ? "index.html" : pathname);
    try {
      if (!file.startsWith(dist)) throw new Error("outside");
      const body = await readFile(file);
      res.setHeader("Content-Type", TYPES[path.extname(file)] ?? "application/octet-stream");
      res.end(body);
    } catch {
      res.statusCode = 404;
      res.end();
    }
  });
  return new Promise((resolve) => s.listen(0, "127.0.0.1", () => resolve(s)));
}

const api = (method: string, p: string, body?: unknown) => server.request(method, `/api${p}`, { apiKey: owner.apiKey, body });

/** Writes German values, approves them, and publishes a release as the application reads it. */
async function publish(de: Record<string, string>): Promise<number> {
  const written = await api("POST", `/projects/${projectId}/translations/overwrite`, {
    translations: Object.entries(de).map(([key, value]) => ({
      key: key.replace(/^common\./, ""),
      ...(key.startsWith("common.") ? { namespace: "common" } : {}),
      language: "de",
      value,
    })),
  });
  expect(written.status, written.text).toBe(200);
  for (const key of Object.keys(de)) {
    const approved = await api("PATCH", `/projects/${projectId}/keys/${keyIds[key]!}/translations/de/status`, { status: "approved" });
    expect(approved.status, approved.text).toBe(200);
  }
  const release = await api("POST", `/projects/${projectId}/releases`, { format: "json-nested", placeholders: "i18next" });
  expect(release.status, release.text).toBe(201);
  return release.body.version as number;
}

interface Shown {
  title: string;
  greeting: string;
  save: string;
  source: string;
}

async function open(p: Page): Promise<Shown> {
  await p.goto(`${appUrl}/?service=${encodeURIComponent(server.url)}&delivery=${deliveryId}&lng=de`);
  await p.locator("body[data-ready=true]").waitFor();
  return p.evaluate(() => {
    const text = (id: string) => document.getElementById(id)!.textContent ?? "";
    return { title: text("title"), greeting: text("greeting"), save: text("save"), source: text("source") };
  });
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "locale-i18next-backend-"));
  const packs = path.join(work, "packs");
  const tarballs = [await pack(path.join(ROOT, "packages/sdk"), packs), await pack(PACKAGE, packs)];
  appDir = path.join(work, "app");
  await cp(path.join(PACKAGE, "test-app"), appDir, { recursive: true });
  await run("npm", ["install", "--no-audit", "--no-fund", ...tarballs, `i18next@${VERSIONS.i18next}`, `vite@${VERSIONS.vite}`], appDir);
  await run(path.join(appDir, "node_modules/.bin/vite"), ["build", "--logLevel", "error"], appDir);
  app = await serveApp(path.join(appDir, "dist"));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;

  server = await startTestServer();
  owner = await signUpUser(server);
  const project = await api("POST", "/projects", { name: "Web app", sourceLanguage: "en", targetLanguages: ["de"] });
  projectId = project.body._id;
  const created = await api("POST", `/projects/${projectId}/keys/bulk`, {
    keys: [{ key: "title" }, { key: "greeting" }, { key: "save", namespace: "common" }],
  });
  expect(created.body.created).toBe(3);
  for (const k of created.body.keys) keyIds[k.namespace ? `${k.namespace}.${k.key}` : k.key] = k._id;
  const source = await api("POST", `/projects/${projectId}/translations/overwrite`, {
    translations: [
      { key: "title", language: "en", value: "Welcome" },
      { key: "greeting", language: "en", value: "Hello, {name}!" },
      { key: "save", namespace: "common", language: "en", value: "Save" },
    ],
  });
  expect(source.body.overwritten).toBe(3);
  expect(await publish({ title: "Willkommen", greeting: "Hallo, {name}!", "common.save": "Speichern" })).toBe(1);
  deliveryId = (await api("GET", `/projects/${projectId}/delivery`)).body.deliveryId;

  browser = await launchBrowser();
  guarded = await guardedContext(browser, [appUrl, server.url]);
  page = await guarded.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (!serverStopped) await server?.close();
  await new Promise((resolve) => app?.close(resolve));
  if (work) await rm(work, { recursive: true, force: true });
});

describe("@locale/i18next-backend in a Vite + i18next application (packed tarballs, Chromium)", () => {
  it("loads its strings from the release, i18next placeholders filled in", async () => {
    expect(await open(page)).toEqual({ title: "Willkommen", greeting: "Hallo, Ada!", save: "Speichern", source: "network" });
    await page.screenshot({ path: screenshotPath("i18next-backend-release-1") });

    // What the backend adds to the application's bundle: the SDK's delivery client, not the whole SDK.
    const assets = path.join(appDir, "dist/assets");
    const js = (await readdir(assets)).filter((f) => f.endsWith(".js"));
    const code = (await Promise.all(js.map((f) => readFile(path.join(assets, f), "utf8")))).join("\n");
    expect(code).toContain("locale-delivery:");
    expect(code).not.toContain("createParser"); // the SDK's batch event streams, tree-shaken away
    console.log(`i18next-backend test app: ${js.length} script(s), ${gzipSync(code, { level: 9 }).length} B gzipped with i18next`);
  });

  it("shows the next release after a reload, without a rebuild", async () => {
    const built = await readdir(path.join(appDir, "dist/assets"));
    expect(await publish({ title: "Herzlich willkommen", greeting: "Guten Tag, {name}!" })).toBe(2);
    expect(await open(page)).toEqual({ title: "Herzlich willkommen", greeting: "Guten Tag, Ada!", save: "Speichern", source: "network" });
    await page.screenshot({ path: screenshotPath("i18next-backend-release-2") });
    expect(await readdir(path.join(appDir, "dist/assets"))).toEqual(built);
    // The kept copy is revalidated with its ETag: an unchanged release answers 304.
    expect((await open(page)).source).toBe("not-modified");
  });

  it("with the api stopped: the kept copy on a reload, the bundled strings on a first visit", async () => {
    await server.close();
    serverStopped = true;
    expect(await open(page)).toEqual({ title: "Herzlich willkommen", greeting: "Guten Tag, Ada!", save: "Speichern", source: "cache" });
    await page.screenshot({ path: screenshotPath("i18next-backend-offline-kept") });

    const firstVisit = await guardedContext(browser, [appUrl, server.url]);
    try {
      const fresh = await firstVisit.newPage();
      expect(await open(fresh)).toEqual({
        title: bundled.de.translation.title,
        greeting: "Hallo, Ada! (gebündelt)",
        save: bundled.de.common.save,
        source: "bundled",
      });
      await fresh.screenshot({ path: screenshotPath("i18next-backend-offline-bundled") });
      expect(firstVisit.blocked).toEqual([]);
      // Only the refused connections to the stopped api are logged.
      expect(firstVisit.errors.filter((e) => !e.includes("ERR_CONNECTION_REFUSED"))).toEqual([]);
    } finally {
      await firstVisit.context.close();
    }
    expect(guarded.blocked).toEqual([]);
    expect(guarded.errors.filter((e) => !e.includes("ERR_CONNECTION_REFUSED"))).toEqual([]);
  });
});
