// The write path (issue 26): what the api's two commonest writes cost against a floor that writes
// the same rows.
//   TEST_DATABASE_URL=postgres://… pnpm --filter @locale/api run bench:write-path
//   (KEYS=2000 DURATION=10 ROUNDS=5 CONNECTIONS=10 WARMUP=300 by default)
// A fresh PostgreSQL database; the api as in production (the bundle, dist/main.js, rebuilt here
// first, NODE_ENV=production, default log level, WORKER_MODE=off) in its own process, and beside it
// the floor (bench/write-floor-server.ts: node:http + pg, the same SQL statements in one
// transaction, the same JSON). One organization and API key; two projects seeded alike (KEYS keys,
// each with an English source shaped like a real UI string: ICU placeholders, markup, a URL,
// numbers; and a German value), one written only by the api, one only by the floor, so neither
// waits on the other's row locks. Cases:
//   - PUT /projects/:id/keys/:keyId/translations/de with a changed value (default quality checks:
//     the glossary is read, warnings computed and stored; a history row, an activity row, the
//     webhook lookup); each request takes the next key, and every pass over the keys alternates
//     between two values, so every save is a real change;
//   - POST /projects/:id/keys with a new key name (the key row with its stats trigger, activity,
//     webhook lookup).
// Both servers are loaded at the same time by autocannon (CONNECTIONS each; bodies are made per
// request, so autocannon runs in this process, not in worker threads), ROUNDS slices of
// DURATION / ROUNDS seconds after WARMUP requests (300) each. Per request: the server process's CPU time
// (utime + stime from /proc) and the CPU time of its PostgreSQL backends (the pg_stat_activity
// rows whose client port is one of the process's sockets, read from /proc alike; PostgreSQL runs
// on this machine). The answers of both
// servers are compared before measuring (volatile ids and times aside), and the rows each wrote.
// PROFILE_DIR=<dir> runs the api with --cpu-prof (summarise with bench/cpu-profile-summary.ts).
// CASES=0 or CASES=1: only the PUT or only the POST.
// BASELINE_API_DIR=<checkout>/apps/api runs that checkout's api too, side by side (see core-api.bench.ts);
// BASELINE_DIST=<dir> runs a built bundle as it is instead (<dir>/main.js: a copy of another
// commit's apps/api/dist, placed two directories below the checkout's root, as dist/ is, so its
// relative imports of node_modules resolve).
import assert from "node:assert/strict";
import { type ChildProcess, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDb, type Database } from "@locale/db";
import autocannon from "autocannon";
import { call, signUpOnProcess } from "../test/helpers/fuzz/server-process";
import { UNREACHED_RATE_LIMITS } from "../test/helpers/unreached-rate-limits";
import { cpuMsOf, freePort, loadAverage, median, startProcess, stopProcess } from "./process-load";

const KEYS = Number(process.env.KEYS ?? 2000);
const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
/** Requests each server answers per case before measuring. */
const WARMUP = Number(process.env.WARMUP ?? 300);
/** Issue 26: each write's api CPU per request ≤ 2× the floor's. */
const TARGET = 2;
const API_DIR = fileURLToPath(new URL("..", import.meta.url));

const SOURCE = "Hello, {name}! You have <b>{count}</b> new messages since {date}. Read more at https://example.org/help#inbox.";
const VALUES = [
  "Hallo, {name}! Sie haben <b>{count}</b> neue Nachrichten seit {date}. Mehr unter https://example.org/help#inbox.",
  "Hallo {name}! Seit {date} sind <b>{count}</b> neue Nachrichten gekommen. Mehr dazu unter https://example.org/help#inbox.",
];

const log = (message: string) => console.log(`[bench:write-path] ${message}`);
const fmt = (n: number, digits = 1) => n.toFixed(digits);

interface Server {
  name: "api" | "floor" | "baseline";
  url: string;
  pid: number;
  projectId: string;
  keyIds: string[];
  /** Requests sent so far (the next key and value, the next key name). */
  sent: number;
}

interface Slice {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  cpuMs: number;
  dbCpuMs: number;
}

