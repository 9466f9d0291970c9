// Benchmark of the core read path and bulk key creation, on PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL; skipped with a message when neither is set) and on embedded PGlite.
//   pnpm --filter @locale/api run bench        (KEYS=100000, DURATION=10 by default)
// A project gets KEYS keys with the source and one target language filled (raw SQL, for speed).
// The real server runs in this process; autocannon fires from a worker thread (10 connections)
// at random 200-item pages of the target language and at random single keys. The floor is the
// endpoint's own SQL plus JSON.stringify, run in-process with the same concurrency: the cost of
// the database work alone, which the ratio compares the HTTP endpoint with. For the pages that is
// the key-stats read and the values query over the cached key order; the plain one-query
// LEFT JOIN with OFFSET (plus a count) is measured too, as the naive baseline.
import { randomBytes } from "node:crypto";
import type http from "node:http";
import { LANGUAGE_VALUES_BY_KEYS_SQL } from "@locale/core/translations";
import { createDb, type Database, isPostgresUrl } from "@locale/db";
import autocannon from "autocannon";
import { loadConfig } from "../src/config";
import { createLogger } from "../src/logger";
import { createApp, listen } from "../src/server";

const KEYS = Number(process.env.KEYS ?? 100_000);
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = 10;
const PAGE_LIMIT = 200;
const TARGETS = { rps: 800, p99Ms: 50, ratio: 3, bulkMs: 1000 };

/** The first version of the endpoint's query: join first, then OFFSET (kept here as the baseline). */
const NAIVE_PAGE_SQL = `
SELECT k.id, k.key, k.namespace, t.value, t.status::text AS status, t.source::text AS source, t."aiConfidence", t."updatedAt", s.value AS "sourceValue"
FROM "Key" k
LEFT JOIN "Translation" t ON t."keyId" = k.id AND t.language = $2
LEFT JOIN "Translation" s ON s."keyId" = k.id AND s.language = $3 AND $3 <> $2
WHERE k."projectId" = $1
ORDER BY k.namespace, k.key
LIMIT $4 OFFSET $5`;

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

interface BackendResult {
  backend: string;
  seedMs: number;
  pages: LoadResult;
  pagesFloor: LoadResult;
  pagesOffset: LoadResult;
  key: LoadResult;
  keyFloor: LoadResult;
  bulkMs: number[];
}

const log = (message: string) => console.log(`[bench] ${message}`);

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function seed(db: Database, projectId: string): Promise<void> {
  await db.query(
    `INSERT INTO "Key" (id, "projectId", key, namespace, description, tags, "createdAt", "updatedAt")
     SELECT gen_random_uuid()::text, $1, 'screen' || (g % 50) || '.label_' || lpad(g::text, 6, '0'), '', 'Seeded key ' || g, '{}', now(), now()
     FROM generate_series(1, $2::int) AS g`,
    [projectId, KEYS],
  );
  for (const [language, prefix] of [
    ["en", "Value {name} number "],
    ["de", "Wert {name} Nummer "],
  ] as const) {
    await db.query(
      `INSERT INTO "Translation" (id, "projectId", "keyId", language, value, status, source, "createdAt", "updatedAt")
       SELECT gen_random_uuid()::text, $1, k.id, $2, $3 || k.key, 'translated', 'human', now(), now() FROM "Key" k WHERE k."projectId" = $1`,
      [projectId, language, prefix],
    );
  }
  await db.query(`VACUUM ANALYZE`);
}

async function fire(url: string, apiKey: string, paths: string[]): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    workers: 1,
    headers: { "x-api-key": apiKey },
    requests: paths.map((path) => ({ method: "GET" as const, path })),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** The floor: `op` run by CONNECTIONS concurrent loops for DURATION seconds. */
async function floor(op: (i: number) => Promise<void>): Promise<LoadResult> {
  const latencies: number[] = [];
  const end = performance.now() + DURATION * 1000;
  let counter = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        await op(counter++);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / DURATION, p50: at(0.5), p99: at(0.99), errors: 0 };
}

/** fetch, retried once: after the long seed, a kept-alive socket the server has closed answers ECONNRESET. */
async function fetchRetry(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch {
    return fetch(input, init);
  }
}

