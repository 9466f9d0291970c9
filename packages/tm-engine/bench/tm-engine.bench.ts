// Search time of the native TM engine over a synthetic memory like the api's TM benchmark
// (apps/api/bench/tm-search.bench.ts): sentences of 3–10 words drawn with Zipf's law from 8,000
// random-letter words, a quarter of them near-duplicates of earlier ones, and one entry in eight a
// long UI string (10–35 words: descriptions, tooltips, messages). Query mix, interleaved: short
// (1–3 of the 40 most frequent words), unseen texts of real UI-string length (a third each of
// 20–59, 60–119 and 120–200 characters), near-duplicates of stored sources, stored sources.
// minSimilarity 50, limit 10 (the API's defaults). Prints mean / p50 / p95 of the wall time and
// the mean engine CPU (both threads) per query kind and per length bucket, for every kernel path,
// thread count and pre-filter setting.
//
//   pnpm --filter @locale/tm-engine run bench            ENTRIES=1000000 QUERIES=200 by default
//   BASELINE=/path/to/older/tm_engine.node               also times that build of the addon first,
//                                                        in the same run, checks the answers agree, and
//                                                        prints each CPU mean as a ratio to that floor
//   PATHS=best                                           only the best path (2 threads, then 1)
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { loadTmEngine, type TmEngine, type TmEngineIndex, type TmEngineIndexOptions, type TmEngineSimd } from "../src/index.js";

const ENTRIES = Number(process.env.ENTRIES ?? 1_000_000);
const QUERIES = Number(process.env.QUERIES ?? 200);
const MIN_SIMILARITY = Number(process.env.MIN_SIMILARITY ?? 50);
const LIMIT = Number(process.env.LIMIT ?? 10);

let seed = 4242; // mulberry32, as the api benchmark
function rnd(n: number): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
}
const letters = "abcdefghijklmnopqrstuvwxyz";
const WORDS = Array.from({ length: 8000 }, (_, rank) =>
  Array.from({ length: 2 + Math.floor(Math.log10(rank + 1) * 1.7) + rnd(3) }, () => letters[rnd(26)]).join(""),
);
const cumulative: number[] = [];
let zipfSum = 0;
for (let i = 0; i < WORDS.length; i++) cumulative.push((zipfSum += 1 / (i + 1)));
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
/** Unseen text of about `length` characters (whole words). */
function textOfLength(length: number): string {
  let text = zipfWord();
  while (text.length < length) text += ` ${zipfWord()}`;
  return text;
}
function mutate(text: string): string {
  const words = text.split(" ");
  const i = rnd(words.length);
  const op = rnd(2);
  if (op === 0)
    words[i] = words[i]!.slice(0, -1) || words[i]!; // typo: drop a letter
  else words.splice(i, 0, zipfWord()); // extra word
  return words.join(" ");
}

const texts: string[] = [];
for (let i = 0; i < ENTRIES; i++) texts.push(i > 0 && rnd(4) === 0 ? mutate(texts[rnd(i)]!) : rnd(8) === 0 ? sentence(10, 26) : sentence());
const ids = texts.map(() => randomUUID());
type Kind = "short" | "unseen" | "near-dup" | "exact";
const UNSEEN_LENGTHS = [
  [20, 59],
  [60, 119],
  [120, 200],
] as const;
const queries = Array.from({ length: QUERIES }, (_, i) => {
  const stored = texts[rnd(texts.length)]!;
  const [lo, hi] = UNSEEN_LENGTHS[(i >> 2) % 3]!;
  const kinds: [Kind, string][] = [
    ["short", Array.from({ length: 1 + rnd(3) }, () => WORDS[rnd(40)]).join(" ")],
    ["unseen", textOfLength(lo + rnd(hi - lo + 1))],
    ["near-dup", mutate(stored)],
    ["exact", stored],
  ];
  const [kind, text] = kinds[i % 4]!;
  return { kind, text, length: [...text].length };
});

const engine = loadTmEngine();
if (!engine) {
  console.error("the native TM engine is not built: run `pnpm --filter @locale/tm-engine run build` first");
  process.exit(1);
}
const chars = texts.reduce((sum, t) => sum + t.length, 0);
console.log(
  `${ENTRIES.toLocaleString("en")} entries (${(chars / ENTRIES).toFixed(1)} characters on average), ${QUERIES} queries, ` +
    `minSimilarity ${MIN_SIMILARITY}, limit ${LIMIT}; this processor: ${engine.simd}, ${engine.paths.join(" / ")}`,
);

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
function stats(times: number[]): string {
  if (times.length === 0) return "-";
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return `${mean.toFixed(1)} / ${quantile(sorted, 0.5).toFixed(1)} / ${quantile(sorted, 0.95).toFixed(1)}`;
}

const BUCKETS = [
  [1, 19],
  [20, 59],
  [60, 119],
  [120, 200],
  [201, Number.POSITIVE_INFINITY],
] as const;
const bucketOf = (n: number) => {
  const [lo, hi] = BUCKETS.find(([, hi]) => n <= hi)!;
  return hi === Number.POSITIVE_INFINITY ? `>${lo - 1} chars` : `${lo}-${hi} chars`;
};