/** Local TCP ports of the sockets process `pid` holds open (its /proc fds matched with /proc/net/tcp*). */
function localPortsOf(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 9 && inodes.has(f[9]!)) ports.push(Number.parseInt(f[1]!.split(":")[1]!, 16));
    }
  }
  return ports;
}

/** CPU time (ms) of each PostgreSQL backend serving a connection of process `pid`. */
async function backendCpuMs(db: Database, pid: number): Promise<Map<number, number>> {
  const rows = await db.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE client_port = ANY($1::int[])`, [localPortsOf(pid)]);
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      out.set(pid, cpuMsOf(pid));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const cpuDelta = (before: Map<number, number>, after: Map<number, number>) => {
  let ms = 0;
  for (const [pid, end] of after) ms += end - (before.get(pid) ?? end);
  return ms;
};

type CaseName = "PUT translation" | "POST key";

function requestsFor(kind: CaseName, s: Server, apiKey: string): autocannon.Request[] {
  return [
    {
      setupRequest: (req: any) => {
        const i = s.sent++;
        if (kind === "PUT translation") {
          const keyId = s.keyIds[i % s.keyIds.length];
          const value = VALUES[Math.floor(i / s.keyIds.length) % 2 === 0 ? 1 : 0];
          return {
            ...req,
            method: "PUT",
            path: `/api/projects/${s.projectId}/keys/${keyId}/translations/de`,
            headers: { "x-api-key": apiKey, "content-type": "application/json" },
            body: JSON.stringify({ value }),
          };
        }
        return {
          ...req,
          method: "POST",
          path: `/api/projects/${s.projectId}/keys`,
          headers: { "x-api-key": apiKey, "content-type": "application/json" },
          body: JSON.stringify({ key: `created.key_${i}`, description: "Created by the benchmark" }),
        };
      },
    } as autocannon.Request,
  ];
}

async function measure(db: Database, s: Server, kind: CaseName, apiKey: string, seconds: number): Promise<Slice> {
  const dbBefore = await backendCpuMs(db, s.pid);
  const cpuBefore = cpuMsOf(s.pid);
  const result = await autocannon({ url: s.url, connections: CONNECTIONS, duration: seconds, requests: requestsFor(kind, s, apiKey) });
  const cpuMs = cpuMsOf(s.pid) - cpuBefore;
  const dbCpuMs = cpuDelta(dbBefore, await backendCpuMs(db, s.pid));
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
    cpuMs,
    dbCpuMs,
  };
}

async function seedProject(db: Database, projectId: string): Promise<string[]> {
  const keys = await db.query<{ id: string }>(
    `INSERT INTO "Key" ("id", "projectId", "key", "namespace", "description", "maxLength", "updatedAt")
     SELECT uuid_v7(), $1, 'inbox.item_' || lpad(g::text, 5, '0'), '', 'Seeded key ' || g, 400, now()
       FROM generate_series(1, $2::int) g ORDER BY g RETURNING id`,
    [projectId, KEYS],
  );
  const ids = keys.map((k) => k.id);
  for (const [language, value] of [
    ["en", SOURCE],
    ["de", VALUES[0]!],
  ])
    await db.query(
      `INSERT INTO "Translation" ("id", "projectId", "keyId", "language", "value", "status", "source", "updatedAt")
       SELECT uuid_v7(), $1, k, $2, $3, 'translated', 'human', now() FROM unnest($4::text[]) AS k`,
      [projectId, language, value, ids],
    );
  return ids;
}

/** An answer without what differs between two servers writing alike (ids, times, the project). */
function comparable(body: any): unknown {
  return JSON.parse(JSON.stringify(body), (k, v) =>
    ["_id", "id", "keyId", "projectId", "createdAt", "updatedAt", "translationId"].includes(k) ? "*" : v,
  );
}

async function checkAlike(db: Database, servers: Server[], apiKey: string): Promise<void> {
  const answers = [];
  for (const s of servers) {
    const put = await call(s.url, "PUT", `/api/projects/${s.projectId}/keys/${s.keyIds[0]}/translations/de`, {
      apiKey,
      body: { value: `${VALUES[1]} (check)` },
    });
    const post = await call(s.url, "POST", `/api/projects/${s.projectId}/keys`, { apiKey, body: { key: "check.key", description: "x" } });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal(post.status, 201, JSON.stringify(post.body));
    const rows = await db.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM "TranslationHistory" WHERE "projectId" = $1)::int AS history,
              (SELECT count(*) FROM "Activity" WHERE "projectId" = $1)::int AS activity,
              (SELECT "keyCount" FROM "ProjectKeyStats" WHERE "projectId" = $1)::int AS "keyCount",
              (SELECT jsonb_array_length("qaIssues") FROM "Translation" WHERE "keyId" = $2 AND "language" = 'de')::int AS warnings`,
      [s.projectId, s.keyIds[0]],
    );
    answers.push({ put: comparable(put.body), post: comparable(post.body), rows: rows[0] });
  }
  for (const a of answers.slice(1)) assert.deepEqual(a, answers[0], "the api and the floor answer and write alike");
  log(`answers and rows alike: ${JSON.stringify(answers[0]!.rows)}`);
}

