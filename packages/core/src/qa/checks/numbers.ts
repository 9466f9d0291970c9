// A translation keeps the source's numbers: "You have 3 items" → "Du hast 4 Dinge" is a
// mistranslation. Digits of other scripts (`٣`, `३`) and other separators (`1.000`, `1 000`) count
// as the same number.
import { numbersOf, outsideTags } from "../text-scan";
import type { QaCheck, QaFinding } from "../types";

export const numbers: QaCheck = {
  id: "numbers",
  description: "Every number of the source appears in the translation (in any digits), and no other.",
  needsSource: true,
  run: (ctx) => {
    // Attributes are not text (`<xliff:g example="123">`).
    const source = numbersOf(outsideTags(ctx.source));
    const value = numbersOf(outsideTags(ctx.value));
    if (source.length === 0 && value.length === 0) return [];
    const have = new Set(value.map((t) => t.digits));
    const want = new Set(source.map((t) => t.digits));
    const out: QaFinding[] = [];
    for (const d of want) if (!have.has(d)) out.push({ message: `The number ${d} of the source is missing.` });
    const reported = new Set<string>();
    for (const t of value) {
      if (want.has(t.digits) || reported.has(t.digits)) continue;
      reported.add(t.digits);
      out.push({ message: `The number ${ctx.value.slice(t.start, t.end)} is not in the source.`, start: t.start, end: t.end });
    }
    return out;
  },
};
