// Benchmark of the import/export endpoints at scale: a 100,000-key json-nested file imported through
// HTTP, then exported again, against PostgreSQL (TEST_DATABASE_URL) and embedded PGlite. The api runs
// as a child process (`node --import tsx src/main.ts`), so its peak RSS is read from the kernel
// (/proc/<pid>/status VmHWM, plus VmRSS sampled every 25 ms for the per-phase peak).
//   pnpm --filter @locale/api run bench:import-export     (KEYS=100000 by default)
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDb } from "@locale/db";

const KEYS = Number(process.env.KEYS ?? 100_000);
const IMPORT_TARGET_MS = 10_000;
const EXPORT_TARGET_MS = 2_000;
const RSS_TARGET_MB = 600;
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface Api {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startApi(env: Record<string, string>): Promise<Api> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: apiDir,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the api did not start within 120 s")), 120_000);
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /running: (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the api exited with ${code}`));
    });
  });
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

async function memoryOf(pid: number): Promise<{ rssMb: number; hwmMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, hwmMb: kb("VmHWM") / 1024 };
}

/** Runs `fn` while sampling the child's RSS; returns the result, the time and the phase's peak. */
async function measure<T>(pid: number, fn: () => Promise<T>): Promise<{ result: T; ms: number; peakMb: number }> {
  let peak = (await memoryOf(pid)).rssMb;
  const timer = setInterval(() => {
    memoryOf(pid).then(
      (m) => (peak = Math.max(peak, m.rssMb)),
      () => {},
    );
  }, 25);
  const started = performance.now();
  try {
    const result = await fn();
    return { result, ms: performance.now() - started, peakMb: Math.max(peak, (await memoryOf(pid)).rssMb) };
  } finally {
    clearInterval(timer);
  }
}

/** 100 sections × 10 groups × 100 keys, values with placeholders and non-ASCII text. */
function nestedFile(keys: number): string {
  const root: Record<string, Record<string, Record<string, string>>> = {};
  for (let i = 0; i < keys; i++) {
    const section = `section${String(Math.floor(i / 1000)).padStart(3, "0")}`;
    const group = `group${String(Math.floor(i / 100) % 10).padStart(2, "0")}`;
    ((root[section] ??= {})[group] ??= {})[`key${String(i % 100).padStart(3, "0")}`] = `Value ${i} for {name} — héllo "${i % 7}"`;
  }
  return JSON.stringify(root);
}

async function json(res: Response): Promise<any> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

async function runAgainst(label: string, env: Record<string, string>): Promise<string> {
  const api = await startApi(env);
  try {
    const pid = api.child.pid!;
    const signup = await fetch(`${api.url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: "bench-password", name: "Bench" }),
    });
    const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0]!;
    await json(signup);
    const headers = { "content-type": "application/json", cookie };
    const project = await json(
      await fetch(`${api.url}/api/projects`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: "Bench", sourceLanguage: "en", targetLanguages: ["de"] }),
      }),
    );
    const body = JSON.stringify({ language: "en", format: "json-nested", content: nestedFile(KEYS) });
    const idle = await memoryOf(pid);

    const imp = await measure(pid, async () =>
      json(await fetch(`${api.url}/api/projects/${project._id}/import`, { method: "POST", headers, body })),
    );
    if (imp.result.imported !== KEYS)
      throw new Error(`imported ${imp.result.imported} of ${KEYS}: ${JSON.stringify(imp.result).slice(0, 300)}`);
    const exp = await measure(pid, async () => {
      const res = await fetch(`${api.url}/api/projects/${project._id}/export/en?format=json-nested`, { headers: { cookie } });
      const bytes = (await res.arrayBuffer()).byteLength;
      return { bytes, keys: Number(res.headers.get("x-total-keys")), status: res.status };
    });
    if (exp.result.status !== 200 || exp.result.keys !== KEYS)
      throw new Error(`export answered ${exp.result.status} with ${exp.result.keys} keys`);
    const reimport = await measure(pid, async () =>
      json(
        await fetch(`${api.url}/api/projects/${project._id}/import`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            language: "en",
            format: "json-nested",
            content: nestedFile(KEYS).replaceAll("Value", "Wert"),
            overwrite: true,
          }),
        }),
      ),
    );
    const hwm = (await memoryOf(pid)).hwmMb;
    const mark = (ok: boolean) => (ok ? "ok" : "OVER TARGET");
    const lines = [
      `| ${label} | import ${KEYS} keys (${(body.length / 1024 / 1024).toFixed(1)} MiB body) | ${(imp.ms / 1000).toFixed(2)} s | ${imp.peakMb.toFixed(0)} MB | ${mark(imp.ms <= IMPORT_TARGET_MS && imp.peakMb <= RSS_TARGET_MB)} |`,
      `| ${label} | export json-nested (${(exp.result.bytes / 1024 / 1024).toFixed(1)} MiB) | ${(exp.ms / 1000).toFixed(2)} s | ${exp.peakMb.toFixed(0)} MB | ${mark(exp.ms <= EXPORT_TARGET_MS)} |`,
      `| ${label} | re-import with overwrite (every value changed, history) | ${(reimport.ms / 1000).toFixed(2)} s | ${reimport.peakMb.toFixed(0)} MB | ${mark(reimport.ms <= IMPORT_TARGET_MS && reimport.peakMb <= RSS_TARGET_MB)} |`,
      `| ${label} | api process: idle before import ${idle.rssMb.toFixed(0)} MB, VmHWM over the whole run ${hwm.toFixed(0)} MB | | | ${mark(hwm <= RSS_TARGET_MB)} |`,
    ];
    return lines.join("\n");
  } finally {
    await api.stop();
  }
}

async function main(): Promise<void> {
  const rows: string[] = [];
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `bench_import_export_${process.pid}`;
    const adminUrl = new URL(pgUrl);
    adminUrl.pathname = "/postgres";
    const admin = await createDb(adminUrl.toString(), { migrate: false, poolSize: 1 });
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      rows.push(await runAgainst("PostgreSQL", { DATABASE_URL: url.toString(), WORKER_MODE: "off" }));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  } else {
    console.log("TEST_DATABASE_URL is not set: skipping the PostgreSQL run.");
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-import-export-"));
  try {
    rows.push(await runAgainst("PGlite", { DATA_DIR: dataDir }));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`\n| database | operation | time | peak RSS of the api | target |\n|---|---|---|---|---|\n${rows.join("\n")}\n`);
}

await main();
