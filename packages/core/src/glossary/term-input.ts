// Validation shared by term create, update and import: canonical languages, one translation per
// language, and the term text that the case-insensitive uniqueness key is built from.
import { badRequest } from "../errors/app-error";
import { canonicalLanguage } from "../shared/languages";
import type { TermTranslation } from "./glossary-record";

export const MAX_TERM_LENGTH = 500;

export interface TermTranslationInput {
  language: string;
  value: string;
  approved?: boolean;
}

/** The uniqueness key of a term inside one glossary: duplicates are case-insensitive (docs/glossary-tm-analytics.md). */
export const termKey = (term: string): string => term.toLowerCase();

export function normalizeTerm(term: string, field = "term"): string {
  const trimmed = term.trim();
  if (trimmed === "") throw badRequest(`${field}: must not be empty`, [{ path: field, message: "must not be empty" }]);
  if (trimmed.length > MAX_TERM_LENGTH) {
    throw badRequest(`${field}: must be at most ${MAX_TERM_LENGTH} characters`, [
      { path: field, message: `must be at most ${MAX_TERM_LENGTH} characters` },
    ]);
  }
  return trimmed;
}

export function normalizeTermTranslations(input: TermTranslationInput[], field = "translations"): TermTranslation[] {
  const seen = new Set<string>();
  return input.map((t, i) => {
    const language = canonicalLanguage(t.language, `${field}.${i}.language`);
    if (seen.has(language)) {
      throw badRequest(`${field}: language "${language}" appears more than once`, [
        { path: `${field}.${i}.language`, message: `"${language}" appears more than once` },
      ]);
    }
    seen.add(language);
    return { language, value: t.value, approved: t.approved ?? false };
  });
}
