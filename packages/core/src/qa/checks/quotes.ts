// Quotation marks come in pairs. Straight double quotes must be even in number; guillemets and
// CJK corner brackets must open as often as they close. Curly quotes are left alone: languages
// pair them differently (German „…“ closes with the English opening mark).
import { countOf } from "../text-scan";
import type { QaCheck } from "../types";

const PAIRED: [string, string][] = [
  ["«", "»"],
  ["‹", "›"],
];

function problem(text: string): { message: string; at: number } | null {
  const straight = countOf(text, '"');
  if (straight % 2 === 1) return { message: 'An odd number of " quotation marks.', at: text.lastIndexOf('"') };
  for (const [open, close] of PAIRED) {
    const o = countOf(text, open);
    const c = countOf(text, close);
    // « » also serve as closing-first quotes in Danish and German (»…«): only the counts must agree.
    if (o !== c) return { message: `${o} "${open}" but ${c} "${close}".`, at: text.lastIndexOf(o > c ? open : close) };
  }
  return null;
}

export const quotesBalanced: QaCheck = {
  id: "quotes_balanced",
  description: 'Quotation marks are paired: an even number of ", as many « as » and ‹ as ›.',
  needsSource: false,
  run: (ctx) => {
    const p = problem(ctx.value);
    if (!p || problem(ctx.source)) return [];
    return [{ message: p.message, start: p.at, end: p.at + 1 }];
  },
};
