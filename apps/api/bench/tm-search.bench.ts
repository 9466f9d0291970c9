// Benchmark of the fuzzy TM search (issue 14): searchTm over a realistic query mix against a large
// memory, with a floor measured in the same run. Target: p95 ≤ 50 ms, p50 ≤ 15 ms at 1,000,000
// entries on PostgreSQL (TEST_DATABASE_URL; skipped when absent). PGlite is reported, not targeted.
//   pnpm --filter @locale/api run bench:tm
//   ENTRIES=1000000 QUERIES=200 SKIP_PGLITE=1 MIN_SIMILARITY=50 pnpm --filter @locale/api run bench:tm
// With the native TM engine built (packages/tm-engine), the pair's in-process copy is loaded first
// (its load time and size are printed), and the same queries then run against the database search
// too (TM_ENGINE=off), for comparison; SKIP_DATABASE_SEARCH=1 leaves that out.
// The PostgreSQL memory is seeded with raw SQL into a dedicated database (locale_bench_tm_<ENTRIES>)
// that is kept and reused by later runs (DROP_DB=1 drops it afterwards). Seeding is deterministic.
// Query mix, interleaved: short common-word queries (1–3 of the 40 most frequent words: most
// entries contain them), long unseen sentences (10–16 words), near-duplicates of stored sources
// (a typo, an extra word or a case change) and stored sources verbatim.
import { loadavg } from "node:os";
import { createCoreRuntime, DEFAULT_CORE_CONFIG, type ServiceContext } from "@locale/core";
import { configureTmEngine, DEFAULT_TM_ENGINE_SETTINGS, searchTm, tmEngineCopies } from "@locale/core/tm";
import { createDb, type Database } from "@locale/db";

// This script is its own composition root: one runtime for the whole run.
const runtime = createCoreRuntime();
const ENTRIES = Number(process.env.ENTRIES ?? 200_000);
const QUERIES = Number(process.env.QUERIES ?? 200);
const MIN_SIMILARITY = process.env.MIN_SIMILARITY ? Number(process.env.MIN_SIMILARITY) : undefined;
const TARGET_P50_MS = 15;
const TARGET_P95_MS = 50;
const BENCH_SLUG = "tm-bench";

// mulberry32: deterministic, and exact in 32-bit integer arithmetic
let seed = 4242;
function rnd(n: number): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
}
// A vocabulary of random-letter words drawn with Zipf's law (s = 1), like the words of natural
// language: a few words occur in a large share of all sentences, which is what makes trigram
// pre-filters useless for short common-word queries. Frequent words are short, as in natural
// language (Zipf's law of abbreviation): rank 1–10 has 2–4 letters, rank 1000+ has 7–11.
const letters = "abcdefghijklmnopqrstuvwxyz";
const WORDS = Array.from({ length: 8000 }, (_, rank) =>
  Array.from({ length: 2 + Math.floor(Math.log10(rank + 1) * 1.7) + rnd(3) }, () => letters[rnd(26)]).join(""),
);
const SEED_AFTER_WORDS = seed;
const cumulative: number[] = [];
let zipfSum = 0;
for (let i = 0; i < WORDS.length; i++) {
  zipfSum += 1 / (i + 1);
  cumulative.push(zipfSum);
}
function zipfWord(): string {
  const u = (rnd(1_000_000) / 1_000_000) * cumulative.at(-1)!;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! < u) lo = mid + 1;
    else hi = mid;
  }
  return WORDS[lo]!;
}
const sentence = (min = 3, spread = 8) => Array.from({ length: min + rnd(spread) }, zipfWord).join(" ");

function mutate(text: string): string {
  const words = text.split(" ");
  const i = rnd(words.length);
  const w = words[i]!;
  const op = rnd(3);
  if (op === 0)
    words[i] = w.slice(0, -1) || w; // typo: drop a letter
  else if (op === 1)
    words.splice(i, 0, zipfWord()); // extra word
  else words[i] = w.toUpperCase(); // case change (normalised away)
  return words.join(" ");
}

/** Sources of the memory: a quarter are near-duplicates of an earlier source of the same chunk. */
function sources(count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(i > 0 && rnd(4) === 0 ? mutate(out[rnd(i)]!) : sentence());
  return out;
}