/** Mean engine CPU per key (query kind, length bucket) of the BASELINE build, the floor of the ratios. */
const baselineCpu = new Map<string, number>();

async function run(
  label: string,
  options: TmEngineIndexOptions,
  reference?: Map<string, string>,
  build: TmEngine = engine!,
  isBaseline = false,
): Promise<Map<string, string>> {
  const index = build.createIndex(options);
  const start = performance.now();
  for (let i = 0; i < ENTRIES; i += 100_000) index.add(ids.slice(i, i + 100_000), texts.slice(i, i + 100_000));
  const addMs = performance.now() - start;
  for (const q of queries.slice(0, 8)) await index.search(q.text, MIN_SIMILARITY, LIMIT); // warm up
  const times = new Map<string, number[]>();
  const cpu = new Map<string, number[]>();
  const answers = new Map<string, string>();
  for (const q of queries) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const result = await index.search(q.text, MIN_SIMILARITY, LIMIT);
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    answers.set(q.text, JSON.stringify(result.ids.map((id, i) => `${id}:${result.similarities[i]}`).sort()));
    for (const key of ["all", q.kind, bucketOf(q.length)]) {
      if (!times.has(key)) {
        times.set(key, []);
        cpu.set(key, []);
      }
      times.get(key)!.push(ms);
      cpu.get(key)!.push((c.user + c.system) / 1000);
    }
  }
  const mismatches = reference ? queries.filter((q) => reference.get(q.text) !== answers.get(q.text)).length : 0;
  console.log(
    `${label.padEnd(34)} add ${((ENTRIES / addMs) * 1000).toFixed(0).padStart(8)} entries/s, ${(index.bytes / index.size).toFixed(1)} B/entry | ms mean / p50 / p95, CPU mean:`,
  );
  const buckets = BUCKETS.map(([lo]) => bucketOf(lo));
  for (const key of ["all", ...buckets, "short", "unseen", "near-dup", "exact"]) {
    const cpus = cpu.get(key) ?? [];
    const mean = cpus.length ? cpus.reduce((a, b) => a + b, 0) / cpus.length : Number.NaN;
    if (isBaseline) baselineCpu.set(key, mean);
    const floor = baselineCpu.get(key);
    const ratio = !isBaseline && floor && options.threads === threads ? ` = ${(mean / floor).toFixed(2)}× BASELINE` : "";
    console.log(
      `    ${key.padEnd(14)} ${stats(times.get(key) ?? []).padEnd(22)} cpu ${(cpus.length ? mean.toFixed(1) : "-").padStart(5)}${ratio} (${times.get(key)?.length ?? 0} queries)`,
    );
  }
  if (reference) console.log(`    answers identical to the first run: ${mismatches === 0 ? "yes" : `NO, ${mismatches} differ`}`);
  index.close();
  return answers;
}

const lengths = queries.map((q) => q.length);
console.log(`query lengths ${Math.min(...lengths)}–${Math.max(...lengths)} code points; ${lengths.filter((n) => n > 64).length} over 64`);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")} (before the runs)`,
);
const threads = Number(process.env.THREADS ?? 2);
let reference: Map<string, string> | undefined;
if (process.env.BASELINE) {
  // the floor of this run: an older build of the addon, same memory, same queries
  const raw = createRequire(import.meta.url)(process.env.BASELINE) as { simd: TmEngineSimd } & Record<string, unknown>;
  const baseline = {
    simd: raw.simd,
    paths: [raw.simd],
    createIndex: (options: TmEngineIndexOptions = {}) => {
      const handle = (raw.createIndex as (t: number, s: string, p: boolean) => object)(
        options.threads ?? 2,
        options.simd ?? "auto",
        options.prefilter ?? true,
      );
      const call = (name: string, ...args: unknown[]) => (raw[name] as (...a: unknown[]) => unknown)(handle, ...args);
      return {
        add: (ids: string[], t: string[]) => call("add", ids, t),
        remove: (ids: string[]) => call("remove", ids),
        get size() {
          return call("size") as number;
        },
        get bytes() {
          return call("bytes") as number;
        },
        search: (q: string, s: number, l: number) => call("search", q, s, l),
        close: () => call("close"),
      } as TmEngineIndex;
    },
  } as TmEngine;
  reference = await run(`BASELINE ${engine.simd}, ${threads} threads`, { simd: engine.simd, threads }, undefined, baseline, true);
}
reference = await run(`${engine.simd}, ${threads} threads`, { simd: engine.simd, threads }, reference);
if (process.env.PATHS === "best") {
  await run(`${engine.simd}, 1 thread`, { simd: engine.simd, threads: 1 }, reference);
  process.exit(0);
}
if (engine.simd !== "scalar") await run(`${engine.simd}, 1 thread`, { simd: engine.simd, threads: 1 }, reference);
await run(`${engine.simd}, ${threads} threads, no pre-filter`, { simd: engine.simd, threads, prefilter: false }, reference);
for (const path of engine.paths.slice(1)) await run(`${path}, ${threads} threads`, { simd: path, threads }, reference);
