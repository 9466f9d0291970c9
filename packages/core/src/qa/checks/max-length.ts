// The key's `maxLength` counts what a reader sees: graphemes (Intl.Segmenter), so "é" written as
// e + combining accent, a flag or a family emoji each count once.
import type { QaCheck } from "../types";

let segmenter: Intl.Segmenter | undefined;

/** Graphemes of a text, counting stops once past `limit` (the scan is bounded by the limit). */
export function graphemeCount(text: string, limit = Number.POSITIVE_INFINITY): number {
  // Every grapheme is at least one UTF-16 unit: a short text settles without segmenting.
  if (text.length <= limit) {
    let ascii = true;
    for (let i = 0; i < text.length && ascii; i++) ascii = text.charCodeAt(i) < 0x300;
    if (ascii) return text.length;
  }
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let n = 0;
  for (const _ of segmenter.segment(text)) if (++n > limit) break;
  return n;
}

export const maxLength: QaCheck = {
  id: "max_length",
  description: "The translation is no longer than the key's maxLength, counted in graphemes.",
  needsSource: false,
  run: (ctx) => {
    const limit = ctx.input.maxLength;
    if (limit === undefined || limit === null) return [];
    const count = graphemeCount(ctx.value, limit);
    return count > limit ? [{ message: `Longer than the key's limit of ${limit} characters.` }] : [];
  },
};
