// Start-up to first answer, idle memory and stop time of the production server, run the way the
// start command runs it (`node apps/api/dist/main.js`, built by `pnpm build`),
// on embedded PGlite and — when BENCH_DATABASE_URL or TEST_DATABASE_URL is set — PostgreSQL.
// First start = empty data directory / empty database (creation and every migration); restart =
// the same data again. "First answer" is GET /health answering 200, which the server does only
// once the database is open and migrated. Idle RSS is VmRSS after 10 s without requests.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDb, isPostgresUrl } from "@locale/db";

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist/main.js");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const IDLE_MS = 10_000;

interface Sample {
  firstAnswerMs: number;
  idleRssMb: number;
  stopMs: number;
}

const log = (...args: unknown[]) => console.log(...args);

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const rssMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Math.round(Number(kb) / 1024);
};

async function measure(env: Record<string, string>): Promise<Sample> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "warn", PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let firstAnswerMs = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) {
        firstAnswerMs = performance.now() - started;
        break;
      }
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const idleRssMb = rssMb(child.pid as number);
  const stopping = performance.now();
  child.kill("SIGTERM");
  await exited;
  return { firstAnswerMs, idleRssMb, stopMs: performance.now() - stopping };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function report(label: string, samples: Sample[]): void {
  const f = (xs: number[]) => `${(median(xs) / 1000).toFixed(2)} s (${xs.map((x) => (x / 1000).toFixed(1)).join(", ")})`;
  log(
    `| ${label} | ${f(samples.map((s) => s.firstAnswerMs))} | ${median(samples.map((s) => s.idleRssMb))} MB | ${f(samples.map((s) => s.stopMs))} |`,
  );
}

if (!existsSync(SERVER)) {
  console.error(`${SERVER} is missing: run \`pnpm build\` first`);
  process.exit(1);
}
log(`startup bench: ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)}, ${RUNS} runs each`);
log("| database, start | first answer (median; runs) | idle RSS | stop after SIGTERM |");
log("| --- | --- | --- | --- |");

const scratch = mkdtempSync(path.join(os.tmpdir(), "locale-startup-"));
try {
  const first: Sample[] = [];
  for (let i = 0; i < RUNS; i++) first.push(await measure({ DATA_DIR: path.join(scratch, `fresh-${i}`) }));
  report("PGlite, first start (empty data directory)", first);
  const again: Sample[] = [];
  for (let i = 0; i < RUNS; i++) again.push(await measure({ DATA_DIR: path.join(scratch, "fresh-0") }));
  report("PGlite, restart", again);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (isPostgresUrl(serverUrl)) {
  const admin = await createDb(serverUrl, { migrate: false });
  const names: string[] = [];
  const urlOf = (name: string) => {
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    return u.toString();
  };
  try {
    const first: Sample[] = [];
    for (let i = 0; i < RUNS; i++) {
      const name = `locale_bench_startup_${randomBytes(4).toString("hex")}`;
      names.push(name);
      await admin.query(`CREATE DATABASE ${name}`);
      first.push(await measure({ DATABASE_URL: urlOf(name) }));
    }
    report("PostgreSQL, first start (empty database)", first);
    const again: Sample[] = [];
    for (let i = 0; i < RUNS; i++) again.push(await measure({ DATABASE_URL: urlOf(names[0] as string) }));
    report("PostgreSQL, restart", again);
  } finally {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
} else {
  log("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL (postgres://...) to include it");
}
