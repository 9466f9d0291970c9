// Brackets open and close in order. ICU braces are icu_syntax's concern; a stray bracket the
// source has too (a list "1) …") is not the translator's.
import type { QaCheck, QaFinding } from "../types";

const PAIRS: Record<string, string> = {
  "(": ")",
  "[": "]",
  "（": "）",
  "【": "】",
  "〔": "〕",
  "「": "」",
  "『": "』",
  "《": "》",
  "〈": "〉",
};
const CLOSING = new Map(Object.entries(PAIRS).map(([o, c]) => [c, o]));

/** The first position where brackets stop balancing, or -1; one pass with a stack of openers. */
export function unbalancedAt(text: string): number {
  const stack: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (PAIRS[ch]) stack.push(i);
    else {
      const opener = CLOSING.get(ch);
      if (opener === undefined) continue;
      const top = stack[stack.length - 1];
      if (top === undefined || text[top] !== opener) return i;
      stack.pop();
    }
  }
  return stack.length > 0 ? stack[stack.length - 1]! : -1;
}

export const bracketsBalanced: QaCheck = {
  id: "brackets_balanced",
  description: "Round, square and CJK brackets are balanced and properly nested.",
  needsSource: false,
  run: (ctx) => {
    const at = unbalancedAt(ctx.value);
    if (at < 0 || unbalancedAt(ctx.source) >= 0) return [];
    const out: QaFinding[] = [{ message: `The bracket "${ctx.value[at]}" has no partner.`, start: at, end: at + 1 }];
    return out;
  },
};
