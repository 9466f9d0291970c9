// Benchmark of the import/export endpoints at scale: json-nested files of 100,000 and 300,000 keys
// imported through HTTP (the file as the request body, POST .../import/:language, and the JSON body
// at 100,000 keys), exported again, and re-imported with every value changed, against PostgreSQL
// (TEST_DATABASE_URL) and embedded PGlite (100,000 keys). The api runs as a child process
// (`node --import tsx src/main.ts`), a fresh one per size, so its RSS is read from the kernel
// (/proc/<pid>/status: VmRSS sampled every 25 ms per phase, VmHWM for the whole run) and reported as
// growth over its idle RSS, and its CPU time per phase from /proc/<pid>/stat. Floors are measured in
// the same run: for the import, the same rows (keys, values, history) written by a minimal script
// with 5,000-row INSERT … RETURNING statements in one transaction; for the export, the export's
// rows (namespace, key, value, in its order) as COPY … TO STDOUT through psql.
//   pnpm --filter @locale/api run bench:import-export     (SIZES=100000,300000 and PGLITE_SIZE=100000 by
//   default; API_NODE_OPTIONS=--max-old-space-size=256 caps the api's heap; ANALYZE_BEFORE_EXPORT=1
//   runs ANALYZE between the import and the exports; JSON_BODY_MAX_KEYS=0 leaves out the JSON-body
//   import; EXPORT_ROUNDS=n exports json-flat and measures its floor n times, one after the other;
//   API_DIR=<checkout>/apps/api measures another checkout)
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createDb } from "@locale/db";
import { memoryOf, startApi } from "./api-process";

const SIZES = (process.env.SIZES ?? "100000,300000").split(",").map(Number);
const PGLITE_SIZE = Number(process.env.PGLITE_SIZE ?? 100_000);
/** Sizes up to this one also import through the JSON body (`POST .../import`), into a new project. */
const JSON_BODY_MAX_KEYS = Number(process.env.JSON_BODY_MAX_KEYS ?? 100_000);
/** json-flat export and its floor, measured this many times in turn (one sample is noisy on a loaded machine). */
const EXPORT_ROUNDS = Number(process.env.EXPORT_ROUNDS ?? 1);
/** Issue 14: 300,000 keys in ≤ 30 s on PostgreSQL, api RSS growth ≤ 150 MB for import and export. */
const IMPORT_TARGET_MS_PER_KEY = 30_000 / 300_000;
const RSS_GROWTH_TARGET_MB = 150;

/** Runs `fn` while sampling the child's RSS; returns the result, the time and the phase's peak. */
async function measure<T>(pid: number, fn: () => Promise<T>): Promise<{ result: T; ms: number; peakMb: number; cpuMs: number }> {
  const cpuBefore = await cpuMsOf(pid);
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
    const ms = performance.now() - started;
    return { result, ms, peakMb: Math.max(peak, (await memoryOf(pid)).rssMb), cpuMs: (await cpuMsOf(pid)) - cpuBefore };
  } finally {
    clearInterval(timer);
  }
}

/** User + system CPU time of a process so far (clock ticks of 10 ms). */
async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** 100 sections × 10 groups × 100 keys, values with placeholders and non-ASCII text. */
function nestedFile(keys: number, word = "Value"): string {
  const root: Record<string, Record<string, Record<string, string>>> = {};
  for (let i = 0; i < keys; i++) {
    const section = `section${String(Math.floor(i / 1000)).padStart(3, "0")}`;
    const group = `group${String(Math.floor(i / 100) % 10).padStart(2, "0")}`;
    ((root[section] ??= {})[group] ??= {})[`key${String(i % 100).padStart(3, "0")}`] = `${word} ${i} for {name} — héllo "${i % 7}"`;
  }
  return JSON.stringify(root);
}

async function json(res: Response): Promise<any> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

interface Row {
  label: string;
  operation: string;
  ms: number;
  growthMb: number;
  target: string;
}

/**
 * The import's floor: the same rows an import of `keys` keys writes (keys, values, history
 * entries), by a minimal script with 5,000-row statements in one transaction, with the same
 * time-ordered ids (uuid_v7()): the keys by `INSERT … RETURNING "id"`, then the values and their
 * history from those ids (no lookup of the keys it has just written).
 */
