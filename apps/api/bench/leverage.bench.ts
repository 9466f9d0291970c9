// Benchmark of the leverage report (docs/pretranslation.md) on PostgreSQL (TEST_DATABASE_URL):
// a project of KEYS untranslated keys against a memory of ENTRIES entries, the report timed, then
// checked against the per-key TM search (searchTm, limit 1, minSimilarity 50) for every key: the
// band of each key must be the one its search answers. Target: 100,000 keys against 1,000,000
// entries in at most 10 s. Floor: a SELECT 1 round trip and one scan of the project's keys.
//   TEST_DATABASE_URL=… KEYS=100000 ENTRIES=1000000 pnpm --filter @locale/api run bench:leverage
// CHECK_EVERY=n checks every n-th key only (the per-key searches of 100,000 keys take minutes).
// The memory is seeded with raw SQL into a dedicated database (locale_bench_leverage_<ENTRIES>),
// kept for later runs (DROP_DB=1 drops it). Keys: a quarter are stored sources (100 %), a quarter
// near-duplicates of stored sources (fuzzy), half unseen sentences.
import { loadavg } from "node:os";
import { createCoreRuntime, DEFAULT_CORE_CONFIG, type ServiceContext } from "@locale/core";
import { leverageBandOf, leverageKeys, leverageReport } from "@locale/core/pretranslate";
import { searchTm, tmEngineCopies } from "@locale/core/tm";
import { createDb, type Database } from "@locale/db";

// This script is its own composition root: one runtime for the whole run.
const runtime = createCoreRuntime();
const ENTRIES = Number(process.env.ENTRIES ?? 1_000_000);
const KEYS = Number(process.env.KEYS ?? 100_000);
const TARGET_S = 10;
/** The identity check searches every CHECK_EVERY-th key (1: all; a per-key search costs about 10 ms). */
const CHECK_EVERY = Number(process.env.CHECK_EVERY ?? 1);
const SLUG = "leverage-bench";

let seed = 2929;
function rnd(n: number): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
}
const letters = "abcdefghijklmnopqrstuvwxyz";
const WORDS = Array.from({ length: 5000 }, (_, rank) =>
  Array.from({ length: 2 + Math.floor(Math.log10(rank + 1) * 1.7) + rnd(3) }, () => letters[rnd(26)]).join(""),
);
const word = () => WORDS[Math.min(WORDS.length - 1, Math.floor(WORDS.length ** (rnd(10_000) / 10_000)) - 1)]!;
const sentence = () => Array.from({ length: 3 + rnd(8) }, word).join(" ");
function mutate(text: string): string {
  const words = text.split(" ");
  const i = rnd(words.length);
  if (rnd(2) === 0) words[i] = words[i]!.slice(0, -1) || words[i]!;
  else words.splice(i, 0, word());
  return words.join(" ");
}

