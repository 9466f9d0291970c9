// Benchmark of the background quality recheck (docs/quality-checks.md): a project of 100,000
// translations (50,000 keys, source and one target) on PostgreSQL must be rechecked in ≤ 10 s.
// Measures, in one run on one fresh database:
// - floor: the same walk over the translations in id order, batch by batch, reading the rows
//   and nothing else (what any recheck must at least pay), plus the pure checks over the same
//   values in memory (`runChecks`, no database);
// - recheck, writing: the first recheck after seeding (stored issues are empty, so every value
//   with a warning is written);
// - recheck, unchanged: the same settings again (every value read and checked, nothing written).
// The recheck is the worker's own code path (`runQaRecheck`: the claim, then every batch).
//   TEST_DATABASE_URL=postgres://… pnpm --filter @locale/api run bench:qa   (TRANSLATIONS=100000)
import { randomBytes } from "node:crypto";
import { EMPTY_QA_SETTINGS, runChecks, severitiesFor } from "@locale/core/qa";
import { QA_RECHECK_BATCH, requestQaRecheck, runQaRecheck } from "@locale/core/quality";
import { createDb, type Database } from "@locale/db";

const TRANSLATIONS = Number(process.env.TRANSLATIONS ?? 100_000);
const KEYS = Math.floor(TRANSLATIONS / 2);
const TARGET_MS = 10_000;
const WORKER = "bench-worker";

// mulberry32: deterministic
let seed = 2026;
function rnd(n: number): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
}

// Source/translation pairs shaped like real UI strings: placeholders, numbers, markup, URLs,
// plurals; about a third carry a warning (a changed number, a missing full stop, a double space).
const PAIRS: [string, string][] = [
  ["Hello, {name}! You have {count} new messages.", "Hallo, {name}! Du hast {count} neue Nachrichten."],
  ["Save changes", "Änderungen speichern"],
  ["Delete {count, plural, one {# file} other {# files}}?", "{count, plural, one {# Datei} other {# Dateien}} löschen?"],
  ["Your password must be at least 8 characters long.", "Dein Passwort muss mindestens 9 Zeichen lang sein."],
  ["Tap <b>Continue</b> to accept the terms.", "Tippe auf <b>Weiter</b>, um die Bedingungen zu akzeptieren"],
  ["Read more at https://example.org/help/privacy", "Mehr unter https://example.org/help/privacy"],
  ["%1$s of %2$s downloaded (%3$d%%)", "%1$s von %2$s heruntergeladen (%3$d%%)"],
  ["Could not connect to the server. Try again in 30 seconds.", "Keine Verbindung zum Server.  Versuche es in 30 Sekunden erneut."],
  ["Settings", "Einstellungen"],
  ["Are you sure you want to leave? Unsaved changes will be lost.", "Willst du wirklich gehen? Ungespeicherte Änderungen gehen verloren."],
];