async function seedEntries(db: Database, organizationId: string, otherOrg: string): Promise<void> {
  const start = performance.now();
  const chunk = 20_000;
  for (let from = 0; from < ENTRIES; from += chunk) {
    const texts = sources(Math.min(chunk, ENTRIES - from));
    // 90 % of the rows are the searched organization's en → de pairs; the rest are en → fr pairs
    // and another organization's rows, which the filters must leave out.
    await db.query(
      `INSERT INTO "TmEntry" ("id", "organizationId", "sourceLanguage", "targetLanguage", "sourceText", "targetText", "sourceNorm", "pairHash", "usageCount", "createdAt", "updatedAt")
       SELECT uuid_v7(), CASE WHEN n % 20 = 0 THEN $2 ELSE $1 END, 'en', CASE WHEN n % 20 = 1 THEN 'fr' ELSE 'de' END,
              s, 'de: ' || s, lower(regexp_replace(s, '\\s+', ' ', 'g')), md5(s || ($3::int + n)::text), 1 + n % 7,
              now() - ($3::int + n) * interval '1 second', now()
       FROM unnest($4::text[]) WITH ORDINALITY AS t(s, n)`,
      [organizationId, otherOrg, from, texts],
    );
  }
  await db.query(`ANALYZE "TmEntry"`);
  console.log(`  seeded ${ENTRIES} entries in ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

/** The searched organization, seeding the memory first unless this database already holds it. */
async function benchOrganization(db: Database): Promise<string> {
  const found = await db.prisma.organization.findUnique({ where: { slug: BENCH_SLUG } });
  if (found && (await db.prisma.tmEntry.count({ where: { organizationId: found.id } })) > 0) {
    console.log(`  reusing the seeded memory (${await db.prisma.tmEntry.count()} entries)`);
    await db.query(`ANALYZE "TmEntry"`); // statistics of columns a migration may just have added
    // the generator must be in the same state as after seeding, for the same queries
    for (let from = 0; from < ENTRIES; from += 20_000) sources(Math.min(20_000, ENTRIES - from));
    return found.id;
  }
  const org = await db.prisma.organization.create({ data: { name: "Bench", slug: BENCH_SLUG } });
  const other = await db.prisma.organization.create({ data: { name: "Other", slug: `${BENCH_SLUG}-other` } });
  await seedEntries(db, org.id, other.id);
  return org.id;
}

type Kind = "short" | "long" | "near-dup" | "exact";

async function queryMix(db: Database, organizationId: string): Promise<{ kind: Kind; text: string }[]> {
  const stored = await db.query<{ sourceText: string }>(
    `SELECT "sourceText" FROM "TmEntry" WHERE "organizationId" = $1 AND "targetLanguage" = 'de' ORDER BY md5("id") LIMIT $2`,
    [organizationId, QUERIES],
  );
  return Array.from({ length: QUERIES }, (_, i) => {
    const text = stored[i % stored.length]!.sourceText;
    switch (i % 4) {
      case 0:
        return { kind: "short" as const, text: Array.from({ length: 1 + rnd(3) }, () => WORDS[rnd(40)]).join(" ") };
      case 1:
        return { kind: "long" as const, text: sentence(10, 7) };
      case 2:
        return { kind: "near-dup" as const, text: mutate(text) };
      default:
        return { kind: "exact" as const, text };
    }
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const stats = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p95: quantile(s, 0.95), max: s.at(-1)! };
};
const fmt = (x: { p50: number; p95: number; max: number }) =>
  `p50 ${x.p50.toFixed(1)} ms, p95 ${x.p95.toFixed(1)} ms, max ${x.max.toFixed(1)} ms`;

/** The native engine's copy of the searched pair, loaded before the timing; false without the engine. */
async function loadCopy(db: Database, organizationId: string): Promise<boolean> {
  const copies = tmEngineCopies({ db, runtime });
  if (!copies) {
    console.log("  the native TM engine is not built: the database searches alone");
    return false;
  }
  const rss = process.memoryUsage().rss;
  const start = performance.now();
  await copies.prepare(organizationId, "en", "de");
  const { entries, bytes } = copies.stats();
  console.log(
    `  engine copy of en → de: ${entries} entries loaded in ${((performance.now() - start) / 1000).toFixed(1)} s, ` +
      `${(bytes / 1024 / 1024).toFixed(0)} MB in the index (${(bytes / entries).toFixed(0)} bytes an entry), ` +
      `RSS +${((process.memoryUsage().rss - rss) / 1024 / 1024).toFixed(0)} MB`,
  );
  return true;
}

async function benchOn(label: string, db: Database): Promise<{ p50: number; p95: number }> {
  const organizationId = await benchOrganization(db);
  const queries = await queryMix(db, organizationId);
  const engine = await loadCopy(db, organizationId);
  const result = await timeSearches(engine ? `${label}, native engine` : label, db, organizationId, queries);
  if (engine && !process.env.SKIP_DATABASE_SEARCH) {
    // the same queries searched in the database, for comparison
    configureTmEngine({ db, runtime }, { ...DEFAULT_TM_ENGINE_SETTINGS, enabled: false });
    const database = await timeSearches(`${label}, database search (TM_ENGINE=off)`, db, organizationId, queries);
    // the engine must give the database search's answers: the same entries, similarities and order
    const differ = result.answers.filter((a, i) => a !== database.answers[i]).length;
    console.log(`  answers: ${queries.length - differ} of ${queries.length} identical to the database search's`);
    if (differ) process.exitCode = 1;
  }
  return result;
}

