// Benchmark of the fuzzy TM search: 200,000 entries seeded with raw SQL, then searchTm (trigram
// candidates from the GIN index on sourceNorm, exact edit-distance ranking in JS) for a mix of
// near-duplicate and unrelated queries. Target: p95 ≤ 50 ms on PostgreSQL (TEST_DATABASE_URL;
// skipped when absent). Embedded PGlite numbers are printed too.
//   pnpm --filter @locale/api run bench:tm     (ENTRIES=200000 QUERIES=200 by default)
import { randomBytes } from "node:crypto";
import { DEFAULT_CORE_CONFIG, type ServiceContext } from "@locale/core";
import { searchTm } from "@locale/core/tm";
import { createDb, type Database } from "@locale/db";

const ENTRIES = Number(process.env.ENTRIES ?? 200_000);
const QUERIES = Number(process.env.QUERIES ?? 200);
const TARGET_P95_MS = 50;

// mulberry32: deterministic, and exact in 32-bit integer arithmetic
let seed = 4242;
function rnd(n: number): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
}
// A vocabulary of random-letter words drawn with Zipf's law (s = 1), like the words of natural
// language: a few words ("the", "to"...) occur in a large share of all sentences, which is what
// makes low trigram thresholds expensive. Frequent words are short, as in natural language
// (Zipf's law of abbreviation): rank 1–10 has 2–4 letters, rank 1000+ has 7–11.
const letters = "abcdefghijklmnopqrstuvwxyz";
const WORDS = Array.from({ length: 8000 }, (_, rank) =>
  Array.from({ length: 2 + Math.floor(Math.log10(rank + 1) * 1.7) + rnd(3) }, () => letters[rnd(26)]).join(""),
);
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
const sentence = () => Array.from({ length: 3 + rnd(8) }, zipfWord).join(" ");

async function seedEntries(db: Database, organizationId: string, otherOrg: string): Promise<void> {
  const start = performance.now();
  const chunk = 20_000;
  for (let from = 0; from < ENTRIES; from += chunk) {
    const texts = Array.from({ length: Math.min(chunk, ENTRIES - from) }, sentence);
    // Every tenth row belongs to another organization, so the index also returns rows the tenant
    // filter must drop.
    await db.query(
      `INSERT INTO "TmEntry" ("id", "organizationId", "sourceLanguage", "targetLanguage", "sourceText", "targetText", "sourceNorm", "pairHash", "usageCount", "createdAt", "updatedAt")
       SELECT gen_random_uuid()::text, CASE WHEN n % 10 = 0 THEN $2 ELSE $1 END, 'en', 'de', s, 'de: ' || s, s, md5(s || n::text), 1 + n % 7, now(), now()
       FROM unnest($3::text[]) WITH ORDINALITY AS t(s, n)`,
      [organizationId, otherOrg, texts],
    );
  }
  await db.query(`ANALYZE "TmEntry"`);
  console.log(`  seeded ${ENTRIES} entries in ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

function mutate(sentence: string): string {
  const words = sentence.split(" ");
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

async function benchOn(label: string, db: Database): Promise<number> {
  const [org, otherOrg] = await Promise.all(
    ["Bench", "Other"].map((name) =>
      db.prisma.organization.create({ data: { name, slug: `${name.toLowerCase()}-${randomBytes(4).toString("hex")}` } }),
    ),
  );
  await seedEntries(db, org!.id, otherOrg!.id);
  const existing = await db.query<{ sourceText: string }>(
    `SELECT "sourceText" FROM "TmEntry" WHERE "organizationId" = $1 ORDER BY random() LIMIT $2`,
    [org!.id, QUERIES],
  );
  const queries = existing.map((r, i) => (i % 4 === 3 ? sentence() : i % 4 === 0 ? r.sourceText : mutate(r.sourceText)));
  const ctx: ServiceContext = {
    db,
    config: DEFAULT_CORE_CONFIG,
    actor: { userId: "bench", userName: "Bench", organizationId: org!.id, role: "owner", via: "session", scopes: null },
  };
  for (const q of queries.slice(0, 5)) await searchTm(ctx, { orgId: "current", sourceText: q, sourceLang: "en", targetLang: "de" }); // warm-up
  const samples: number[] = [];
  const slowest: [number, string][] = [];
  let hits = 0;
  let exact = 0;
  for (const q of queries) {
    const start = performance.now();
    const results = await searchTm(ctx, { orgId: "current", sourceText: q, sourceLang: "en", targetLang: "de" });
    samples.push(performance.now() - start);
    slowest.push([samples.at(-1)!, q]);
    if (results.length) hits++;
    if (results[0]?.similarity === 100) exact++;
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  console.log(
    `${label}: ${queries.length} searches, ${hits} with results (${exact} exact): p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${samples.at(-1)!.toFixed(1)} ms`,
  );
  if (process.env.SHOW_SLOWEST) console.log(slowest.sort((a, b) => b[0] - a[0]).slice(0, 5));
  return at(0.95);
}

async function main() {
  console.log(`TM search: ${ENTRIES} entries, ${QUERIES} queries (exact, near-duplicate and unrelated)`);
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `locale_bench_${randomBytes(4).toString("hex")}`;
    const admin = await createDb(url, { migrate: false });
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const postgres = await createDb(u.toString());
    try {
      const p95 = await benchOn("postgres", postgres);
      console.log(`postgres p95 ${p95.toFixed(1)} ms ${p95 <= TARGET_P95_MS ? "OK" : "OVER TARGET"} (≤ ${TARGET_P95_MS} ms)`);
    } finally {
      await postgres.close();
      if (!process.env.KEEP_DB) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      else console.log(`kept database ${name}`);
      await admin.close();
    }
  } else {
    console.log("postgres: skipped (TEST_DATABASE_URL is not set)");
  }
  if (process.env.SKIP_PGLITE) return;
  const pglite = await createDb("memory://");
  try {
    await benchOn("pglite", pglite);
  } finally {
    await pglite.close();
  }
}

await main();
