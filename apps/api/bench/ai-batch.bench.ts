// Benchmark of an AI batch job: 200 keys against a local fake provider (OpenAI wire format, the
// real SDK) that answers each request after 200 ms, with AI_MAX_CONCURRENCY=4, so the ideal wall
// time is 200 × 200 ms / 4 = 10 s. Reports the job's total time against that (target ≤ 1.2×), the
// service's own time per item (4 lanes × wall time − provider time, per item), and the delay from
// the provider's first answer to the first `progress` event reaching an SSE client (target ≤ 300 ms).
// Runs on embedded PGlite, and on PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
//   pnpm --filter @locale/api run bench:ai
import { randomBytes } from "node:crypto";
import type http from "node:http";
import os from "node:os";
import { createDb, type Database, isPostgresUrl } from "@locale/db";
import { startWorker } from "@locale/worker";
import { loadConfig } from "../src/config";
import { createLogger } from "../src/logger";
import { coreConfigOf, createApp, listen } from "../src/server";
import { openSse, startFakeAiProviders } from "../test/helpers/fake-ai-providers";

const KEYS = 200;
const PROVIDER_MS = 200;
const CONCURRENCY = 4;
const IDEAL_MS = (KEYS * PROVIDER_MS) / CONCURRENCY;
const TARGETS = { ratio: 1.2, firstProgressMs: 300 };

interface Result {
  backend: string;
  totalMs: number;
  ratio: number;
  overheadPerItemMs: number;
  firstProgressMs: number;
  translated: number;
  /** Process CPU time (this process runs the api, the worker, PGlite and the fake provider) per item. */
  cpuPerItemMs: number;
  loadAverage: number;
}

const log = (...args: unknown[]) => console.log(...args);

async function runOn(backend: string, db: Database): Promise<Result> {
  const fake = await startFakeAiProviders();
  fake.reply = (req) => ({ ...fake.defaultReply(req), delayMs: PROVIDER_MS }) as never;
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    WORKER_MODE: "off",
    OPENAI_API_KEY: "bench",
    OPENAI_BASE_URL: fake.openaiUrl,
    AI_MAX_CONCURRENCY: String(CONCURRENCY),
  });
  const logger = createLogger("silent");
  const { app, deps } = createApp(db, config, logger);
  const { server, url } = await listen(app, 0, "127.0.0.1");
  const worker = await startWorker({ db, config: coreConfigOf(config), runtime: deps.runtime, env: { ...config }, logger });
  try {
    const signup = await fetch(`${url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `bench-${randomBytes(4).toString("hex")}@example.com`, password: "bench-password", name: "Bench" }),
    });
    const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0]!;
    const orgId = ((await signup.json()) as { organization: { _id: string } }).organization._id;
    const tokenRes = await fetch(`${url}/api/organizations/${orgId}/tokens`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ name: "bench" }),
    });
    const apiKey = ((await tokenRes.json()) as { token: string }).token;
    const headers = { "content-type": "application/json", "x-api-key": apiKey };
    const project = await fetch(`${url}/api/projects`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Bench", sourceLanguage: "en", targetLanguages: ["de"] }),
    });
    const projectId = ((await project.json()) as { _id: string })._id;
    await db.prisma.$transaction(async (tx) => {
      for (let i = 0; i < KEYS; i++) {
        const key = await tx.key.create({ data: { projectId, key: `bench.key.${String(i).padStart(4, "0")}` } });
        await tx.translation.create({
          data: { projectId, keyId: key.id, language: "en", value: `Bench string {name} number ${i}`, status: "translated" },
        });
      }
    });

    const cpuBefore = process.cpuUsage();
    const startedAt = Date.now();
    const startRes = await fetch(`${url}/api/projects/${projectId}/ai/translate/batch/start`, {
      method: "POST",
      headers,
      body: JSON.stringify({ sourceLanguage: "en", targetLanguage: "de", limit: KEYS }),
    });
    const job = (await startRes.json()) as { jobId: string; total: number };
    if (job.total !== KEYS) throw new Error(`expected ${KEYS} keys in the job, got ${JSON.stringify(job)}`);
    const stream = await openSse(`${url}/api/projects/${projectId}/ai/translate/batch/stream/${job.jobId}`, { "x-api-key": apiKey });
    await stream.done;
    const complete = stream.events.at(-1)!;
    if (complete.event !== "complete") throw new Error(`stream ended with ${complete.event}`);
    const totalMs = complete.receivedAt - startedAt;
    const cpu = process.cpuUsage(cpuBefore);
    const firstProgress = stream.events.find((e) => e.event === "progress")!;
    const firstAnswer = fake.answeredAt[0]!;
    const providerTotalMs = fake.requests.length * PROVIDER_MS;
    return {
      backend,
      totalMs,
      ratio: totalMs / IDEAL_MS,
      overheadPerItemMs: (totalMs * CONCURRENCY - providerTotalMs) / KEYS,
      firstProgressMs: firstProgress.receivedAt - firstAnswer,
      translated: complete.data.translated,
      cpuPerItemMs: (cpu.user + cpu.system) / 1000 / KEYS,
      loadAverage: os.loadavg()[0]!,
    };
  } finally {
    await worker.stop();
    await new Promise<void>((resolve) => (server as http.Server).close(() => resolve()));
    (server as http.Server).closeAllConnections?.();
    await fake.close();
  }
}

function report(r: Result): void {
  const ok = (pass: boolean) => (pass ? "ok" : "OVER TARGET");
  log(`\n[${r.backend}] ${r.translated}/${KEYS} keys translated`);
  log(
    `  total time            ${(r.totalMs / 1000).toFixed(2)} s  (ideal ${(IDEAL_MS / 1000).toFixed(1)} s, ratio ${r.ratio.toFixed(3)}×, target ≤ ${TARGETS.ratio}×: ${ok(r.ratio <= TARGETS.ratio)})`,
  );
  log(`  overhead per item     ${r.overheadPerItemMs.toFixed(1)} ms  (lane time not spent waiting for the provider)`);
  log(
    `  CPU per item          ${r.cpuPerItemMs.toFixed(1)} ms  (whole process: api, worker, database if embedded, fake provider; load average ${r.loadAverage.toFixed(1)} on ${os.cpus().length} cores)`,
  );
  log(
    `  first answer → first SSE progress  ${r.firstProgressMs} ms  (target ≤ ${TARGETS.firstProgressMs} ms: ${ok(r.firstProgressMs <= TARGETS.firstProgressMs)})`,
  );
}

const results: Result[] = [];
{
  const db = await createDb("memory://");
  try {
    results.push(await runOn("pglite", db));
  } finally {
    await db.close();
  }
}
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (isPostgresUrl(serverUrl)) {
  const name = `locale_bench_ai_${randomBytes(4).toString("hex")}`;
  const admin = await createDb(serverUrl, { migrate: false });
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  try {
    const db = await createDb(u.toString());
    try {
      results.push(await runOn("postgresql", db));
    } finally {
      await db.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
} else {
  log("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL (postgres://...) to include it");
}
for (const r of results) report(r);
