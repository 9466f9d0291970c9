// Throughput and tail latency of one api process under a realistic mixed load while keys are being
// created, on PostgreSQL: CLIENTS closed-loop clients (each sends its next request when the last one
// answered) over one large project — language pages (100 rows at a random page), key-list pages
// (50 keys), single keys, translation saves — once without key creations and once with CREATE_SHARE
// of the requests creating a key at a random place in the order. Rounds alternate (without, with,
// without, ...) after a warm-up of each, so drift in the machine's load hits both alike; the ratio
// of the two is the result (a key creation must not stall the project's reads). Every request must
// answer 2xx. Runs at each size in SIZES (keys per project, seeded by SQL: English for every key,
// German for half).
//   pnpm --filter @locale/api run bench:mixed-load   (BENCH_DATABASE_URL or TEST_DATABASE_URL)
//   SIZES=20000,100000 CLIENTS=16 ROUND_MS=10000 ROUNDS=2 CREATE_SHARE=0.05
//   BASELINE_DIST=<dir>   also run another build's main.js (a copy of a dist/ built from main, kept
//                         at the same depth in this checkout, e.g. apps/api/.baseline-dist, since a
//                         bundle finds node_modules by relative paths) as a second api process on the
//                         same database and project, measured in the same alternation: before and
//                         after a change in one run (remove the copy before `pnpm lint`, which
//                         would check it).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import path from "node:path";
import { createDb } from "@locale/db";
import { call, signUpOnProcess } from "../test/helpers/fuzz/server-process";
import { UNREACHED_RATE_LIMITS } from "../test/helpers/unreached-rate-limits";
import { type Api, startApi } from "./api-process";

const SIZES = (process.env.SIZES ?? "20000,100000").split(",").map(Number);
const CLIENTS = Number(process.env.CLIENTS ?? 16);
const ROUND_MS = Number(process.env.ROUND_MS ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const WARMUP_MS = Number(process.env.WARMUP_MS ?? 3_000);
const CREATE_SHARE = Number(process.env.CREATE_SHARE ?? 0.05);
const BASELINE_DIST = process.env.BASELINE_DIST;
// The rest of the mix, in this proportion whether or not creations take their share.
const MIX = { page: 0.45, keyList: 0.15, key: 0.2, save: 0.2 };
const TARGET_RATIO = 1.5;
const TARGET_P99_MS = 300;

const log = (...args: unknown[]) => console.log("[bench:mixed-load]", ...args);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin(url: string, sql: string): Promise<void> {
  const db = await createDb(url, { migrate: false, poolSize: 1 });
  try {
    await db.query(sql);
  } finally {
    await db.close();
  }
}

type Kind = "page" | "keyList" | "key" | "save" | "create";

interface RoundResult {
  requests: number;
  latencies: number[];
  byKind: Map<Kind, number[]>;
}

interface Target {
  projectId: string;
  keyIds: string[];
  keys: number;
}

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    log("skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL (postgres://...)");
    return;
  }
  const database = `locale_bench_mixed_${randomBytes(4).toString("hex")}`;
  await admin(serverUrl, `CREATE DATABASE ${database}`);
  const url = withDatabase(serverUrl, database);
  const db = await createDb(url);
  log(
    `${CLIENTS} clients, ${ROUNDS} rounds of ${ROUND_MS / 1000} s per configuration, creations ${CREATE_SHARE * 100} %; load average ${load()}`,
  );
  const env = { DATABASE_URL: url, WORKER_MODE: "off", ...UNREACHED_RATE_LIMITS };
  const apis: { name: string; api: Api }[] = [{ name: "this checkout", api: await startApi(env) }];
  if (BASELINE_DIST) apis.push({ name: "baseline", api: await startApi(env, path.resolve(BASELINE_DIST, "main.js")) });
  const summary: string[] = [];
  try {
    const owner = await signUpOnProcess(apis[0]!.api.url, "Mixed load owner");
    for (const size of SIZES) {
      const project = await call(apis[0]!.api.url, "POST", "/api/projects", {
        apiKey: owner.apiKey,
        body: { name: `Mixed ${size}`, sourceLanguage: "en", targetLanguages: ["de"] },
      });
      assert.equal(project.status, 201);
      const projectId = project.body._id as string;
      const seeded = performance.now();
      await db.query(
        `INSERT INTO "Key" (id, "projectId", key, namespace, description, tags, "createdAt", "updatedAt")
         SELECT uuid_v7(), $1, 'screen' || (g % 50) || '.label_' || lpad(g::text, 6, '0'), 'ns' || (g % 7), '', '{}', now(), now()
         FROM generate_series(1, $2::int) AS g`,
        [projectId, size],
      );
      await db.query(
        `INSERT INTO "Translation" (id, "projectId", "keyId", language, value, status, source, "createdAt", "updatedAt")
         SELECT uuid_v7(), $1, k.id, l.language, 'Value {name} of ' || k.key, 'translated', 'human', now(), now()
         FROM "Key" k CROSS JOIN (VALUES ('en'), ('de')) AS l(language)
         WHERE k."projectId" = $1 AND (l.language = 'en' OR right(k.key, 1) IN ('0', '2', '4', '6', '8'))`,
        [projectId],
      );
      await db.query(`VACUUM ANALYZE`);
      const keyIds = (await db.query<{ id: string }>(`SELECT id FROM "Key" WHERE "projectId" = $1`, [projectId])).map((r) => r.id);
      log(`${size.toLocaleString("en")} keys seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s; load average ${load()}`);
      const target: Target = { projectId, keyIds, keys: size };

      const results = apis.map(() => ({ without: [] as RoundResult[], with: [] as RoundResult[] }));
      for (const { api } of apis) {
        await round(api.url, owner.apiKey, target, 0, WARMUP_MS);
        await round(api.url, owner.apiKey, target, CREATE_SHARE, WARMUP_MS);
      }
      const loads: string[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        // Each api in turn, the first one alternating, so drift in the machine's load hits all alike.
        for (let k = 0; k < apis.length; k++) {
          const i = (k + r) % apis.length;
          results[i]!.without.push(await round(apis[i]!.api.url, owner.apiKey, target, 0, ROUND_MS));
          results[i]!.with.push(await round(apis[i]!.api.url, owner.apiKey, target, CREATE_SHARE, ROUND_MS));
        }
        loads.push(load());
      }
      log("");
      log(`${size.toLocaleString("en")} keys, ${CLIENTS} clients; load average after each round: ${loads.join(" | ")}`);
      log("| api | creations | requests/s | p50 ms | p95 ms | p99 ms | per round (requests/s) |");
      log("| --- | --------- | ---------- | ------ | ------ | ------ | ---------------------- |");
      const verdicts: string[] = [];
      const perKinds: string[] = [];
      apis.forEach(({ name }, i) => {
        const rows = (["without", "with"] as const).map((config) => summarize(config, results[i]![config]));
        const [without, withCreates] = rows as [Summary, Summary];
        for (const r of rows)
          log(
            `| ${name} | ${r.config === "with" ? `${CREATE_SHARE * 100} %` : "none"} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.perRound.join(", ")} |`,
          );
        for (const r of rows) perKinds.push(`  ${name}, ${r.config}: ${r.perKind}`);
        const ratio = without.rps / withCreates.rps;
        verdicts.push(
          `${size.toLocaleString("en")} keys, ${name}: throughput without/with creations ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×), p99 with creations ${withCreates.p99.toFixed(0)} ms, without ${without.p99.toFixed(0)} ms (target ≤ ${TARGET_P99_MS} ms)`,
        );
      });
      for (const line of perKinds) log(line);
      for (const v of verdicts) log(v);
      summary.push(...verdicts);
    }
    log("");
    for (const s of summary) log(s);
    log(`load average at the end ${load()}`);
  } finally {
    for (const { api } of apis) await api.stop();
    await db.close();
    await admin(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
  }
}

