// The web editor on a large project, in real headless Chromium against the built web application:
// time from navigation to the first rendered rows (Performance API marks in the page), what
// scrolling costs (server pages fetched, rows in the DOM, time for the same wheel sequence as on a
// plain virtualized page of the same rows: the floor, measured in the same run), the script time
// of each keystroke in Search, the time from the last keystroke to the answer (and the server's
// share), and the page's JS heap after scrolling 10,000 rows. PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL) when set, otherwise PGlite.
//   pnpm --filter @locale/web build && pnpm --filter @locale/api run bench:web   (KEYS=100000)
import { randomBytes } from "node:crypto";
import { createDb, type Database, isPostgresUrl } from "@locale/db";
import { loadConfig } from "../src/config";
import { createLogger } from "../src/logger";
import { createApp, listen } from "../src/server";
import { findWebDist } from "../src/web/web-app";
import { guardedContext, launchBrowser } from "../test/helpers/browser";
import { type FloorRow, floorPageHtml } from "./web-editor-floor";

const KEYS = Number(process.env.KEYS ?? 100_000);
const TARGET_FIRST_ROWS_MS = 1000;
const WHEEL_ROWS = 2000;
const WHEEL_STEP_PX = 200;
const ROW_PX = 60; // the editor's fixed row height (styles.css .grid-row)
const HEAP_ROWS = 10_000;
const SEARCH_TEXT = "label_04321"; // 11 characters; matches 10 keys (label_043210 … label_043219)
const log = (m: string) => console.log(`[bench:web] ${m}`);

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function seed(db: Database, projectId: string): Promise<void> {
  await db.query(
    `INSERT INTO "Key" (id, "projectId", key, namespace, description, tags, "createdAt", "updatedAt")
     SELECT uuid_v7(), $1, 'screen' || (g % 50) || '.label_' || lpad(g::text, 6, '0'), '', 'Seeded key ' || g, '{}', now(), now()
     FROM generate_series(1, $2::int) AS g`,
    [projectId, KEYS],
  );
  await db.query(
    `INSERT INTO "Translation" (id, "projectId", "keyId", language, value, status, source, "createdAt", "updatedAt")
     SELECT uuid_v7(), $1, k.id, 'en', 'Value {name} of ' || k.key, 'translated', 'human', now(), now() FROM "Key" k WHERE k."projectId" = $1`,
    [projectId],
  );
  await db.query(`VACUUM ANALYZE`).catch(() => {});
}

