// The web editor on a large project, in real headless Chromium against the built web application:
// time from navigation to the first rendered rows (Performance API marks in the page), and what
// scrolling costs (server pages fetched, rows in the DOM) — the editor must read page by page and
// render only what is visible. PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) when set,
// otherwise PGlite.
//   pnpm --filter @locale/web build && pnpm --filter @locale/api run bench:web   (KEYS=100000)
import { randomBytes } from "node:crypto";
import { createDb, type Database, isPostgresUrl } from "@locale/db";
import { loadConfig } from "../src/config";
import { createLogger } from "../src/logger";
import { createApp, listen } from "../src/server";
import { findWebDist } from "../src/web/web-app";
import { guardedContext, launchBrowser } from "../test/helpers/browser";

const KEYS = Number(process.env.KEYS ?? 100_000);
const TARGET_FIRST_ROWS_MS = 1500;
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

    // Scroll a screen at a time through the first 2,000 rows, then jump far down.
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

    samples.sort((a, b) => a - b);
    const median = samples[Math.floor(samples.length / 2)]!;
    log(`${backend}: ${KEYS.toLocaleString("en")} keys`);
    log(
      `  first rows after navigation: median ${median.toFixed(0)} ms (samples ${samples.map((s) => s.toFixed(0)).join(", ")}; target ≤ ${TARGET_FIRST_ROWS_MS} ms)`,
    );
    log(`  editor-rows requests for the first screen: ${firstPageRequests}; rows in the DOM: ${domRows}`);
    log(`  scrolling 40 screens (to ${Math.round(scrolledTo)} px): ${scrolledRequests} page requests, ${afterScrollRows} rows in the DOM`);
    log(`  jump to the middle: ${jumpRequests} page request(s)`);
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