async function timeSearches(
  label: string,
  db: Database,
  organizationId: string,
  queries: { kind: Kind; text: string }[],
): Promise<{ p50: number; p95: number; answers: string[] }> {
  const ctx: ServiceContext = {
    db,
    config: DEFAULT_CORE_CONFIG,
    runtime,
    actor: { userId: "bench", userName: "Bench", organizationId, role: "owner", via: "session", scopes: null },
  };
  const search = (sourceText: string) =>
    searchTm(ctx, { orgId: "current", sourceText, sourceLang: "en", targetLang: "de", minSimilarity: MIN_SIMILARITY });
  const [probe] = await db.query<{ pairHash: string }>(
    `SELECT "pairHash" FROM "TmEntry" WHERE "organizationId" = $1 AND "targetLanguage" = 'de' ORDER BY "pairHash" LIMIT 1`,
    [organizationId],
  );
  for (const q of queries.slice(0, 4)) await search(q.text); // warm-up
  const engineSearches = () => tmEngineCopies({ db, runtime })?.stats().searches ?? 0;
  const engineBefore = engineSearches();
  const load = loadavg()[0]!.toFixed(1);
  // Floors, interleaved with the searches so they see the same load: a SELECT 1 round trip and
  // an exact-match lookup of one entry through the (organization, languages, pairHash) index.
  const floor: number[] = [];
  const lookup: number[] = [];
  const samples: number[] = [];
  const byKind = new Map<Kind, number[]>();
  const slowest: [number, string][] = [];
  const answers: string[] = [];
  let hits = 0;
  for (const q of queries) {
    let start = performance.now();
    await db.query("SELECT 1");
    floor.push(performance.now() - start);
    start = performance.now();
    await db.query(
      `SELECT "id", "targetText" FROM "TmEntry" WHERE "organizationId" = $1 AND "sourceLanguage" = 'en' AND "targetLanguage" = 'de' AND "pairHash" = $2`,
      [organizationId, probe!.pairHash],
    );
    lookup.push(performance.now() - start);
    start = performance.now();
    const results = await search(q.text);
    answers.push(JSON.stringify(results.map((r) => [r._id, r.similarity])));
    const ms = performance.now() - start;
    samples.push(ms);
    byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), ms]);
    slowest.push([ms, `${q.kind}: ${q.text}`]);
    if (results.length) hits++;
  }
  const all = stats(samples);
  const f = stats(floor);
  const l = stats(lookup);
  console.log(
    `${label}: ${queries.length} searches (${hits} with results, ${engineSearches() - engineBefore} answered by the engine), ` +
      `load average ${load} → ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(`  all       ${fmt(all)}  (${(all.p50 / f.p50).toFixed(0)}× / ${(all.p95 / f.p95).toFixed(0)}× the SELECT 1 floor)`);
  for (const [kind, s] of byKind) console.log(`  ${kind.padEnd(9)} ${fmt(stats(s))}`);
  console.log(`  floor     SELECT 1: ${fmt(f)}; exact-match index lookup: ${fmt(l)}`);
  if (process.env.SHOW_SLOWEST) console.log(slowest.sort((a, b) => b[0] - a[0]).slice(0, 8));
  return { ...all, answers };
}

async function main() {
  console.log(
    `TM search: ${ENTRIES} entries, ${QUERIES} queries (short common-word, long unseen, near-duplicate, exact)` +
      (MIN_SIMILARITY === undefined ? "" : `, minSimilarity ${MIN_SIMILARITY}`),
  );
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = process.env.TM_BENCH_DB ?? `locale_bench_tm_${ENTRIES}`;
    const admin = await createDb(url, { migrate: false });
    const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
    if (!exists.length) await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const postgres = await createDb(u.toString());
    try {
      const { p50, p95 } = await benchOn("postgres", postgres);
      const ok = p50 <= TARGET_P50_MS && p95 <= TARGET_P95_MS;
      console.log(
        `postgres p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms: ${ok ? "OK" : "OVER TARGET"} (p50 ≤ ${TARGET_P50_MS} ms, p95 ≤ ${TARGET_P95_MS} ms)`,
      );
    } finally {
      await postgres.close();
      if (process.env.DROP_DB) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  } else {
    console.log("postgres: skipped (TEST_DATABASE_URL is not set)");
  }
  if (process.env.SKIP_PGLITE) return;
  seed = SEED_AFTER_WORDS; // the same memory and queries as on PostgreSQL
  const pglite = await createDb("memory://");
  try {
    await benchOn("pglite", pglite);
  } finally {
    await pglite.close();
  }
}

await main();