interface CaseResult {
  name: CaseName;
  slices: Record<string, Slice[]>;
}

const total = (slices: Slice[]) => {
  const requests = slices.reduce((n, s) => n + s.requests, 0);
  return {
    rps: median(slices.map((s) => s.rps)),
    p50: median(slices.map((s) => s.p50)),
    p99: Math.max(...slices.map((s) => s.p99)),
    errors: slices.reduce((n, s) => n + s.errors, 0),
    requests,
    cpu: slices.reduce((n, s) => n + s.cpuMs, 0) / requests,
    db: slices.reduce((n, s) => n + s.dbCpuMs, 0) / requests,
  };
};

function report(results: CaseResult[], load: string[], names: string[]): void {
  const lines = [
    `PostgreSQL, production bundle vs node:http + pg floor writing the same rows; KEYS=${KEYS}; per case and server ${DURATION} s x ${CONNECTIONS} connections, all servers loaded at the same time, in ${ROUNDS} slices (req/s, p50: median slice; p99: worst slice).`,
    `Load average (1, 5, 15 min): ${load.join("; ")}.`,
    "",
    "| write | server | req/s | p50/p99 ms | requests | server CPU ms/req | PostgreSQL CPU ms/req | server CPU ÷ floor | median slice ÷ floor | PostgreSQL ÷ floor | errors |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of results) {
    const floor = total(r.slices.floor!);
    for (const name of names) {
      const t = total(r.slices[name]!);
      const sliceRatio = median(
        r.slices[name]!.map((s, i) => s.cpuMs / s.requests / (r.slices.floor![i]!.cpuMs / r.slices.floor![i]!.requests)),
      );
      lines.push(
        `| ${r.name} | ${name} | ${fmt(t.rps, 0)} | ${fmt(t.p50)}/${fmt(t.p99)} | ${t.requests} | ${fmt(t.cpu, 3)} | ${fmt(t.db, 3)} | ` +
          `${fmt(t.cpu / floor.cpu, 2)}× | ${fmt(sliceRatio, 2)}× | ${fmt(t.db / floor.db, 2)}× | ${t.errors} |`,
      );
    }
  }
  lines.push(
    "",
    `Target: api CPU per write ≤ ${TARGET}× the floor's: ${results
      .map((r) => {
        const ratio = total(r.slices.api!).cpu / total(r.slices.floor!).cpu;
        return `${r.name} ${fmt(ratio, 2)}× ${ratio <= TARGET ? "met" : "MISSED"}`;
      })
      .join("; ")}.`,
  );
  console.log(`\n${lines.join("\n")}\n`);
}

