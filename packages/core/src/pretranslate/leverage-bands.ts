// The leverage report's bands, from the best TM similarity of a key (docs/pretranslation.md).
// Dependency-free: the web app imports it through @locale/core/browser to label its chart.

export const LEVERAGE_BANDS = ["context", "100", "95-99", "85-94", "75-84", "50-74", "none"] as const;
export type LeverageBand = (typeof LEVERAGE_BANDS)[number];

/** The band of a key: `context` for a context match, else by the best similarity (null: no match of 50 or more). */
export function leverageBandOf(contextMatch: boolean, similarity: number | null): LeverageBand {
  if (contextMatch) return "context";
  if (similarity === null || similarity < 50) return "none";
  if (similarity >= 100) return "100";
  if (similarity >= 95) return "95-99";
  if (similarity >= 85) return "85-94";
  if (similarity >= 75) return "75-84";
  return "50-74";
}

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: "word" });

/** Words of a text as Intl.Segmenter finds them (so scripts without spaces count too). */
export function wordsOf(text: string): number {
  let n = 0;
  for (const s of wordSegmenter.segment(text)) if (s.isWordLike) n++;
  return n;
}

/** Characters: code points, as the AI characters quota counts them. */
export function charactersOf(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