async function seedMemory(db: Database, organizationId: string): Promise<string[]> {
  const start = performance.now();
  const kept: string[] = [];
  for (let from = 0; from < ENTRIES; from += 20_000) {
    const texts = Array.from({ length: Math.min(20_000, ENTRIES - from) }, sentence);
    for (const t of texts) if (kept.length < KEYS && rnd(8) === 0) kept.push(t);
    await db.query(
      `INSERT INTO "TmEntry" ("id", "organizationId", "sourceLanguage", "targetLanguage", "sourceText", "targetText", "sourceNorm", "pairHash", "usageCount", "createdAt", "updatedAt")
       SELECT uuid_v7(), $1, 'en', 'de', s, 'de: ' || s, lower(regexp_replace(s, '\\s+', ' ', 'g')), md5(s || ($2::int + n)::text), 1, now(), now()
       FROM unnest($3::text[]) WITH ORDINALITY AS t(s, n)`,
      [organizationId, from, texts],
    );
  }
  await db.query(`ANALYZE "TmEntry"`);
  console.log(`  seeded ${ENTRIES} entries in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return kept;
}

async function seedProject(db: Database, organizationId: string, stored: string[]): Promise<string> {
  const [project] = await db.query<{ id: string }>(
    `INSERT INTO "Project" ("id", "organizationId", "name", "sourceLanguage", "targetLanguages", "createdAt", "updatedAt")
     VALUES (uuid_v7(), $1, $2, 'en', ARRAY['de'], now(), now()) RETURNING id`,
    [organizationId, `Leverage ${Date.now()}`],
  );
  const texts = Array.from({ length: KEYS }, (_, i) => {
    const pick = () => stored[rnd(stored.length)]!;
    return i % 4 === 0 ? pick() : i % 4 === 1 ? mutate(pick()) : sentence();
  });
  for (let from = 0; from < KEYS; from += 20_000) {
    const slice = texts.slice(from, from + 20_000);
    await db.query(
      `WITH k AS (
         INSERT INTO "Key" ("id", "projectId", "key", "createdAt", "updatedAt")
         SELECT uuid_v7(), $1, 'k' || ($2::int + n), now(), now() FROM unnest($3::text[]) WITH ORDINALITY AS t(s, n)
         RETURNING id, key)
       INSERT INTO "Translation" ("id", "projectId", "keyId", "language", "value", "status", "source", "createdAt", "updatedAt")
       SELECT uuid_v7(), $1, k.id, 'en', t.s, 'translated', 'human', now(), now()
       FROM k JOIN unnest($3::text[]) WITH ORDINALITY AS t(s, n) ON k.key = 'k' || ($2::int + t.n)`,
      [project!.id, from, slice],
    );
  }
  await db.query(`ANALYZE "Key"; ANALYZE "Translation"`);
  return project!.id;
}

async function main() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log("leverage: skipped (TEST_DATABASE_URL is not set)");
    return;
  }
  console.log(`Leverage report: ${KEYS} keys against ${ENTRIES} entries`);
  const name = `locale_bench_leverage_${ENTRIES}`;
  const admin = await createDb(url, { migrate: false });
  if (!(await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).length) await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await createDb(u.toString());
  try {
    let org = await db.prisma.organization.findUnique({ where: { slug: SLUG } });
    let stored: string[];
    if (org) {
      stored = (
        await db.query<{ sourceText: string }>(`SELECT "sourceText" FROM "TmEntry" WHERE "organizationId" = $1 LIMIT $2`, [org.id, KEYS])
      ).map((r) => r.sourceText);
      console.log(`  reusing the seeded memory`);
    } else {
      org = await db.prisma.organization.create({ data: { name: "Leverage bench", slug: SLUG } });
      stored = await seedMemory(db, org.id);
    }
    const projectId = await seedProject(db, org.id, stored);
    const ctx: ServiceContext = {
      db,
      config: DEFAULT_CORE_CONFIG,
      runtime,
      actor: { userId: "bench", userName: "Bench", organizationId: org.id, role: "owner", via: "session", scopes: null },
    };
    const copies = tmEngineCopies({ db, runtime });
    if (copies) {
      const start = performance.now();
      await copies.prepare(org.id, "en", "de");
      console.log(`  engine copy loaded in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    } else console.log("  the native TM engine is not built: database searches");

    let start = performance.now();
    await db.query("SELECT 1");
    const selectOne = performance.now() - start;
    start = performance.now();
    await db.query(`SELECT count(*) FROM "Key" k JOIN "Translation" s ON s."keyId" = k.id AND s.language = 'en' WHERE k."projectId" = $1`, [
      projectId,
    ]);
    const scan = performance.now() - start;
    const load = loadavg()[0]!.toFixed(1);
    start = performance.now();
    const report = await leverageReport(ctx, projectId, {});
    const seconds = (performance.now() - start) / 1000;
    const de = report.languages[0]!;
    console.log(
      `  report: ${seconds.toFixed(2)} s (load ${load} → ${loadavg()[0]!.toFixed(1)}); floor: SELECT 1 ${selectOne.toFixed(2)} ms, key scan ${scan.toFixed(0)} ms`,
    );
    console.log(`  bands: ${de.bands.map((b) => `${b.band} ${b.keys}`).join(", ")}`);

    // Identity: every key's band is what the per-key TM search answers.
    const all = await leverageKeys(ctx, projectId, "de");
    const keys = all.filter((_, i) => i % CHECK_EVERY === 0);
    start = performance.now(); // the per-key searches only: what the report would cost key by key
    let differ = 0;
    for (const k of keys) {
      const [top] = await searchTm(ctx, { orgId: "current", sourceText: k.sourceText, sourceLang: "en", targetLang: "de", limit: 1 });
      if (leverageBandOf(false, top?.similarity ?? null) !== k.band) differ++;
    }
    const checkMs = performance.now() - start;
    console.log(
      `  identity: ${keys.length - differ} of ${keys.length} keys${CHECK_EVERY > 1 ? ` (every ${CHECK_EVERY}th of ${all.length})` : ""} in the band of their TM search (checked in ${(checkMs / 1000).toFixed(1)} s, ${(checkMs / keys.length).toFixed(2)} ms a key)`,
    );
    const ok = seconds <= TARGET_S && differ === 0;
    console.log(`leverage ${seconds.toFixed(2)} s: ${ok ? "OK" : "NOT MET"} (≤ ${TARGET_S} s at 100,000 keys, identical)`);
    if (differ) process.exitCode = 1;
    await db.query(`DELETE FROM "Project" WHERE id = $1`, [projectId]);
  } finally {
    await db.close();
    if (process.env.DROP_DB) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

await main();
