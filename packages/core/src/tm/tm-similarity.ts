// Similarity of translation-memory sources (DECISIONS.md "TM similarity"): 100 only for identical
// texts, otherwise min(99, round(100 × (1 − d / max(len)))) with d the Levenshtein distance of the
// normalised texts (lower-cased, whitespace runs collapsed to one space, trimmed). Lengths and
// edits count Unicode code points, so an emoji is one character, not two.

/** What the trigram index stores in `sourceNorm` and what distances are measured on. */
export function normalizeTmText(text: string): string {
  return text.toLowerCase().replace(/\s+/gu, " ").trim();
}

/** Levenshtein distance over code points, two rows, O(len(a) × len(b)) time. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  const s = Array.from(a, (c) => c.codePointAt(0)!);
  const t = Array.from(b, (c) => c.codePointAt(0)!);
  if (s.length === 0) return t.length;
  if (t.length === 0) return s.length;
  let prev = new Int32Array(t.length + 1);
  let curr = new Int32Array(t.length + 1);
  for (let j = 0; j <= t.length; j++) prev[j] = j;
  for (let i = 1; i <= s.length; i++) {
    curr[0] = i;
    const si = s[i - 1];
    for (let j = 1; j <= t.length; j++) {
      const cost = si === t[j - 1] ? 0 : 1;
      curr[j] = Math.min(prev[j]! + 1, curr[j - 1]! + 1, prev[j - 1]! + cost);
    }
    [prev, curr] = [curr, prev];
  }
  return prev[t.length]!;
}

export function tmSimilarity(query: string, candidate: string): number {
  if (query === candidate) return 100;
  const a = normalizeTmText(query);
  const b = normalizeTmText(candidate);
  const longest = Math.max(Array.from(a).length, Array.from(b).length);
  if (longest === 0) return 99; // texts made of whitespace only, but not identical
  return Math.min(99, Math.round(100 * (1 - levenshtein(a, b) / longest)));
}
