// Throughput of one api process against two, behind HAProxy, on one PostgreSQL database, in the
// same run: two compiled api processes (WORKER_MODE=off, built by `pnpm build`) are started once,
// and two balancers sit in front of them — one over api1 only, one over both. The same closed-loop
// load (CLIENTS concurrent clients, each sending its next request when the last one answered: half
// key creations, half key-list reads of 20 keys) runs for ROUND_MS against each balancer, in
// alternating rounds (1, 2, 1, 2, ...) so drift in the machine's load hits both alike.
// Correctness is asserted, not speed: every request answers 2xx, and every acknowledged key
// exists exactly once afterwards.
// Needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) and haproxy (scripts/setup.sh).
import assert from "node:assert/strict";
import { loadavg } from "node:os";
import { call, signUpOnProcess } from "../test/helpers/fuzz/server-process";
import type { Haproxy } from "../test/helpers/haproxy";
import { startCluster } from "../test/helpers/scale-out-cluster";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 8_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARMUP_MS = 2_000;

const log = (...args: unknown[]) => console.log(...args);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

interface RoundResult {
  requests: number;
  writes: number;
  reads: number;
  latencies: number[];
  servedBy: Map<string, number>;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    log("scale-out bench skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL (postgres://...)");
    return;
  }
  log(`scale-out: ${CLIENTS} clients, ${ROUNDS} rounds of ${ROUND_MS / 1000} s per configuration; load average ${load()}`);
  const cluster = await startCluster({ serverUrl, apis: 2, workers: 0, env: { LOG_LEVEL: "warn" } });
  try {
    const single = await cluster.balancerOver([cluster.apis[0]!]);
    const owner = await signUpOnProcess(cluster.lb.url, "Bench owner");
    const project = await call(cluster.lb.url, "POST", "/api/projects", {
      apiKey: owner.apiKey,
      body: { name: "Scale-out bench", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    assert.equal(project.status, 201);
    const projectId = project.body._id as string;
    const acknowledged: string[] = [];
    let sequence = 0;

    async function round(lb: Haproxy, ms: number, record: boolean): Promise<RoundResult> {
      const result: RoundResult = { requests: 0, writes: 0, reads: 0, latencies: [], servedBy: new Map() };
      const until = Date.now() + ms;
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, c) => {
          for (let i = 0; Date.now() < until; i++) {
            const started = performance.now();
            const write = (i + c) % 2 === 0;
            const name = `bench.${String(++sequence).padStart(7, "0")}`;
            const res = write
              ? await call(lb.url, "POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: name } })
              : await call(lb.url, "GET", `/api/projects/${projectId}/keys?limit=20`, { apiKey: owner.apiKey });
            assert.equal(res.status, write ? 201 : 200, JSON.stringify(res.body));
            if (write) acknowledged.push(name);
            if (!record) continue;
            result.latencies.push(performance.now() - started);
            result.requests++;
            if (write) result.writes++;
            else result.reads++;
            const by = res.headers.get("x-served-by") ?? "?";
            result.servedBy.set(by, (result.servedBy.get(by) ?? 0) + 1);
          }
        }),
      );
      return result;
    }

    await round(single, WARMUP_MS, false);
    await round(cluster.lb, WARMUP_MS, false);
    const results: Record<"1" | "2", RoundResult[]> = { "1": [], "2": [] };
    const loads: string[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      results["1"].push(await round(single, ROUND_MS, true));
      results["2"].push(await round(cluster.lb, ROUND_MS, true));
      loads.push(load());
    }

    // Correctness: every acknowledged key is there, once.
    const rows = await cluster.db.prisma.key.findMany({ where: { projectId }, select: { key: true } });
    assert.equal(rows.length, acknowledged.length);
    assert.deepEqual(rows.map((r) => r.key).sort(), [...acknowledged].sort());

    log("");
    log("| api processes | requests/s | writes/s | reads/s | p50 ms | p95 ms | served by |");
    log("| ------------- | ---------- | -------- | ------- | ------ | ------ | --------- |");
    for (const n of ["1", "2"] as const) {
      const all = results[n];
      const seconds = (all.length * ROUND_MS) / 1000;
      const sum = (f: (r: RoundResult) => number) => all.reduce((s, r) => s + f(r), 0);
      const latencies = all.flatMap((r) => r.latencies).sort((a, b) => a - b);
      const servedBy = new Map<string, number>();
      for (const r of all) for (const [k, v] of r.servedBy) servedBy.set(k, (servedBy.get(k) ?? 0) + v);
      const share = [...servedBy].map(([k, v]) => `${k} ${Math.round((100 * v) / sum((r) => r.requests))}%`).join(", ");
      log(
        `| ${n}             | ${(sum((r) => r.requests) / seconds).toFixed(0)} | ${(sum((r) => r.writes) / seconds).toFixed(0)} | ${(sum((r) => r.reads) / seconds).toFixed(0)} | ${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 95).toFixed(1)} | ${share} |`,
      );
      log(`  per round (requests/s): ${all.map((r) => (r.requests / (ROUND_MS / 1000)).toFixed(0)).join(", ")}`);
    }
    log(`load average after each pair of rounds: ${loads.join(" | ")}`);
    log(`${acknowledged.length} keys acknowledged, all stored exactly once`);
  } finally {
    await cluster.close();
  }
}

await main();
