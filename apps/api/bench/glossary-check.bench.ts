// Benchmark of the glossary check: a 5,000-term glossary against a 5 KB text must take < 10 ms.
// Measures the pure Aho–Corasick matcher (build once, match many) and the whole core service
// (`checkGlossary`: tenant check, freshness query, cached automaton, match) over embedded PGlite,
// and over PostgreSQL too when TEST_DATABASE_URL is set.
//   pnpm --filter @locale/api run bench:glossary     (TERMS=5000 TEXT_BYTES=5000 by default)
import { randomBytes } from "node:crypto";
import { createCoreRuntime, DEFAULT_CORE_CONFIG, type ServiceContext } from "@locale/core";
import { checkGlossary, GlossaryMatcher } from "@locale/core/glossary";
import { createDb, type Database } from "@locale/db";

// This script is its own composition root: one runtime for the whole run.
const runtime = createCoreRuntime();
const TERMS = Number(process.env.TERMS ?? 5000);
const TEXT_BYTES = Number(process.env.TEXT_BYTES ?? 5000);
const RUNS = 200;
const TARGET_MS = 10;

// mulberry32: deterministic, and exact in 32-bit integer arithmetic
let seed = 12345;
function rnd(n: number): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
}
const syllables = [
  "ka",
  "lo",
  "mi",
  "ne",
  "ru",
  "sa",
  "ti",
  "vo",
  "ze",
  "bu",
  "dra",
  "fen",
  "gor",
  "hil",
  "jun",
  "qua",
  "wex",
  "yel",
  "über",
  "ça",
];
const word = () => Array.from({ length: 2 + rnd(3) }, () => syllables[rnd(syllables.length)]).join("");

function makeTerms(n: number): { term: string; caseSensitive: boolean }[] {
  const seen = new Set<string>();
  const terms: { term: string; caseSensitive: boolean }[] = [];
  while (terms.length < n) {
    const term = Array.from({ length: 1 + rnd(3) }, word).join(" ");
    if (seen.has(term.toLowerCase())) continue;
    seen.add(term.toLowerCase());
    terms.push({ term: rnd(3) === 0 ? term[0]!.toUpperCase() + term.slice(1) : term, caseSensitive: rnd(10) === 0 });
  }
  return terms;
}

function makeText(terms: { term: string }[], bytes: number): string {
  let text = "";
  while (Buffer.byteLength(text) < bytes) {
    text += rnd(4) === 0 ? terms[rnd(terms.length)]!.term : word();
    text += [" ", ", ", ". ", " (", ") ", "! "][rnd(6)];
  }
  return text;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
}
const ms = (n: number) => `${n.toFixed(3)} ms`;

function time<T>(fn: () => T): [T, number] {
  const start = performance.now();
  const result = fn();
  return [result, performance.now() - start];
}

async function benchService(label: string, db: Database, terms: { term: string; caseSensitive: boolean }[], text: string) {
  const org = await db.prisma.organization.create({ data: { name: "Bench", slug: `bench-${randomBytes(4).toString("hex")}` } });
  const glossary = await db.prisma.glossary.create({ data: { organizationId: org.id, name: "Bench", sourceLanguage: "en" } });
  await db.prisma.glossaryTerm.createMany({
    data: terms.map((t) => ({
      glossaryId: glossary.id,
      organizationId: org.id,
      term: t.term,
      termLower: t.term.toLowerCase(),
      definition: "definition",
      translations: [{ language: "de", value: t.term.toUpperCase(), approved: false }],
      caseSensitive: t.caseSensitive,
    })),
  });
  const ctx: ServiceContext = {
    db,
    config: DEFAULT_CORE_CONFIG,
    runtime,
    actor: { userId: "bench", userName: "Bench", organizationId: org.id, role: "owner", via: "session", scopes: null },
  };
  const coldStart = performance.now();
  const first = await checkGlossary(ctx, { orgId: org.id, text });
  const cold = performance.now() - coldStart;
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await checkGlossary(ctx, { orgId: org.id, text });
    samples.push(performance.now() - start);
  }
  const s = stats(samples);
  console.log(
    `${label} checkGlossary: ${first.matches.length} matches; first call (loads terms from the database, builds) ${ms(cold)}; warm p50 ${ms(s.p50)} p95 ${ms(s.p95)} max ${ms(s.max)} ${s.p95 < TARGET_MS ? "OK" : "OVER TARGET"} (< ${TARGET_MS} ms)`,
  );
}

async function main() {
  const terms = makeTerms(TERMS);
  const text = makeText(terms, TEXT_BYTES);
  console.log(`glossary check: ${TERMS} terms, ${Buffer.byteLength(text)} byte text, ${RUNS} runs`);

  const matcherTerms = terms.map((t) => ({ ...t, payload: null }));
  const [matcher, coldBuild] = time(() => new GlossaryMatcher(matcherTerms));
  const builds = Array.from({ length: 10 }, () => time(() => new GlossaryMatcher(matcherTerms))[1]);
  const build = stats(builds);
  const samples: number[] = [];
  let found = 0;
  for (let i = 0; i < RUNS; i++) {
    const [m, t] = time(() => matcher.match(text));
    found = m.length;
    samples.push(t);
  }
  const s = stats(samples);
  console.log(`matcher build: first ${ms(coldBuild)} (includes JIT warm-up), then p50 ${ms(build.p50)} max ${ms(build.max)}`);
  console.log(
    `matcher match: ${found} matches, p50 ${ms(s.p50)} p95 ${ms(s.p95)} max ${ms(s.max)} ${s.p95 < TARGET_MS ? "OK" : "OVER TARGET"} (< ${TARGET_MS} ms)`,
  );
  console.log(`rebuild + match (first check after a term edit, terms already loaded): p50 ${ms(build.p50 + s.p50)}`);

  const pglite = await createDb("memory://");
  try {
    await benchService("pglite  ", pglite, terms, text);
  } finally {
    await pglite.close();
  }

  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log("postgres: skipped (TEST_DATABASE_URL is not set)");
    return;
  }
  const name = `locale_bench_${randomBytes(4).toString("hex")}`;
  const admin = await createDb(url, { migrate: false });
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const postgres = await createDb(u.toString());
  try {
    await benchService("postgres", postgres, terms, text);
  } finally {
    await postgres.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

await main();
