// A translation equal to its source is often an untranslated copy. Single words, codes and names
// ("OK", "Wi-Fi", "Android") legitimately stay the same, so only text with two or more words counts.
import type { QaCheck } from "../types";

const WORDS = /\p{L}{2,}/gu;

export const identicalToSource: QaCheck = {
  id: "identical_to_source",
  description: "A translation of two or more words is not identical to its source.",
  needsSource: true,
  run: (ctx) => {
    if (ctx.value !== ctx.source) return [];
    let words = 0;
    for (const _ of ctx.value.matchAll(WORDS)) if (++words >= 2) break;
    return words >= 2 && /\s/u.test(ctx.value.trim()) ? [{ message: "Identical to the source text." }] : [];
  },
};
