// The organization's glossary: terms marked "do not translate" (product names) reach the
// translation verbatim; a term with an approved translation in the target language is translated
// with it. Terms match whole words, case-insensitively unless the term says otherwise.
import type { QaCheck, QaFinding, QaGlossaryTerm } from "../types";

const WORD_CHAR = /[\p{L}\p{M}\p{N}_]/u;

/** Whole-word occurrence (or plain substring for scripts written without spaces). */
export function containsTerm(text: string, term: string, caseSensitive: boolean): boolean {
  if (!term) return false;
  const hay = caseSensitive ? text : text.toLocaleLowerCase();
  const needle = caseSensitive ? term : term.toLocaleLowerCase();
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    const before = hay[at - 1];
    const after = hay[at + needle.length];
    const spaced = (ch: string | undefined) =>
      ch === undefined || !WORD_CHAR.test(ch) || /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}]/u.test(ch);
    if (spaced(before) && spaced(after)) return true;
  }
  return false;
}

function termsIn(source: string, glossary: QaGlossaryTerm[] | undefined): QaGlossaryTerm[] {
  if (!glossary || glossary.length === 0 || !source) return [];
  return glossary.filter((t) => containsTerm(source, t.term, t.caseSensitive));
}

export const glossaryDoNotTranslate: QaCheck = {
  id: "glossary_do_not_translate",
  description: "Glossary terms marked do-not-translate appear verbatim in the translation.",
  needsSource: true,
  run: (ctx) => {
    const out: QaFinding[] = [];
    for (const t of termsIn(ctx.source, ctx.input.glossary)) {
      if (t.doNotTranslate && !ctx.value.includes(t.term))
        out.push({ message: `"${t.term}" is not to be translated; keep it as written.` });
    }
    return out;
  },
};

export const glossaryTerm: QaCheck = {
  id: "glossary_term",
  description: "Source terms with an approved glossary translation use that translation.",
  needsSource: true,
  run: (ctx) => {
    const out: QaFinding[] = [];
    for (const t of termsIn(ctx.source, ctx.input.glossary)) {
      if (t.doNotTranslate || t.approved.length === 0) continue;
      if (!t.approved.some((a) => containsTerm(ctx.value, a, t.caseSensitive))) {
        out.push({ message: `"${t.term}" should be translated as ${t.approved.map((a) => `"${a}"`).join(" or ")}.` });
      }
    }
    return out;
  },
};
