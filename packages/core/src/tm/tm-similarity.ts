// Similarity of translation-memory sources (docs/glossary-tm-analytics.md, docs/tm-search.md): 100 only for identical
// texts, otherwise min(99, round(100 × (1 − d / max(len)))) with d the Levenshtein distance of the
// normalised texts (lower-cased, whitespace runs collapsed to one space, trimmed). Lengths and
// edits count Unicode code points, so an emoji is one character, not two. The rounding is done
// in integers (halves round up), so no floating-point error can move a value across a .5 boundary
// (100 × (1 − 17/40) is 57.5, which 64-bit floats compute as 57.49999…), and PostgreSQL, which
// ranks candidates with the same integer formula, agrees with it exactly.

/** What the trigram index stores in `sourceNorm` and what distances are measured on. */
export function normalizeTmText(text: string): string {
  return text.toLowerCase().replace(/\s+/gu, " ").trim();
}

const codePoints = (text: string): number[] => Array.from(text, (c) => c.codePointAt(0)!);

/**
 * Levenshtein distance over code points when it is at most `max`, otherwise some value above
 * `max`. Two rows, and only the diagonal band |i − j| ≤ max of each is computed (Ukkonen), so a
 * small bound is cheap; without a bound the full O(len(a) × len(b)) table is computed.
 */
export function levenshtein(a: string | number[], b: string | number[], max = Number.POSITIVE_INFINITY): number {
  const s = typeof a === "string" ? codePoints(a) : a;
  const t = typeof b === "string" ? codePoints(b) : b;
  return new LevenshteinRows(s, t, max).run(Number.POSITIVE_INFINITY)!;
}

/**
 * The computation of `levenshtein`, resumable between rows: long texts are verified a slice of
 * rows at a time, so the event loop can answer other requests in between (rank-tm-entries.ts).
 */
export class LevenshteinRows {
  /** The answer, once known. */
  result: number | undefined;
  /** Cells of one row of the band: what a row costs. */
  readonly rowCells: number;
  private readonly band: number;
  private prev: Int32Array;
  private curr: Int32Array;
  private i = 1;

  constructor(
    private readonly s: number[],
    private readonly t: number[],
    max: number,
  ) {
    this.band = Math.min(max, Math.max(s.length, t.length));
    this.rowCells = Math.min(t.length, 2 * this.band + 1);
    this.prev = new Int32Array(0);
    this.curr = new Int32Array(0);
    if (Math.abs(s.length - t.length) > max) this.result = Math.abs(s.length - t.length);
    else if (s.length === 0) this.result = t.length;
    else if (t.length === 0) this.result = s.length;
    else {
      const over = this.band + 1;
      this.prev = new Int32Array(t.length + 1);
      this.curr = new Int32Array(t.length + 1);
      for (let j = 0; j <= t.length; j++) this.prev[j] = Math.min(j, over);
    }
  }

  /** Computes up to `rows` more rows; returns the distance once it is known, else undefined. */
  run(rows: number): number | undefined {
    if (this.result !== undefined) return this.result;
    const { s, t, band } = this;
    const over = band + 1;
    let { prev, curr } = this;
    const last = Math.min(s.length, this.i + rows - 1);
    for (let i = this.i; i <= last; i++) {
      const from = Math.max(1, i - band);
      const to = Math.min(t.length, i + band);
      curr[from - 1] = from === 1 ? Math.min(i, over) : over;
      const si = s[i - 1];
      let rowMin = curr[from - 1]!;
      for (let j = from; j <= to; j++) {
        const cost = si === t[j - 1] ? 0 : 1;
        const v = Math.min(prev[j]! + 1, curr[j - 1]! + 1, prev[j - 1]! + cost, over);
        curr[j] = v;
        if (v < rowMin) rowMin = v;
      }
      if (to < t.length) curr[to + 1] = over;
      if (rowMin > band) return (this.result = over); // every path already costs more than the bound
      [prev, curr] = [curr, prev];
    }
    this.prev = prev;
    this.curr = curr;
    this.i = last + 1;
    if (last === s.length) this.result = prev[t.length]!;
    return this.result;
  }
}

/** How often each code point occurs in a text: the input of bagDistance. */
export function codePointCounts(text: number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
}

/**
 * A lower bound of the Levenshtein distance that costs one pass: an edit fixes at most one surplus
 * character on each side, so the distance is at least the larger of (characters of `text` the query
 * lacks) and (characters of the query `text` lacks), counted with multiplicity.
 */
export function bagDistance(queryCounts: Map<number, number>, queryLength: number, text: number[]): number {
  const left = new Map(queryCounts);
  let surplus = 0;
  for (const c of text) {
    const n = left.get(c) ?? 0;
    if (n > 0) left.set(c, n - 1);
    else surplus++;
  }
  return Math.max(surplus, queryLength - (text.length - surplus));
}

/** The similarity of two different texts at distance `distance`, `longest` code points the longer. */
export function similarityFromDistance(distance: number, longest: number): number {
  if (longest === 0) return 99; // texts made of whitespace only, but not identical
  return Math.min(99, Math.floor((200 * (longest - distance) + longest) / (2 * longest)));
}

/**
 * The largest distance at which two texts, the longer `longest` code points, still reach
 * similarity `atLeast`: round(100 × (L − d) / L) ≥ s ⇔ 200·d ≤ L·(201 − 2s). 100 needs identical
 * texts (distance 0); 0 or less admits any distance.
 */
export function maxDistanceFor(longest: number, atLeast: number): number {
  if (atLeast >= 100) return 0;
  if (atLeast <= 0) return longest;
  return Math.floor((longest * (201 - 2 * atLeast)) / 200);
}

/**
 * The normalised lengths a text must have to reach similarity `atLeast` (a whole number) with a
 * query of `length` code points. The distance is at least the difference of the lengths, so with
 * l ≥ m: 200·(l − m) ≤ l·(201 − 2s) ⇔ l ≤ 200·m / (2s − 1), and with l ≤ m: l ≥ m·(2s − 1) / 200.
 */
export function lengthWindow(length: number, atLeast: number): { min: number; max: number } {
  if (atLeast <= 0) return { min: 0, max: 2 ** 31 - 1 };
  if (atLeast >= 100) return { min: length, max: length };
  const k = 2 * atLeast - 1;
  return { min: Math.ceil((length * k) / 200), max: Math.min(2 ** 31 - 1, Math.floor((200 * length) / k)) };
}

export function tmSimilarity(query: string, candidate: string): number {
  if (query === candidate) return 100;
  const a = codePoints(normalizeTmText(query));
  const b = codePoints(normalizeTmText(candidate));
  return similarityFromDistance(levenshtein(a, b), Math.max(a.length, b.length));
}
