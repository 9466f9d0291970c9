// The service scaled out the way the README describes it: api processes (WORKER_MODE=off) and
// standalone worker processes, all on one fresh PostgreSQL database, with HAProxy in front of the
// apis. Each process is the compiled program (`pnpm build`) run as its own operating-system
// process, so a test can kill one with SIGKILL. Used by scale-out.postgres.test.ts and
// bench/scale-out.bench.ts.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDb, type Database } from "@locale/db";
import { type ServerProcess, startServerProcess } from "./fuzz/server-process";
import { type Haproxy, startHaproxy } from "./haproxy";
import { UNREACHED_RATE_LIMITS } from "./unreached-rate-limits";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const WORKER_ROOT = path.join(REPO_ROOT, "apps/worker");
const COMPILED_WORKER = path.join(WORKER_ROOT, "dist/main.js");
const COMPILED_API = path.join(REPO_ROOT, "apps/api/dist/main.js");

export interface WorkerProcess {
  pid: number;
  output(): string;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export interface ApiProcess extends ServerProcess {
  /** The name HAProxy knows it by (api1, api2, ...), as in `X-Served-By`. */
  name: string;
  port: number;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", () => r()));
}

/** Starts the standalone worker (`apps/worker/dist/main.js`) and waits for its "worker started" line. */
export async function startWorkerProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<WorkerProcess> {
  const args = existsSync(COMPILED_WORKER)
    ? ["--enable-source-maps", COMPILED_WORKER]
    : ["--import", "tsx", path.join(WORKER_ROOT, "src/main.ts")];
  const child = spawn(process.execPath, args, {
    cwd: WORKER_ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = () => {
      if (output.includes('"msg":"worker started"')) {
        clearTimeout(timer);
        child.stdout!.off("data", onData);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code ?? signal}) before starting:\n${output}`));
    });
  });
  return {
    pid: child.pid!,
    output: () => output,
    async kill9() {
      child.kill("SIGKILL");
      await exited(child);
    },
    async stop() {
      child.kill("SIGTERM");
      await exited(child);
    },
  };
}

export function assertClusterBuilt(): void {
  for (const file of [COMPILED_API, COMPILED_WORKER]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`pnpm build\` first (pnpm test does)`);
  }
}

export interface ClusterOptions {
  /** A PostgreSQL server (any database on it): the cluster creates and drops its own database. */
  serverUrl: string;
  apis: number;
  workers: number;
  /** Environment of every process (AI settings, ...). */
  env?: Record<string, string>;
  apiEnv?: (index: number) => Record<string, string>;
  workerEnv?: (index: number) => Record<string, string>;
}

export interface Cluster {
  databaseUrl: string;
  /** A connection of the test's own, for seeding and checking. */
  db: Database;
  apis: ApiProcess[];
  workers: WorkerProcess[];
  /** HAProxy over every api. */
  lb: Haproxy;
  /** Another balancer over the given apis only (closed with the cluster). */
  balancerOver(apis: ApiProcess[]): Promise<Haproxy>;
  close(): Promise<void>;
}

async function onServer(url: string, sql: string): Promise<void> {
  const admin = await createDb(url, { migrate: false, poolSize: 1 });
  try {
    await admin.query(sql);
  } finally {
    await admin.close();
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  assertClusterBuilt();
  const name = `locale_scale_${randomBytes(6).toString("hex")}`;
  await onServer(options.serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(options.serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const apis: ApiProcess[] = [];
  const workers: WorkerProcess[] = [];
  const balancers: Haproxy[] = [];
  let db: Database | undefined;

  const close = async () => {
    await Promise.all(balancers.map((b) => b.stop().catch(() => {})));
    await Promise.all([...apis, ...workers].filter(Boolean).map((p) => p.kill9().catch(() => {})));
    await db?.close().catch(() => {});
    await onServer(options.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  };

  try {
    // Load tests and scale-out checks drive one key hard: rate limits stay out of their way.
    const base = { ...UNREACHED_RATE_LIMITS, ...options.env, DATABASE_URL: databaseUrl };
    const startApi = async (i: number) => {
      const proc = await startServerProcess({ ...base, ...options.apiEnv?.(i), WORKER_MODE: "off" });
      const api: ApiProcess = Object.assign(proc, { name: `api${i + 1}`, port: Number(new URL(proc.url).port) });
      apis[i] = api;
    };
    // The first api creates the schema; the others then start together (each checks the
    // migrations under Prisma's advisory lock, one after another).
    await startApi(0);
    // allSettled: on a failure, every process that did start is known (and killed) before throwing.
    const started = await Promise.allSettled([
      ...Array.from({ length: options.apis - 1 }, (_, i) => startApi(i + 1)),
      ...Array.from({ length: options.workers }, async (_, i) => {
        workers[i] = await startWorkerProcess({ ...base, ...options.workerEnv?.(i) });
      }),
    ]);
    const failed = started.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
    db = await createDb(databaseUrl, { migrate: false, poolSize: 4 });
    const balancerOver = async (over: ApiProcess[]) => {
      const lb = await startHaproxy(over.map((a) => ({ name: a.name, port: a.port })));
      balancers.push(lb);
      await lb.waitForStatus(
        over.map((a) => a.name),
        true,
      );
      return lb;
    };
    const lb = await balancerOver(apis);
    return { databaseUrl, db, apis, workers, lb, balancerOver, close };
  } catch (error) {
    await close();
    throw error;
  }
}
