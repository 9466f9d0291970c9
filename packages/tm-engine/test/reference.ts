// A plain JavaScript reference of the search, written for obviousness, not speed: the engine must
// return exactly what this returns.

/** Code points; a lone surrogate is its own code point (the string iterator does the same). */
export function codePoints(text: string): number[] {
  return Array.from(text, (c) => c.codePointAt(0)!);
}

/** Levenshtein distance (insert, delete, substitute, cost 1) over code points. */
export function levenshtein(a: readonly number[], b: readonly number[]): number {
  let prev = new Uint32Array(b.length + 1);
  let cur = new Uint32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ai = a[i - 1];
    for (let j = 1; j <= b.length; j++) {
      const sub = prev[j - 1]! + (ai === b[j - 1] ? 0 : 1);
      const del = prev[j]! + 1;
      const ins = cur[j - 1]! + 1;
      cur[j] = Math.min(sub, del, ins);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

/** 100 if identical, else min(99, floor((200(L-d)+L)/(2L))) in integers. */
export function similarityOf(d: number, qLen: number, eLen: number): number {
  if (d === 0 && qLen === eLen) return 100;
  const L = Math.max(qLen, eLen);
  return Math.min(99, Math.floor((200 * (L - d) + L) / (2 * L)));
}

export interface RefEntry {
  id: string;
  cps: number[];
}

/** Similarity of every entry to the query (computed once, reused for every threshold and limit). */
export function allSimilarities(query: string, entries: readonly RefEntry[]): Map<string, number> {
  const q = codePoints(query);
  const out = new Map<string, number>();
  for (const e of entries) out.set(e.id, similarityOf(levenshtein(q, e.cps), q.length, e.cps.length));
  return out;
}

/** Entries with similarity >= s and >= the limit-th best of those (ties at the cut included). */
export function expectedAnswer(sims: ReadonlyMap<string, number>, s: number, limit: number): Map<string, number> {
  const ok = [...sims].filter(([, v]) => v >= s).sort((a, b) => b[1] - a[1]);
  if (ok.length <= limit) return new Map(ok);
  const cut = ok[limit - 1]![1];
  return new Map(ok.filter(([, v]) => v >= cut));
}
