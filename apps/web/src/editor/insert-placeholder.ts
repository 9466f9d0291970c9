// Alt+P in the cell editor: the source's placeholders typed for the translator, at the caret, the
// first one the text still lacks (then, once all are there, the first one again).
import { extractPlaceholders } from "@locale/core/browser";

/** The placeholder to insert into `text`: the first of `source` that `text` lacks, else its first; null when it has none. */
export function placeholderToInsert(source: string, text: string): string | null {
  const wanted = extractPlaceholders(source);
  if (wanted.length === 0) return null;
  const have = new Set(extractPlaceholders(text).map((p) => p.id));
  return (wanted.find((p) => !have.has(p.id)) ?? wanted[0]!).token;
}

/** `text` with `insert` replacing the selection `start`..`end`, and where the caret goes after it. */
export function insertAt(text: string, insert: string, start: number, end: number): { text: string; caret: number } {
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}
