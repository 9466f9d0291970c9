import { afterAll, beforeAll, expect } from "vitest";
import { loadTmEngine, type TmEngine, type TmEngineIndex, type TmEngineSimd } from "../src/index.js";
import { allSimilarities, codePoints, expectedAnswer, type RefEntry } from "./reference.js";

/** mulberry32: deterministic, so a failure reproduces. */
export function rng(seed: number): (n: number) => number {
  let s = seed | 0;
  return (n: number) => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

export function uuidFrom(rnd: (n: number) => number): string {
  const hex = Array.from({ length: 32 }, () => "0123456789abcdef"[rnd(16)]).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A text of `length` code points drawn from `alphabet` (an array of code-point strings). */
export function randomText(rnd: (n: number) => number, alphabet: readonly string[], length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[rnd(alphabet.length)];
  return out;
}

/** 1 to `edits` random single-code-point edits (insert, delete, substitute) of `text`. */
export function mutate(rnd: (n: number) => number, alphabet: readonly string[], text: string, edits = 3): string {
  const cps = Array.from(text);
  for (let e = 1 + rnd(edits); e > 0; e--) {
    const op = rnd(3);
    const at = rnd(cps.length + 1);
    if (op === 0 || cps.length === 0) cps.splice(at, 0, alphabet[rnd(alphabet.length)]!);
    else if (op === 1) cps.splice(Math.min(at, cps.length - 1), 1);
    else cps[Math.min(at, cps.length - 1)] = alphabet[rnd(alphabet.length)]!;
  }
  return cps.join("");
}

export function engineOrFail(): TmEngine {
  const engine = loadTmEngine();
  if (!engine) throw new Error("the native TM engine did not load (was it built?)");
  return engine;
}

/** One index per kernel path this machine has (the scalar one included), plus the best path without the pre-filter. */
export function indexesForEveryPath(engine: TmEngine, threads = 2): { label: string; index: TmEngineIndex }[] {
  const out: { label: string; index: TmEngineIndex }[] = engine.paths.map((simd: TmEngineSimd) => ({
    label: simd,
    index: engine.createIndex({ simd, threads }),
  }));
  out.push({ label: `${engine.simd} without pre-filter`, index: engine.createIndex({ simd: engine.simd, threads, prefilter: false }) });
  return out;
}

/** A memory mirrored in JavaScript, to compute the expected answers. */
export class Mirror {
  readonly entries = new Map<string, RefEntry>();
  add(ids: string[], texts: string[]): void {
    for (const [i, id] of ids.entries()) this.entries.set(id, { id, cps: codePoints(texts[i]!) });
  }
  remove(ids: string[]): number {
    let removed = 0;
    for (const id of ids) if (this.entries.delete(id)) removed++;
    return removed;
  }
  similarities(query: string): Map<string, number> {
    return allSimilarities(query, [...this.entries.values()]);
  }
}

function describeDiff(expected: Map<string, number>, got: Map<string, number>): string {
  const missing = [...expected].filter(([id, v]) => got.get(id) !== v).slice(0, 5);
  const extra = [...got].filter(([id, v]) => expected.get(id) !== v).slice(0, 5);
  return `expected ${expected.size} entries, got ${got.size}; expected but not returned (or other similarity): ${JSON.stringify(missing)}; returned but not expected: ${JSON.stringify(extra)}`;
}

export const THRESHOLDS = [1, 50, 76, 99, 100];
export const LIMITS = [1, 10, 50];

/**
 * Every (threshold, limit) of every query, on every index, against the reference. Collects all
 * mismatches before failing, so one run shows the whole damage.
 */
export async function expectExact(
  indexes: { label: string; index: TmEngineIndex }[],
  mirror: Mirror,
  queries: string[],
  thresholds = THRESHOLDS,
  limits = LIMITS,
): Promise<number> {
  const failures: string[] = [];
  let checked = 0;
  for (const query of queries) {
    const sims = mirror.similarities(query);
    for (const s of thresholds) {
      for (const limit of limits) {
        const expected = expectedAnswer(sims, s, limit);
        for (const { label, index } of indexes) {
          const result = await index.search(query, s, limit);
          expect(result.ids.length).toBe(result.similarities.length);
          const got = new Map(result.ids.map((id, i) => [id, result.similarities[i]!]));
          const same = got.size === result.ids.length && got.size === expected.size && [...expected].every(([id, v]) => got.get(id) === v);
          if (!same && failures.length < 10)
            failures.push(
              `${label}: query ${JSON.stringify(query.slice(0, 40))} (${codePoints(query).length} cp), s=${s}, limit=${limit}: ${describeDiff(expected, got)}`,
            );
          checked++;
        }
      }
    }
  }
  expect(failures).toEqual([]);
  return checked;
}

/**
 * An index on every kernel path, and the reference's mirror, holding these entries for the tests of
 * the calling suite (filled before them, freed after them).
 */
export function loadedOnEveryPath(
  engine: TmEngine,
  ids: string[],
  texts: string[],
): { indexes: { label: string; index: TmEngineIndex }[]; mirror: Mirror } {
  const indexes = indexesForEveryPath(engine);
  const mirror = new Mirror();
  beforeAll(() => {
    for (const { index } of indexes) index.add(ids, texts);
    mirror.add(ids, texts);
  });
  afterAll(() => {
    for (const { index } of indexes) index.close();
  });
  return { indexes, mirror };
}