async function run(serverUrl: string, database: string): Promise<void> {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  const url = u.toString();
  log("building the api bundle (dist/main.js)");
  execFileSync("pnpm", ["run", "build"], { cwd: API_DIR, stdio: "inherit" });
  const db = await createDb(url, { applicationName: "locale-write-bench", poolSize: 2 });
  const children: ChildProcess[] = [];
  const load = [`start ${loadAverage()}`];
  try {
    const start = async (name: Server["name"], args: string[], env: Record<string, string>, cwd?: string) => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const child = await startProcess(args, { PORT: String(port), HOST: "127.0.0.1", ...env }, base, "/health", cwd);
      children.push(child);
      return { name, url: base, pid: child.pid! };
    };
    const apiEnv = () => ({
      NODE_ENV: "production",
      DATABASE_URL: url,
      WORKER_MODE: "off",
      DATA_DIR: "/tmp",
      ...UNREACHED_RATE_LIMITS,
    });
    const profile = process.env.PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];
    const api = await start("api", [...profile, "dist/main.js"], apiEnv());
    const owner = await signUpOnProcess(api.url, "Write bench");
    const req = (method: string, path: string, body?: unknown) =>
      call(api.url, method, path, { apiKey: owner.apiKey, ...(body !== undefined ? { body } : {}) });

    const servers: Server[] = [];
    const project = async (name: string) => {
      const res = await req("POST", "/api/projects", { name, sourceLanguage: "en", targetLanguages: ["de"] });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return { projectId: res.body._id as string, keyIds: await seedProject(db, res.body._id) };
    };
    servers.push({ ...api, ...(await project("Api")), sent: 0 });
    log(`seeded ${KEYS} keys with en + de values per project`);
    const floor = await start("floor", ["--import", "tsx", "bench/write-floor-server.ts"], {
      DATABASE_URL: url,
    });
    servers.push({ ...floor, ...(await project("Floor")), sent: 0 });
    if (process.env.BASELINE_API_DIR) {
      const dir = process.env.BASELINE_API_DIR;
      execFileSync("pnpm", ["run", "build"], { cwd: dir, stdio: "inherit" });
      const baseline = await start("baseline", ["dist/main.js"], apiEnv(), dir);
      servers.push({ ...baseline, ...(await project("Baseline")), sent: 0 });
    } else if (process.env.BASELINE_DIST) {
      const baseline = await start("baseline", [path.resolve(process.env.BASELINE_DIST, "main.js")], apiEnv());
      servers.push({ ...baseline, ...(await project("Baseline")), sent: 0 });
    }
    await db.query(`ANALYZE`);
    await checkAlike(db, servers, owner.apiKey);

    const results: CaseResult[] = [];
    const only = process.env.CASES?.split(",");
    for (const name of (["PUT translation", "POST key"] as CaseName[]).filter((_, i) => !only || only.includes(String(i)))) {
      const all = (seconds: number) => Promise.all(servers.map((s) => measure(db, s, name, owner.apiKey, seconds)));
      // Warm-up by count, not time: a server answering 10 writes a second under a loaded machine
      // would still be running cold code after a few seconds.
      await Promise.all(
        servers.map((s) =>
          autocannon({ url: s.url, connections: CONNECTIONS, amount: WARMUP, requests: requestsFor(name, s, owner.apiKey) }),
        ),
      );
      log(
        `${name}: ${servers.map((s) => s.name).join(", ")} side by side, ${ROUNDS} x ${DURATION / ROUNDS} s (${CONNECTIONS} connections each)`,
      );
      const slices: Record<string, Slice[]> = Object.fromEntries(servers.map((s) => [s.name, []]));
      for (let r = 0; r < ROUNDS; r++)
        for (const [i, slice] of (await all(DURATION / ROUNDS)).entries()) slices[servers[i]!.name]!.push(slice);
      results.push({ name, slices });
      load.push(`after ${name}: ${loadAverage()}`);
    }
    report(
      results,
      load,
      servers.map((s) => s.name),
    );
  } finally {
    for (const child of children.reverse()) await stopProcess(child);
    await db.close();
  }
}

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("set TEST_DATABASE_URL (PostgreSQL)");
  const database = `locale_bench_writes_${randomBytes(4).toString("hex")}`;
  const admin = await createDb(serverUrl, { migrate: false, poolSize: 1 });
  await admin.query(`CREATE DATABASE ${database}`);
  try {
    await run(serverUrl, database);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.close();
  }
}
await main();