async function run(backend: string, databaseUrl: string): Promise<void> {
  const db = await createDb(databaseUrl);
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", WORKER_MODE: "off", DATA_DIR: "/tmp" });
  const { app } = createApp(db, config, createLogger("silent"));
  const { server, url } = await listen(app, 0, "127.0.0.1");
  config.publicUrl = url;
  const browser = await launchBrowser();
  try {
    const signup = await fetch(`${url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `bench-${randomBytes(4).toString("hex")}@example.com`, password: "bench password", name: "Bench" }),
    });
    const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0]!;
    const project = await fetch(`${url}/api/projects`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: url },
      body: JSON.stringify({ name: "Bench", sourceLanguage: "en", targetLanguages: ["de", "fr"] }),
    }).then((r) => r.json() as Promise<{ _id: string }>);
    log(`${backend}: seeding ${KEYS.toLocaleString("en")} keys`);
    await seed(db, project._id);

    const c = await guardedContext(browser, [url]);
    const [name, ...value] = cookie.split("=");
    await c.context.addCookies([{ name: name!, value: value.join("="), url }]);
    const page = await c.newPage();
    const rowRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/trpc/keys.editorRows")) rowRequests.push(r.url());
    });
    // Warm the server's caches and the browser's asset cache once, as a returning user would have.
    await page.goto(`${url}/projects/${project._id}`);
    await page.getByRole("button", { name: /^screen0\.label_000050 in German/ }).waitFor({ timeout: 60_000 });

    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      rowRequests.length = 0;
      await page.goto(`${url}/`);
      await page.getByRole("heading", { name: "Projects" }).waitFor();
      await page.evaluate(() => performance.mark("nav-start"));
      await page.getByRole("link", { name: "Editor" }).click();
      await page.locator("[data-cell]").first().waitFor();
      samples.push(await page.evaluate(() => performance.now() - performance.getEntriesByName("nav-start")[0]!.startTime));
    }
    const firstPageRequests = rowRequests.length;
    const domRows = await page.locator(".grid-row").count();

    // Scroll a screen at a time through the first rows, then jump far down.
    rowRequests.length = 0;
    for (let i = 0; i < 40; i++) {
      await page.locator(".grid-scroll").evaluate((el) => el.scrollBy(0, el.clientHeight));
      await page.waitForTimeout(30);
    }
    await page.locator("[data-cell]").first().waitFor();
    const afterScrollRows = await page.locator(".grid-row").count();
    const scrolledRequests = rowRequests.length;
    const scrolledTo = await page.locator(".grid-scroll").evaluate((el) => el.scrollTop);
    rowRequests.length = 0;
    await page.locator(".grid-scroll").evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
    await page.waitForTimeout(300);
    await page.locator(".grid-row [data-cell]").first().waitFor();
    const jumpRequests = rowRequests.length;

    // Wheel-scrolling 2,000 rows: the editor (its rows' pages already fetched once, as after a
    // first pass) against a plain virtualized page of the same rows, the same wheel sequence.
    const rowsForFloor: FloorRow[] = [];
    for (let p = 1; p <= Math.ceil((WHEEL_ROWS + 100) / 100); p++) {
      const res = await fetch(`${url}/api/projects/${project._id}/editor-rows?languages=en,de,fr&limit=100&page=${p}`, {
        headers: { cookie },
      });
      const body = (await res.json()) as { data: { key: string; translations: Record<string, { value: string; status: string }> }[] };
      for (const r of body.data) rowsForFloor.push({ key: r.key, cells: ["en", "de", "fr"].map((l) => r.translations[l]?.value ?? "") });
    }
    const cdp = await c.context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const metrics = async () => {
      const { metrics: m } = await cdp.send("Performance.getMetrics");
      return Object.fromEntries(m.map((x) => [x.name, x.value])) as Record<string, number>;
    };
    const wheel = async (waitForIndex: string, at: { x: number; y: number; width: number; height: number }) => {
      await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
      const before = await metrics();
      const started = performance.now();
      for (let y = 0; y < WHEEL_ROWS * ROW_PX; y += WHEEL_STEP_PX) await page.mouse.wheel(0, WHEEL_STEP_PX);
      await page.locator(`[data-index="${waitForIndex}"] [data-cell]`).first().waitFor({ timeout: 180_000 });
      const ms = performance.now() - started;
      const after = await metrics();
      return {
        ms,
        scriptMs: (after.ScriptDuration! - before.ScriptDuration!) * 1000,
        taskMs: (after.TaskDuration! - before.TaskDuration!) * 1000,
      };
    };
    await page.goto(`${url}/projects/${project._id}`);
    await page.locator("[data-cell]").first().waitFor();
    // A first pass fetches the pages; the timed pass below is the wheel through cached rows.
    await page.locator(".grid-scroll").evaluate(async (el, px) => {
      for (let y = 0; y < px; y += el.clientHeight) {
        el.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 40));
      }
      el.scrollTo(0, 0);
    }, WHEEL_ROWS * ROW_PX);
    await page.waitForTimeout(500);
    const gridBox = await page.locator(".grid-scroll").boundingBox();
    const editorWheel = await wheel(String(WHEEL_ROWS), gridBox!);
    const floorPage = await c.newPage();
    await floorPage.setViewportSize({ width: 1280, height: 800 });
    await floorPage.setContent(floorPageHtml(rowsForFloor, ROW_PX, gridBox!));
    const floorCdp = await c.context.newCDPSession(floorPage);
    await floorCdp.send("Performance.enable");
    const floorMetrics = async () =>
      Object.fromEntries((await floorCdp.send("Performance.getMetrics")).metrics.map((x) => [x.name, x.value])) as Record<string, number>;
    await floorPage.mouse.move(gridBox!.x + gridBox!.width / 2, gridBox!.y + gridBox!.height / 2);
    const floorBefore = await floorMetrics();
    const floorStarted = performance.now();
    for (let y = 0; y < WHEEL_ROWS * ROW_PX; y += WHEEL_STEP_PX) await floorPage.mouse.wheel(0, WHEEL_STEP_PX);
    await floorPage.locator(`[data-index="${WHEEL_ROWS}"]`).waitFor({ timeout: 180_000 });
    const floorMs = performance.now() - floorStarted;
    const floorScriptMs = ((await floorMetrics()).ScriptDuration! - floorBefore.ScriptDuration!) * 1000;
    await floorPage.close();

    // Typing in Search: script time per keystroke (typed at 80 ms a key, faster than the search
    // waits for), then the time from the last keystroke to the answer in the grid.
    await page.goto(`${url}/projects/${project._id}`);
    await page.locator("[data-cell]").first().waitFor();
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
      input.addEventListener("input", () => {
        (window as unknown as { lastInput: number }).lastInput = performance.now();
      });
    });
    await page.getByRole("searchbox").focus();
    const typeBefore = await metrics();
    for (const ch of SEARCH_TEXT) {
      await page.keyboard.type(ch);
      await page.waitForTimeout(80);
    }
    const typeAfter = await metrics();
    const keystrokeScriptMs = ((typeAfter.ScriptDuration! - typeBefore.ScriptDuration!) * 1000) / SEARCH_TEXT.length;
    const answerMs = await page
      .waitForFunction(
        () => {
          const w = window as unknown as { lastInput: number; answered?: number };
          if (document.querySelector(".grid-count")?.textContent !== "10 keys" || !document.querySelector('[data-index="0"] [data-cell]'))
            return false;
          w.answered ??= performance.now();
          return w.answered - w.lastInput;
        },
        undefined,
        { polling: "raf", timeout: 60_000 },
      )
      .then((h) => h.jsonValue() as Promise<number>);

    // The server's share: the editor's request for the search and for "untranslated in German".
    const serverMs = async (query: string) => {
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const t = performance.now();
        const res = await fetch(`${url}/api/projects/${project._id}/editor-rows?languages=en,de&limit=100&${query}`, {
          headers: { cookie },
        });
        await res.arrayBuffer();
        times.push(performance.now() - t);
      }
      return times.sort((a, b) => a - b)[3]!;
    };
    const searchServerMs = await serverMs(`search=${SEARCH_TEXT}`);
    const untranslatedServerMs = await serverMs("untranslatedIn=de");
    const bothServerMs = await serverMs(`search=${SEARCH_TEXT}&untranslatedIn=de`);

    // The page's heap after scrolling 10,000 rows (every row's page fetched and rendered on the way).
    await page.goto(`${url}/projects/${project._id}`);
    await page.locator("[data-cell]").first().waitFor();
    await page.locator(".grid-scroll").evaluate(async (el, px) => {
      for (let y = 0; y <= px; y += el.clientHeight) {
        el.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 25));
      }
    }, HEAP_ROWS * ROW_PX);
    await page.locator(`[data-index="${HEAP_ROWS}"] [data-cell]`).first().waitFor({ timeout: 120_000 });
    await cdp.send("HeapProfiler.collectGarbage");
    const heapMb = (await metrics()).JSHeapUsedSize! / 1024 / 1024;

    samples.sort((a, b) => a - b);
    const median = samples[Math.floor(samples.length / 2)]!;
    log(`${backend}: ${KEYS.toLocaleString("en")} keys`);
    log(
      `  first rows after navigation: median ${median.toFixed(0)} ms (samples ${samples.map((s) => s.toFixed(0)).join(", ")}; target ≤ ${TARGET_FIRST_ROWS_MS} ms) ${median <= TARGET_FIRST_ROWS_MS ? "OK" : "MISSED"}`,
    );
    log(`  editor-rows requests for the first screen: ${firstPageRequests}; rows in the DOM: ${domRows}`);
    log(`  scrolling 40 screens (to ${Math.round(scrolledTo)} px): ${scrolledRequests} page requests, ${afterScrollRows} rows in the DOM`);
    log(`  jump to the middle: ${jumpRequests} page request(s)`);
    const ratio = editorWheel.ms / floorMs;
    log(
      `  wheel through ${WHEEL_ROWS.toLocaleString("en")} rows (${WHEEL_STEP_PX} px a notch): editor ${editorWheel.ms.toFixed(0)} ms (script ${editorWheel.scriptMs.toFixed(0)} ms, tasks ${editorWheel.taskMs.toFixed(0)} ms), plain virtualized page ${floorMs.toFixed(0)} ms (script ${floorScriptMs.toFixed(0)} ms): ${ratio.toFixed(2)}× the floor (target ≤ 1.5×) ${ratio <= 1.5 ? "OK" : "MISSED"}`,
    );
    log(
      `  search keystroke: ${keystrokeScriptMs.toFixed(1)} ms of script each (target ≤ 16 ms) ${keystrokeScriptMs <= 16 ? "OK" : "MISSED"}`,
    );
    log(`  search answered ${answerMs.toFixed(0)} ms after the last keystroke (target ≤ 300 ms) ${answerMs <= 300 ? "OK" : "MISSED"}`);
    log(
      `  server (median of 7): search ${searchServerMs.toFixed(0)} ms (target ≤ 100 ms) ${searchServerMs <= 100 ? "OK" : "MISSED"}; untranslated in German ${untranslatedServerMs.toFixed(0)} ms; both ${bothServerMs.toFixed(0)} ms`,
    );
    log(
      `  JS heap after scrolling ${HEAP_ROWS.toLocaleString("en")} rows: ${heapMb.toFixed(1)} MB (target ≤ 100 MB) ${heapMb <= 100 ? "OK" : "MISSED"}`,
    );
    if (c.blocked.length) log(`  blocked foreign requests: ${c.blocked.join(", ")}`);
  } finally {
    await browser.close();
    await new Promise<void>((r) => server.close(() => r()));
    server.closeAllConnections?.();
    await db.close();
  }
}

async function main(): Promise<void> {
  if (!findWebDist()) throw new Error("The web application is not built: run `pnpm --filter @locale/web build` first");
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (isPostgresUrl(serverUrl)) {
    const name = `locale_bench_web_${randomBytes(4).toString("hex")}`;
    const admin = await createDb(serverUrl, { migrate: false });
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      await run("PostgreSQL", withDatabase(serverUrl, name));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  } else {
    log("PostgreSQL not set (BENCH_DATABASE_URL or TEST_DATABASE_URL); running on PGlite");
    await run("PGlite", "memory://");
  }
}

await main();