async function seedProject(db: Database): Promise<string> {
  const org = await db.prisma.organization.create({ data: { name: "Bench", slug: `bench-${randomBytes(4).toString("hex")}` } });
  const project = await db.prisma.project.create({
    data: { organizationId: org.id, name: "Recheck", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  const CHUNK = 5_000;
  for (let start = 0; start < KEYS; start += CHUNK) {
    const n = Math.min(CHUNK, KEYS - start);
    const names = Array.from({ length: n }, (_, i) => `screen.${Math.floor((start + i) / 50)}.item_${start + i}`);
    const keys = await db.query<{ id: string }>(
      `INSERT INTO "Key" (id, "projectId", key, "updatedAt") SELECT uuid_v7(), $1, k, now() FROM unnest($2::text[]) AS k RETURNING id`,
      [project.id, names],
    );
    const ids = keys.map((k) => k.id);
    const pairs = ids.map(() => PAIRS[rnd(PAIRS.length)]!);
    for (const [language, column] of [
      ["en", 0],
      ["de", 1],
    ] as const) {
      await db.query(
        `INSERT INTO "Translation" (id, "projectId", "keyId", language, value, status, source, "updatedAt")
         SELECT uuid_v7(), $1, k, $2, v, 'translated', 'human', now() FROM unnest($3::text[], $4::text[]) AS u(k, v)`,
        [project.id, language, ids, pairs.map((p) => p[column])],
      );
    }
  }
  await db.query(`ANALYZE "Translation"`);
  return project.id;
}

/** The floor's database part: the recheck's reads, batch by batch in id order, nothing else. */
async function walk(db: Database, projectId: string): Promise<number> {
  let cursor: string | null = null;
  let rows = 0;
  for (;;) {
    const batch: { id: string }[] = await db.query(
      `SELECT "id", "keyId", "language", "value", "qaIssues" FROM "Translation"
       WHERE "projectId" = $1 AND "value" <> '' AND ($2::text IS NULL OR "id" > $2::text) ORDER BY "id" LIMIT $3`,
      [projectId, cursor, QA_RECHECK_BATCH],
    );
    rows += batch.length;
    if (batch.length < QA_RECHECK_BATCH) return rows;
    cursor = batch[batch.length - 1]!.id;
  }
}

/** The floor's checking part: the checks over every value in memory. */
async function checkAll(db: Database, projectId: string): Promise<number> {
  const rows = await db.query<{ value: string; language: string; source: string }>(
    `SELECT t.value, t.language, coalesce(s.value, '') AS source FROM "Translation" t
     LEFT JOIN "Translation" s ON s."keyId" = t."keyId" AND s.language = 'en' WHERE t."projectId" = $1`,
    [projectId],
  );
  const severities = { en: severitiesFor(EMPTY_QA_SETTINGS, "en"), de: severitiesFor(EMPTY_QA_SETTINGS, "de") };
  const start = performance.now();
  let issues = 0;
  for (const r of rows) {
    issues += runChecks(
      { source: r.language === "en" ? "" : r.source, value: r.value, sourceLanguage: "en", language: r.language },
      { severities: severities[r.language as "en" | "de"] },
    ).length;
  }
  const elapsed = performance.now() - start;
  if (issues === 0) throw new Error("the seeded values fire no check: the benchmark measures nothing");
  return elapsed;
}

async function recheck(db: Database, projectId: string): Promise<{ ms: number; checked: number; changed: number }> {
  await db.prisma.$transaction((tx) => requestQaRecheck(tx, projectId));
  const start = performance.now();
  const run = await runQaRecheck(
    { db, workerId: WORKER, leaseMs: 60_000, batchSize: QA_RECHECK_BATCH, isStopping: () => false },
    projectId,
  );
  if (!run.done) throw new Error("the recheck did not run to its end");
  return { ms: performance.now() - start, checked: run.checked, changed: run.changed };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("set TEST_DATABASE_URL (PostgreSQL): the target is stated for PostgreSQL");
  const name = `locale_bench_${randomBytes(4).toString("hex")}`;
  const admin = await createDb(url, { migrate: false });
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await createDb(u.toString());
  try {
    const seedStart = performance.now();
    const projectId = await seedProject(db);
    console.log(`seeded ${TRANSLATIONS} translations (${KEYS} keys × en, de) in ${s(performance.now() - seedStart)}`);
    await walk(db, projectId); // warm the cache alike for every measurement
    const walkStart = performance.now();
    const walked = await walk(db, projectId);
    const walkMs = performance.now() - walkStart;
    const checksMs = await checkAll(db, projectId);
    const floorMs = walkMs + checksMs;
    console.log(`floor: read ${walked} rows in batches ${s(walkMs)} + checks in memory ${s(checksMs)} = ${s(floorMs)}`);
    const writing = await recheck(db, projectId);
    console.log(
      `recheck, writing:   ${s(writing.ms)} (${writing.checked} checked, ${writing.changed} changed) = ${(writing.ms / floorMs).toFixed(2)}× floor; target ≤ ${s(TARGET_MS)}: ${writing.ms <= TARGET_MS ? "met" : "MISSED"}`,
    );
    const unchanged = await recheck(db, projectId);
    console.log(
      `recheck, unchanged: ${s(unchanged.ms)} (${unchanged.checked} checked, ${unchanged.changed} changed) = ${(unchanged.ms / floorMs).toFixed(2)}× floor; target ≤ ${s(TARGET_MS)}: ${unchanged.ms <= TARGET_MS ? "met" : "MISSED"}`,
    );
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

await main();