async function floorInsert(databaseUrl: string, projectId: string, keys: number, userId: string): Promise<{ ms: number; cpuMs: number }> {
  const db = await createDb(databaseUrl, { migrate: false, poolSize: 1 });
  try {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await db.query("BEGIN");
    for (let i = 0; i < keys; i += 5000) {
      const n = Math.min(5000, keys - i);
      const names = Array.from({ length: n }, (_, j) => `floor.k${i + j}`);
      const values = Array.from({ length: n }, (_, j) => `Value ${i + j} for {name} — héllo "${(i + j) % 7}"`);
      const created = await db.query<{ id: string }>(
        `INSERT INTO "Key" ("id", "projectId", "namespace", "key", "description", "createdAt", "updatedAt")
         SELECT uuid_v7(), $1, '', t.k, '', now(), now() FROM unnest($2::text[]) WITH ORDINALITY AS t(k, ord) ORDER BY t.ord
         RETURNING "id"`,
        [projectId, names],
      );
      await db.query(
        `WITH t AS (
           INSERT INTO "Translation" ("id", "projectId", "keyId", "language", "value", "status", "source", "createdAt", "updatedAt")
           SELECT uuid_v7(), $1, v.id, 'en', v.v, 'translated', 'import', now(), now()
           FROM unnest($2::text[], $3::text[]) AS v(id, v)
           RETURNING "id", "keyId", "value"
         ), h AS (
           INSERT INTO "TranslationHistory" ("id", "translationId", "projectId", "keyId", "language", "previousValue", "newValue",
             "previousStatus", "newStatus", "changedBy", "changedByName", "source", "createdAt")
           SELECT uuid_v7(), t."id", $1, t."keyId", 'en', NULL, t."value", 'untranslated', 'translated', $4, 'Bench', 'import', now()
           FROM t RETURNING 1
         ) SELECT count(*) FROM h`,
        [projectId, created.map((r) => r.id), values, userId],
      );
    }
    await db.query("COMMIT");
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
  } finally {
    await db.close();
  }
}

/**
 * The export's floor: what a json-flat file is made of (every key's namespace, name and value in
 * the language, by namespace then key in byte order) as `COPY … TO STDOUT` through psql, its
 * output counted and dropped.
 */
async function floorCopy(databaseUrl: string, projectId: string): Promise<{ ms: number; bytes: number }> {
  const sql = `COPY (SELECT k."namespace", k."key", t."value"
    FROM "Key" k LEFT JOIN "Translation" t ON t."keyId" = k."id" AND t."language" = 'en'
    WHERE k."projectId" = '${projectId}' ORDER BY k."namespace" COLLATE "C", k."key" COLLATE "C") TO STDOUT`;
  const started = performance.now();
  const child = spawn("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", databaseUrl, "-c", sql], { stdio: ["ignore", "pipe", "inherit"] });
  let bytes = 0;
  child.stdout.on("data", (chunk: Buffer) => (bytes += chunk.length));
  const [code] = await once(child, "close");
  if (code !== 0) throw new Error(`psql exited with ${code}`);
  return { ms: performance.now() - started, bytes };
}

