// "the the": a word written twice in a row, case-insensitively. A repetition the source has too
// ("very very") is kept on purpose.
import type { QaCheck, QaFinding } from "../types";

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

function repeats(text: string): { word: string; start: number; end: number }[] {
  const out: { word: string; start: number; end: number }[] = [];
  let prev = "";
  let prevEnd = -1;
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    const between = prevEnd >= 0 ? text.slice(prevEnd, m.index) : "";
    // Only plain spaces between two real words: "1 1", "%s s" (a placeholder's letter) and
    // "FILE file" (an option's argument, then the word) are not slips; "The the" is.
    const same = word === prev || prev === word.charAt(0).toLocaleUpperCase() + word.slice(1);
    const placeholder = /[%{$]/.test(text[prevEnd - prev.length - 1] ?? "");
    if (same && word.length > 1 && !placeholder && /^[ \u00a0]+$/.test(between) && !/^\p{N}+$/u.test(word)) {
      out.push({ word: word.toLocaleLowerCase(), start: m.index, end: m.index + word.length });
    }
    prev = word;
    prevEnd = m.index + m[0].length;
  }
  return out;
}

export const repeatedWord: QaCheck = {
  id: "repeated_word",
  description: 'No word is written twice in a row ("the the") unless the source does so.',
  needsSource: false,
  run: (ctx) => {
    const found = repeats(ctx.value);
    if (found.length === 0) return [];
    const inSource = new Set(repeats(ctx.source).map((r) => r.word));
    const out: QaFinding[] = [];
    for (const r of found) if (!inSource.has(r.word)) out.push({ message: `"${r.word}" is repeated.`, start: r.start, end: r.end });
    return out;
  },
};
