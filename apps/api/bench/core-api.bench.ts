// Benchmark of the core read path and bulk key creation.
//   pnpm --filter @locale/api run bench        (KEYS=100000, DURATION=10 by default)
// A project gets KEYS keys with the source and one target language filled (raw SQL, for speed).
//
// PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; skipped with a message when neither is
// set): the api runs as in production, the bundled server (`pnpm build`, dist/main.js, rebuilt
// here first) with NODE_ENV=production and the default log level (info, to /dev/null), in its own
// process. Beside it runs the floor (bench/floor-server.ts): a minimal node:http + pg server
// answering the same three GETs with the same SQL and the same JSON (checked before measuring).
// autocannon (10 connections each, worker threads) loads both at the same time, ROUNDS slices
// (5) of DURATION / ROUNDS seconds after a 2 s warm-up, with
//   - the smallest authenticated GET: GET /projects/:id (actor, project),
//   - a single key: GET /projects/:id/keys/:keyId,
//   - a 200-item page: GET /projects/:id/translations/de?limit=200&page=N at random N;
// and the CPU time each server process spent (utime + stime from /proc/<pid>/stat) is divided by
// the requests it answered. CPU per request depends far less on what else loads the machine than
// req/s does (both are printed, with the load average). Options:
//   BASELINE_API_DIR=<checkout>/apps/api  also runs that checkout's api (bundled there), side by side
//                                         (a `git worktree`: link its root node_modules to this one's, but
//                                         copy each package's node_modules with `cp -a`, so its relative
//                                         @locale/* links point into the worktree, not into this tree;
//                                         copy packages/db/src/generated too, it is not in git)
//   PROFILE_DIR=<dir>                     --cpu-prof for the api (and the floor, into <dir>/floor);
//                                         summarise with bench/cpu-profile-summary.ts
//   CASES=0,2                             only those cases
//
// PGlite (embedded): the server runs in this process; the floor is the endpoint's SQL plus
// JSON.stringify run in-process with the same concurrency; the plain one-query LEFT JOIN with
// OFFSET (plus a count) is measured too, as the naive baseline. SKIP_PGLITE=1 leaves it out.
import { type ChildProcess, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import type http from "node:http";
import { fileURLToPath } from "node:url";
import { LANGUAGE_VALUES_BY_KEYS_SQL } from "@locale/core/translations";
import { createDb, type Database, isPostgresUrl } from "@locale/db";
import autocannon from "autocannon";
import { loadConfig } from "../src/config";
import { createLogger } from "../src/logger";
import { createApp, listen } from "../src/server";
import { UNREACHED_RATE_LIMITS } from "../test/helpers/unreached-rate-limits";
import { combine, freePort, loadAverage, measure, median, type ProcessLoad, startProcess, stopProcess } from "./process-load";

const KEYS = Number(process.env.KEYS ?? 100_000);
const DURATION = Number(process.env.DURATION ?? 10);
/** Each case runs as this many slices of DURATION / ROUNDS seconds (for the spread of p50/p99). */
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CONNECTIONS = 10;
const PAGE_LIMIT = 200;
/** Issue 2: pages req/s and p99, bulk-create time; issue 14: api CPU per request ÷ the floor's, per case. */
const TARGETS = { rps: 800, p99Ms: 50, bulkMs: 1000, cpuRatio: { small: 2, key: 2, page: 1.3 } };
const PAGES_CASE = "GET /translations/de?limit=200&page=N";

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
     SELECT uuid_v7(), $1, 'screen' || (g % 50) || '.label_' || lpad(g::text, 6, '0'), '', 'Seeded key ' || g, '{}', now(), now()
     FROM generate_series(1, $2::int) AS g`,
    [projectId, KEYS],
  );
  for (const [language, prefix] of [
    ["en", "Value {name} number "],
    ["de", "Wert {name} Nummer "],
  ] as const) {
    await db.query(
      `INSERT INTO "Translation" (id, "projectId", "keyId", language, value, status, source, "createdAt", "updatedAt")
       SELECT uuid_v7(), $1, k.id, $2, $3 || k.key, 'translated', 'human', now(), now() FROM "Key" k WHERE k."projectId" = $1`,
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
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    WORKER_MODE: "off",
    DATA_DIR: "/tmp",
    ...UNREACHED_RATE_LIMITS,
  });
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

// ---- PostgreSQL: the production api against the floor, each in its own process ----

const API_DIR = fileURLToPath(new URL("..", import.meta.url));

interface CaseResult {
  name: string;
  /** BASELINE_API_DIR's api, measured side by side with the others. */
  baseline?: ProcessLoad;
  /** Goal for the api's CPU per request ÷ the floor's. */
  target: number;
  api: ProcessLoad;
  floor: ProcessLoad;
  /** Median over the slices of the api's CPU per request ÷ the floor's (robust to load changes). */
  sliceRatio: number;
}

interface OverheadResult {
  cases: CaseResult[];
  bulkMs: number[];
  seedMs: number;
  load: string[];
}

async function runOverhead(databaseUrl: string): Promise<OverheadResult> {
  log("PostgreSQL: building the api bundle (dist/main.js) and applying migrations");
  execFileSync("pnpm", ["run", "build"], { cwd: API_DIR, stdio: "inherit" });
  const db = await createDb(databaseUrl);
  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const profileArgs = process.env.PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];
  const api = await startProcess(
    [...profileArgs, "dist/main.js"],
    // The limiter runs (its cost is part of the api's) but one bench key never reaches it.
    {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PORT: String(apiPort),
      HOST: "127.0.0.1",
      WORKER_MODE: "off",
      DATA_DIR: "/tmp",
      ...UNREACHED_RATE_LIMITS,
    },
    apiUrl,
    "/health",
  );
  let floorServer: ChildProcess | undefined;
  let baseline: { url: string; child: ChildProcess } | undefined;
  const load: string[] = [`start ${loadAverage()}`];
  try {
    const signup = await json(
      apiUrl,
      "POST",
      "/api/auth/signup",
      { email: `bench-${randomBytes(4).toString("hex")}@example.com`, password: "bench password", name: "Bench" },
      {},
    );
    const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0]!;
    const token = await json(apiUrl, "POST", `/api/organizations/${signup.body.organization._id}/tokens`, { name: "bench" }, { cookie });
    const apiKey = token.body.token as string;
    const auth = { "x-api-key": apiKey };
    const project = await json(apiUrl, "POST", "/api/projects", { name: "Bench", sourceLanguage: "en", targetLanguages: ["de"] }, auth);
    const projectId = project.body._id as string;

    log(`PostgreSQL: seeding ${KEYS.toLocaleString("en")} keys with en + de values`);
    const seedStarted = performance.now();
    await seed(db, projectId);
    const seedMs = performance.now() - seedStarted;

    const floorPort = await freePort();
    const floorUrl = `http://127.0.0.1:${floorPort}`;
    floorServer = await startProcess(
      [
        ...(process.env.PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PROFILE_DIR}/floor`] : []),
        "--import",
        "tsx",
        "bench/floor-server.ts",
      ],
      { DATABASE_URL: databaseUrl, PORT: String(floorPort), PROJECT_ID: projectId },
      floorUrl,
      `/api/projects/${projectId}`,
    );

    // BASELINE_API_DIR: another checkout's apps/api (say, the commit before a change), bundled
    // there and run on the same database, measured side by side with this one.
    if (process.env.BASELINE_API_DIR) {
      const dir = process.env.BASELINE_API_DIR;
      execFileSync("pnpm", ["run", "build"], { cwd: dir, stdio: "inherit" });
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const env = {
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: "127.0.0.1",
        WORKER_MODE: "off",
        DATA_DIR: "/tmp",
        ...UNREACHED_RATE_LIMITS,
      };
      baseline = { url, child: await startProcess(["dist/main.js"], env, url, "/health", dir) };
    }

    const totalPages = Math.ceil(KEYS / PAGE_LIMIT);
    const pagePaths = Array.from(
      { length: 2000 },
      () => `/api/projects/${projectId}/translations/de?limit=${PAGE_LIMIT}&page=${1 + Math.floor(Math.random() * totalPages)}`,
    );
    const keyIds = (
      await db.query<{ id: string }>(`SELECT id FROM "Key" WHERE "projectId" = $1 ORDER BY random() LIMIT 2000`, [projectId])
    ).map((r) => r.id);
    const cases = [
      { name: "GET /projects/:id", target: TARGETS.cpuRatio.small, paths: [`/api/projects/${projectId}`] },
      {
        name: "GET /projects/:id/keys/:keyId",
        target: TARGETS.cpuRatio.key,
        paths: keyIds.map((id) => `/api/projects/${projectId}/keys/${id}`),
      },
      { name: PAGES_CASE, target: TARGETS.cpuRatio.page, paths: pagePaths },
    ];

    // Both servers must do the same work: their answers are compared first.
    for (const c of cases) {
      const [a, f] = await Promise.all(
        [apiUrl, floorUrl].map(async (base) => {
          const res = await fetchRetry(base + c.paths[0], { headers: auth });
          return { status: res.status, body: await res.text() };
        }),
      );
      if (a!.status !== 200 || f!.status !== 200 || JSON.stringify(JSON.parse(a!.body)) !== JSON.stringify(JSON.parse(f!.body)))
        throw new Error(`${c.name}: the api and the floor answer differently:\n${a!.body.slice(0, 300)}\n${f!.body.slice(0, 300)}`);
    }

    const results: CaseResult[] = [];
    const only = process.env.CASES?.split(",").map(Number);
    for (const c of cases.filter((_, i) => !only || only.includes(i))) {
      const targets: ["api" | "floor" | "baseline", string, number][] = [
        ["api", apiUrl, api.pid!],
        ["floor", floorUrl, floorServer.pid!],
      ];
      if (baseline) targets.push(["baseline", baseline.url, baseline.child.pid!]);
      // Both at once, so that both see the same machine load (CPU per request hardly depends on it,
      // but the caches and the scheduler's wake-ups do a little).
      const both = (seconds: number) => Promise.all(targets.map(([, url, pid]) => measure(url, pid, apiKey, c.paths, seconds)));
      await both(2);
      const slices: Record<"api" | "floor" | "baseline", ProcessLoad[]> = { api: [], floor: [], baseline: [] };
      log(`PostgreSQL: ${c.name}, api and floor side by side, ${ROUNDS} x ${DURATION / ROUNDS} s (${CONNECTIONS} connections each)`);
      for (let r = 0; r < ROUNDS; r++) {
        const round = await both(DURATION / ROUNDS);
        for (const [i, [which]] of targets.entries()) slices[which].push(round[i]!);
      }
      const loads = { api: combine(slices.api), floor: combine(slices.floor) };
      const sliceRatio = median(slices.api.map((a, i) => a.cpuMsPerRequest / slices.floor[i]!.cpuMsPerRequest));
      results.push({
        name: c.name,
        target: c.target,
        api: loads.api,
        floor: loads.floor,
        sliceRatio,
        ...(baseline ? { baseline: combine(slices.baseline) } : {}),
      });
      load.push(`after ${c.name}: ${loadAverage()}`);
    }

    log("PostgreSQL: bulk-create 1,000 keys in one request (5 runs)");
    const bulkMs: number[] = [];
    for (let run = 0; run < 5; run++) {
      const keys = Array.from({ length: 1000 }, (_, i) => ({
        key: `bulk${run}.key_${i}`,
        description: "created by the benchmark",
        tags: ["bench"],
      }));
      const started = performance.now();
      const res = await json(apiUrl, "POST", `/api/projects/${projectId}/keys/bulk`, { keys }, auth);
      bulkMs.push(performance.now() - started);
      if (res.status !== 200 || res.body.created !== 1000)
        throw new Error(`bulk create failed: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    return { cases: results, bulkMs, seedMs, load };
  } finally {
    if (floorServer) await stopProcess(floorServer);
    if (baseline) await stopProcess(baseline.child);
    await stopProcess(api);
    await db.close();
  }
}

function reportOverhead(r: OverheadResult): void {
  const pages = r.cases.find((c) => c.name === PAGES_CASE);
  const lines = [
    `PostgreSQL, production bundle vs node:http + pg floor; KEYS=${KEYS}; per case and server ${DURATION} s x ${CONNECTIONS} connections, api and floor loaded at the same time, in ${ROUNDS} slices (req/s and p50: median slice; p99: worst slice).`,
    `Load average (1, 5, 15 min): ${r.load.join("; ")}.`,
    "",
    "| endpoint | api req/s | api CPU ms/req | api p50/p99 ms | floor req/s | floor CPU ms/req | floor p50/p99 ms | CPU ÷ floor | median slice CPU ÷ floor | req/s floor ÷ api | errors |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const c of r.cases) {
    lines.push(
      `| ${c.name} | ${fmt(c.api.rps, 0)} | ${fmt(c.api.cpuMsPerRequest, 3)} | ${fmt(c.api.p50)}/${fmt(c.api.p99)} | ` +
        `${fmt(c.floor.rps, 0)} | ${fmt(c.floor.cpuMsPerRequest, 3)} | ${fmt(c.floor.p50)}/${fmt(c.floor.p99)} | ` +
        `${fmt(c.api.cpuMsPerRequest / c.floor.cpuMsPerRequest, 2)}× | ${fmt(c.sliceRatio, 2)}× | ${fmt(c.floor.rps / c.api.rps, 2)}× | ${c.api.errors + c.floor.errors} |`,
    );
  }
  if (r.cases.some((c) => c.baseline)) {
    lines.push(
      "",
      "| endpoint | baseline req/s | baseline CPU ms/req | baseline CPU ÷ floor | api CPU ÷ baseline |",
      "|---|---|---|---|---|",
    );
    for (const c of r.cases)
      if (c.baseline)
        lines.push(
          `| ${c.name} | ${fmt(c.baseline.rps, 0)} | ${fmt(c.baseline.cpuMsPerRequest, 3)} | ` +
            `${fmt(c.baseline.cpuMsPerRequest / c.floor.cpuMsPerRequest, 2)}× | ${fmt(c.api.cpuMsPerRequest / c.baseline.cpuMsPerRequest, 2)} |`,
        );
  }
  lines.push(
    "",
    `Bulk-create 1,000 keys (median of 5): ${fmt(median(r.bulkMs), 0)} ms, max ${fmt(Math.max(...r.bulkMs), 0)} ms; seed ${fmt(r.seedMs / 1000)} s.`,
    "",
    `Targets: ${r.cases
      .map((c) => {
        const ratio = c.api.cpuMsPerRequest / c.floor.cpuMsPerRequest;
        return `${c.name} CPU ≤ ${c.target}× the floor: ${ratio <= c.target ? "met" : "MISSED"}`;
      })
      .join("; ")}; ` +
      (pages ? `pages ≥ ${TARGETS.rps} req/s: ${pages.api.rps >= TARGETS.rps ? "met" : "MISSED"}; ` : "") +
      (pages ? `pages p99 ≤ ${TARGETS.p99Ms} ms: ${pages.api.p99 <= TARGETS.p99Ms ? "met" : "MISSED"}; ` : "") +
      `bulk-create < ${TARGETS.bulkMs} ms: ${median(r.bulkMs) < TARGETS.bulkMs ? "met" : "MISSED"}.`,
  );
  console.log(`\n${lines.join("\n")}\n`);
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

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
  console.log(`\n${lines.join("\n")}\n`);
}

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  let overhead: OverheadResult | undefined;
  if (isPostgresUrl(serverUrl)) {
    const name = `locale_bench_${randomBytes(4).toString("hex")}`;
    const admin = await createDb(serverUrl, { migrate: false });
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      overhead = await runOverhead(withDatabase(serverUrl, name));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  } else {
    log("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL (postgres://...) to include it");
  }
  const results: BackendResult[] = [];
  if (process.env.SKIP_PGLITE !== "1") results.push(await runBackend("PGlite", "memory://"));
  if (overhead) reportOverhead(overhead);
  if (results.length > 0) report(results);
}

await main();