async function runAgainst(label: string, env: Record<string, string>, keys: number, databaseUrl?: string): Promise<Row[]> {
  const api = await startApi({ MAX_BODY_BYTES: String(256 * 1024 * 1024), ...env });
  const rows: Row[] = [];
  try {
    const pid = api.child.pid!;
    const signup = await fetch(`${api.url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: "bench-password", name: "Bench" }),
    });
    const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0]!;
    const me = await json(signup);
    const headers = { "content-type": "application/json", cookie };
    const newProject = async (name: string) =>
      json(
        await fetch(`${api.url}/api/projects`, {
          method: "POST",
          headers,
          body: JSON.stringify({ name, sourceLanguage: "en", targetLanguages: ["de"] }),
        }),
      );
    const project = await newProject("Bench");
    let file: string | undefined = nestedFile(keys);
    const fileBytes = Buffer.byteLength(file);
    const idle = await memoryOf(pid);
    const add = (operation: string, m: { ms: number; peakMb: number; cpuMs: number }, timeTarget?: number) => {
      const growthMb = m.peakMb - idle.rssMb;
      const ok = (timeTarget === undefined || m.ms <= timeTarget) && growthMb <= RSS_GROWTH_TARGET_MB;
      rows.push({ label, operation: `${operation}, api CPU ${seconds(m.cpuMs)}`, ms: m.ms, growthMb, target: ok ? "ok" : "OVER TARGET" });
    };
    const importTarget = keys * IMPORT_TARGET_MS_PER_KEY;

    const body = file;
    file = undefined;
    const imp = await measure(pid, async () =>
      json(
        await fetch(`${api.url}/api/projects/${project._id}/import/en?format=json-nested`, {
          method: "POST",
          headers: { "content-type": "application/octet-stream", cookie },
          body,
        }),
      ),
    );
    if (imp.result.imported !== keys)
      throw new Error(`imported ${imp.result.imported} of ${keys}: ${JSON.stringify(imp.result).slice(0, 300)}`);
    add(`import ${keys} keys, file as the body (${mib(fileBytes)})`, imp, importTarget);

    if (databaseUrl && process.env.ANALYZE_BEFORE_EXPORT) {
      // The planner's statistics as autovacuum would have them a while after the import.
      const db = await createDb(databaseUrl, { migrate: false, poolSize: 1 });
      await db.query(`ANALYZE "Key", "Translation"`).finally(() => db.close());
    }
    const exportAs = async (format: string) => {
      const exp = await measure(pid, async () => {
        const res = await fetch(`${api.url}/api/projects/${project._id}/export/en?format=${format}`, { headers: { cookie } });
        const bytes = (await res.arrayBuffer()).byteLength;
        return { bytes, keys: Number(res.headers.get("x-total-keys")), status: res.status };
      });
      if (exp.result.status !== 200 || exp.result.keys !== keys)
        throw new Error(`export answered ${exp.result.status} with ${exp.result.keys} keys`);
      add(`export ${format} (${mib(exp.result.bytes)})`, exp);
      return exp;
    };
    await exportAs("json-nested");
    for (let round = 0; round < EXPORT_ROUNDS; round++) {
      const flat = await exportAs("json-flat");
      if (databaseUrl) {
        const copy = await floorCopy(databaseUrl, project._id);
        rows.push({
          label,
          operation: `floor: the export's rows by COPY … TO STDOUT (${mib(copy.bytes)}; export json-flat / floor = ${(flat.ms / copy.ms).toFixed(2)})`,
          ms: copy.ms,
          growthMb: Number.NaN,
          target: "",
        });
      }
    }

    const changed = nestedFile(keys, "Wert");
    const reimport = await measure(pid, async () =>
      json(
        await fetch(`${api.url}/api/projects/${project._id}/import/en?format=json-nested&overwrite=true`, {
          method: "POST",
          headers: { "content-type": "application/octet-stream", cookie },
          body: changed,
        }),
      ),
    );
    if (reimport.result.imported !== keys) throw new Error(`re-import wrote ${reimport.result.imported} of ${keys}`);
    add("re-import, overwrite, every value changed (+history)", reimport, importTarget);

    if (keys <= JSON_BODY_MAX_KEYS) {
      const legacy = await newProject("Bench JSON body");
      const envelope = JSON.stringify({ language: "en", format: "json-nested", content: nestedFile(keys) });
      const viaJson = await measure(pid, async () =>
        json(await fetch(`${api.url}/api/projects/${legacy._id}/import`, { method: "POST", headers, body: envelope })),
      );
      if (viaJson.result.imported !== keys) throw new Error(`JSON-body import wrote ${viaJson.result.imported} of ${keys}`);
      add(`import ${keys} keys, JSON body (${mib(envelope.length)})`, viaJson, importTarget);
    }

    if (databaseUrl) {
      const floorProject = await newProject("Bench floor");
      const floor = await floorInsert(databaseUrl, floorProject._id, keys, me.user?._id ?? me._id ?? "bench");
      rows.push({
        label,
        operation: `floor: the same ${keys} keys + values + history by INSERT … RETURNING, script CPU ${seconds(floor.cpuMs)} (import / floor = ${(imp.ms / floor.ms).toFixed(2)}, re-import / floor = ${(reimport.ms / floor.ms).toFixed(2)})`,
        ms: floor.ms,
        growthMb: Number.NaN,
        target: "",
      });
    }
    const hwm = (await memoryOf(pid)).hwmMb;
    rows.push({
      label,
      operation: `api idle RSS ${idle.rssMb.toFixed(0)} MB; VmHWM of the run ${hwm.toFixed(0)} MB`,
      ms: Number.NaN,
      growthMb: hwm - idle.rssMb,
      target: hwm - idle.rssMb <= RSS_GROWTH_TARGET_MB ? "ok" : "OVER TARGET",
    });
    return rows;
  } finally {
    await api.stop();
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const loadBefore = load();
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    for (const keys of SIZES) {
      const name = `bench_import_export_${process.pid}_${keys}`;
      const adminUrl = new URL(pgUrl);
      adminUrl.pathname = "/postgres";
      const admin = await createDb(adminUrl.toString(), { migrate: false, poolSize: 1 });
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(pgUrl);
        url.pathname = `/${name}`;
        rows.push(...(await runAgainst("PostgreSQL", { DATABASE_URL: url.toString(), WORKER_MODE: "off" }, keys, url.toString())));
        console.log(`PostgreSQL ${keys} keys done (load ${load()})`);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.close();
      }
    }
  } else {
    console.log("TEST_DATABASE_URL is not set: skipping the PostgreSQL runs.");
  }
  if (PGLITE_SIZE > 0) {
    const dataDir = await mkdtemp(path.join(tmpdir(), "bench-import-export-"));
    try {
      rows.push(...(await runAgainst("PGlite", { DATA_DIR: dataDir }, PGLITE_SIZE)));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const table = rows.map(
    (r) =>
      `| ${r.label} | ${r.operation} | ${Number.isNaN(r.ms) ? "" : seconds(r.ms)} | ${Number.isNaN(r.growthMb) ? "" : `${r.growthMb.toFixed(0)} MB`} | ${r.target} |`,
  );
  console.log(
    `\nload average (1 / 5 / 15 min): before ${loadBefore}, after ${load()}; targets: ${IMPORT_TARGET_MS_PER_KEY * 1000} ms per 1,000 keys imported on PostgreSQL, api RSS growth over idle ≤ ${RSS_GROWTH_TARGET_MB} MB\n` +
      `| database | operation | time | api RSS growth over idle (peak) | target |\n|---|---|---|---|---|\n${table.join("\n")}\n`,
  );
}

await main();
