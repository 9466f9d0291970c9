// API shapes of glossaries and terms (docs/glossary-tm-analytics.md, "Glossaries").
import type { Glossary, GlossaryTerm } from "@locale/db";
import { iso } from "../shared/dates";

export interface GlossaryRecord {
  _id: string;
  name: string;
  description: string;
  sourceLanguage: string;
  targetLanguages: string[];
  organizationId: string;
  created: string;
}

export interface TermTranslation {
  language: string;
  value: string;
  approved: boolean;
}

export interface GlossaryTermRecord {
  _id: string;
  term: string;
  definition: string;
  translations: TermTranslation[];
  glossaryId: string;
  doNotTranslate: boolean;
  caseSensitive: boolean;
  created: string;
}

export const toGlossaryRecord = (g: Glossary): GlossaryRecord => ({
  _id: g.id,
  name: g.name,
  description: g.description,
  sourceLanguage: g.sourceLanguage,
  targetLanguages: g.targetLanguages,
  organizationId: g.organizationId,
  created: iso(g.createdAt),
});

/** The stored JSON column, read defensively: it is an array of {language, value, approved}. */
export function termTranslationsOf(json: unknown): TermTranslation[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((t) => {
    const o = t as Partial<TermTranslation> | null;
    if (!o || typeof o.language !== "string" || typeof o.value !== "string") return [];
    return [{ language: o.language, value: o.value, approved: o.approved === true }];
  });
}

export const toGlossaryTermRecord = (t: GlossaryTerm): GlossaryTermRecord => ({
  _id: t.id,
  term: t.term,
  definition: t.definition,
  translations: termTranslationsOf(t.translations),
  glossaryId: t.glossaryId,
  doNotTranslate: t.doNotTranslate,
  caseSensitive: t.caseSensitive,
  created: iso(t.createdAt),
});