async function json(
  url: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetchRetry(url + path, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

async function runBackend(backend: string, databaseUrl: string | undefined): Promise<BackendResult> {
  log(`${backend}: opening the database and applying migrations`);
  const db = await createDb(databaseUrl);
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", WORKER_MODE: "off", DATA_DIR: "/tmp" });
  const { app } = createApp(db, config, createLogger("silent"));
  const { server, url } = await listen(app, 0, "127.0.0.1");
  config.publicUrl = url;
  try {
    const signup = await json(
      url,
      "POST",
      "/api/auth/signup",
      { email: `bench-${randomBytes(4).toString("hex")}@example.com`, password: "bench password", name: "Bench" },
      {},
    );
    const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0]!;
    const token = await json(url, "POST", `/api/organizations/${signup.body.organization._id}/tokens`, { name: "bench" }, { cookie });
    const apiKey = token.body.token as string;
    const auth = { "x-api-key": apiKey };
    const project = await json(url, "POST", "/api/projects", { name: "Bench", sourceLanguage: "en", targetLanguages: ["de"] }, auth);
    const projectId = project.body._id as string;

    log(`${backend}: seeding ${KEYS.toLocaleString("en")} keys with en + de values`);
    const seedStarted = performance.now();
    await seed(db, projectId);
    const seedMs = performance.now() - seedStarted;

    const totalPages = Math.ceil(KEYS / PAGE_LIMIT);
    const pages = Array.from({ length: 2000 }, () => 1 + Math.floor(Math.random() * totalPages));
    const pagePaths = pages.map((n) => `/api/projects/${projectId}/translations/de?limit=${PAGE_LIMIT}&page=${n}`);
    const keyIds = (
      await db.query<{ id: string }>(`SELECT id FROM "Key" WHERE "projectId" = $1 ORDER BY random() LIMIT 2000`, [projectId])
    ).map((r) => r.id);
    const keyPaths = keyIds.map((id) => `/api/projects/${projectId}/keys/${id}`);

    const check = await fetchRetry(url + pagePaths[0], { headers: auth });
    const checkBody = (await check.json()) as { data: unknown[]; meta: { total: number } };
    if (check.status !== 200 || checkBody.data.length !== PAGE_LIMIT || checkBody.meta.total !== KEYS)
      throw new Error(`unexpected page: ${check.status}`);

    log(`${backend}: GET translations pages (${DURATION} s x ${CONNECTIONS} connections)`);
    const pageLoad = await fire(url, apiKey, pagePaths);
    log(`${backend}: floor for the pages (same SQL + JSON.stringify in-process)`);
    const order = (await db.query<{ id: string }>(`SELECT id FROM "Key" WHERE "projectId" = $1 ORDER BY namespace, key`, [projectId])).map(
      (r) => r.id,
    );
    const pagesFloor = await floor(async (i) => {
      const offset = (pages[i % pages.length]! - 1) * PAGE_LIMIT;
      const rows = await db.query(LANGUAGE_VALUES_BY_KEYS_SQL, [projectId, order.slice(offset, offset + PAGE_LIMIT), ["de", "en"]]);
      JSON.stringify(rows);
    });
    log(`${backend}: naive baseline (one LEFT JOIN query with OFFSET, plus count(*))`);
    const pagesOffset = await floor(async (i) => {
      const offset = (pages[i % pages.length]! - 1) * PAGE_LIMIT;
      const [count, rows] = await Promise.all([
        db.query(`SELECT count(*)::int AS total FROM "Key" WHERE "projectId" = $1`, [projectId]),
        db.query(NAIVE_PAGE_SQL, [projectId, "de", "en", PAGE_LIMIT, offset]),
      ]);
      JSON.stringify({ data: rows, meta: count });
    });

    log(`${backend}: GET single keys`);
    const keyLoad = await fire(url, apiKey, keyPaths);
    const keyFloor = await floor(async (i) => {
      const rows = await db.query(`SELECT * FROM "Key" WHERE id = $1 AND "projectId" = $2`, [keyIds[i % keyIds.length], projectId]);
      JSON.stringify(rows[0]);
    });

    log(`${backend}: bulk-create 1,000 keys in one request (5 runs)`);
    const bulkMs: number[] = [];
    for (let run = 0; run < 5; run++) {
      const keys = Array.from({ length: 1000 }, (_, i) => ({
        key: `bulk${run}.key_${i}`,
        description: "created by the benchmark",
        tags: ["bench"],
      }));
      const started = performance.now();
      const res = await json(url, "POST", `/api/projects/${projectId}/keys/bulk`, { keys }, auth);
      bulkMs.push(performance.now() - started);
      if (res.status !== 200 || res.body.created !== 1000)
        throw new Error(`bulk create failed: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    return { backend, seedMs, pages: pageLoad, pagesFloor, pagesOffset, key: keyLoad, keyFloor, bulkMs };
  } finally {
    await new Promise<void>((resolve) => (server as http.Server).close(() => resolve()));
    (server as http.Server).closeAllConnections?.();
    await db.close();
  }
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

function report(results: BackendResult[]): void {
  const lines = [
    `KEYS=${KEYS}, ${DURATION} s x ${CONNECTIONS} connections, 200-item pages at random page numbers.`,
    "",
    "| backend | endpoint | req/s | p50 ms | p99 ms | errors | floor req/s | floor p50 ms | floor p99 ms | cost ÷ floor |",
    "|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of results) {
    for (const [name, load, fl] of [
      ["GET /translations/de?limit=200&page=N", r.pages, r.pagesFloor],
      ["GET /keys/:keyId", r.key, r.keyFloor],
    ] as const) {
      lines.push(
        `| ${r.backend} | ${name} | ${fmt(load.rps, 0)} | ${fmt(load.p50)} | ${fmt(load.p99)} | ${load.errors} | ${fmt(fl.rps, 0)} | ${fmt(fl.p50)} | ${fmt(fl.p99)} | ${fmt(fl.rps / load.rps, 2)}× |`,
      );
    }
    const o = r.pagesOffset;
    lines.push(
      `| ${r.backend} | naive: OFFSET LEFT JOIN + count(*), in-process | ${fmt(o.rps, 0)} | ${fmt(o.p50)} | ${fmt(o.p99)} | 0 | | | | |`,
    );
  }
  lines.push("", "| backend | bulk-create 1,000 keys (median of 5) | max | seed |", "|---|---|---|---|");
  for (const r of results)
    lines.push(`| ${r.backend} | ${fmt(median(r.bulkMs), 0)} ms | ${fmt(Math.max(...r.bulkMs), 0)} ms | ${fmt(r.seedMs / 1000)} s |`);
  const pgResult = results.find((r) => r.backend === "PostgreSQL");
  if (pgResult) {
    const ratio = pgResult.pagesFloor.rps / pgResult.pages.rps;
    lines.push(
      "",
      `Targets on PostgreSQL: pages ≥ ${TARGETS.rps} req/s: ${pgResult.pages.rps >= TARGETS.rps ? "met" : "MISSED"}; ` +
        `p99 ≤ ${TARGETS.p99Ms} ms: ${pgResult.pages.p99 <= TARGETS.p99Ms ? "met" : "MISSED"}; ` +
        `≤ ${TARGETS.ratio}× the floor: ${ratio <= TARGETS.ratio ? "met" : "MISSED"}; ` +
        `bulk-create < ${TARGETS.bulkMs} ms: ${median(pgResult.bulkMs) < TARGETS.bulkMs ? "met" : "MISSED"}.`,
    );
  }
  console.log(`\n${lines.join("\n")}\n`);
}

async function main(): Promise<void> {
  const results: BackendResult[] = [];
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (isPostgresUrl(serverUrl)) {
    const name = `locale_bench_${randomBytes(4).toString("hex")}`;
    const admin = await createDb(serverUrl, { migrate: false });
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      results.push(await runBackend("PostgreSQL", withDatabase(serverUrl, name)));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  } else {
    log("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL (postgres://...) to include it");
  }
  results.push(await runBackend("PGlite", "memory://"));
  report(results);
}

await main();
