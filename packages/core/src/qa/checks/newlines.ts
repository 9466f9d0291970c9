import { hasBranches } from "../icu";
import { countOf } from "../text-scan";
import type { QaCheck } from "../types";

export const newlineCount: QaCheck = {
  id: "newline_count",
  description: "The translation has as many line breaks as the source.",
  needsSource: true,
  run: (ctx) => {
    // Plural and select messages have as many branches as the language has forms: their line
    // breaks cannot be counted against the source's.
    if (hasBranches(ctx.sourceIcu) || hasBranches(ctx.valueIcu)) return [];
    const s = countOf(ctx.source, "\n");
    const v = countOf(ctx.value, "\n");
    return s === v ? [] : [{ message: `${v} line break${v === 1 ? "" : "s"} where the source has ${s}.` }];
  },
};