interface Summary {
  config: "without" | "with";
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  perRound: string[];
  perKind: string;
}

function summarize(config: "without" | "with", all: RoundResult[]): Summary {
  const seconds = (all.length * ROUND_MS) / 1000;
  const latencies = all.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const kinds = new Map<Kind, number[]>();
  for (const r of all) for (const [k, v] of r.byKind) kinds.set(k, [...(kinds.get(k) ?? []), ...v]);
  const perKind = [...kinds]
    .map(([k, v]) => {
      v.sort((a, b) => a - b);
      return `${k} p99 ${percentile(v, 99).toFixed(0)}`;
    })
    .join(", ");
  return {
    config,
    rps: all.reduce((s, r) => s + r.requests, 0) / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    perRound: all.map((r) => (r.requests / (ROUND_MS / 1000)).toFixed(0)),
    perKind,
  };
}

let sequence = 0;

async function round(apiUrl: string, apiKey: string, target: Target, createShare: number, ms: number): Promise<RoundResult> {
  const result: RoundResult = { requests: 0, latencies: [], byKind: new Map() };
  const until = Date.now() + ms;
  const pages = Math.ceil(target.keys / 100);
  const keyPages = Math.ceil(target.keys / 50);
  const pick = <T>(a: T[]) => a[Math.floor(Math.random() * a.length)]!;
  const base = `/api/projects/${target.projectId}`;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until) {
        let kind: Kind = "create";
        const roll = Math.random();
        if (roll >= createShare) {
          let x = (roll - createShare) / (1 - createShare);
          for (const [k, share] of Object.entries(MIX) as [Kind, number][]) {
            kind = k;
            if ((x -= share) < 0) break;
          }
        }
        const started = performance.now();
        const res =
          kind === "page"
            ? await call(apiUrl, "GET", `${base}/translations/de?limit=100&page=${1 + Math.floor(Math.random() * pages)}`, { apiKey })
            : kind === "keyList"
              ? await call(apiUrl, "GET", `${base}/keys?limit=50&page=${1 + Math.floor(Math.random() * keyPages)}`, { apiKey })
              : kind === "key"
                ? await call(apiUrl, "GET", `${base}/keys/${pick(target.keyIds)}`, { apiKey })
                : kind === "save"
                  ? await call(apiUrl, "PUT", `${base}/keys/${pick(target.keyIds)}/translations/de`, {
                      apiKey,
                      body: { value: `Wert ${++sequence}` },
                    })
                  : await call(apiUrl, "POST", `${base}/keys`, {
                      apiKey,
                      // A random place in the order: any of the 7 namespaces, any screen.
                      body: {
                        key: `screen${Math.floor(Math.random() * 50)}.new_${randomBytes(4).toString("hex")}`,
                        namespace: `ns${Math.floor(Math.random() * 7)}`,
                      },
                    });
        const elapsed = performance.now() - started;
        assert.ok(res.status >= 200 && res.status < 300, `${kind}: ${res.status} ${JSON.stringify(res.body)}`);
        if (kind === "create") target.keys++;
        result.requests++;
        result.latencies.push(elapsed);
        const list = result.byKind.get(kind) ?? [];
        list.push(elapsed);
        result.byKind.set(kind, list);
      }
    }),
  );
  return result;
}

await main();
