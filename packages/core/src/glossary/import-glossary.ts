// Glossary import (CSV or TBX via @locale/formats), in one transaction: new terms are created,
// existing terms (same term, case-insensitive) are merged, unchanged ones are skipped.

import type { GlossaryTerm, Prisma } from "@locale/db";
import { FormatParseError, type GlossaryFormatId, type GlossaryParseResult, type GlossaryTermInput } from "@locale/formats";
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { parseGlossaryOffLoop } from "../import-export/parse-off-loop";
import { parseLanguage } from "../shared/languages";
import { type TermTranslation, termTranslationsOf } from "./glossary-record";
import { loadGlossary } from "./load-glossary";
import { MAX_TERM_LENGTH, termKey } from "./term-input";

export interface ImportGlossaryInput {
  orgId: string;
  glossaryId: string;
  format: GlossaryFormatId;
  content: string;
}

export interface ImportGlossaryResult {
  imported: number;
  updated: number;
  skipped: number;
  errors: { row: number; message: string }[];
}

/**
 * Row numbers of the parsed terms. The parser reports rows it rejected but not the rows of the
 * terms it kept; they are the data rows (CSV from 2, after the header; TBX concept entries from 1)
 * minus the rejected ones, in order.
 */
function rowsOfTerms(format: GlossaryFormatId, parsed: GlossaryParseResult): number[] {
  const first = format === "csv" ? 2 : 1;
  const rejected = new Set(parsed.errors.map((e) => e.row).filter((r) => r >= first));
  const rows: number[] = [];
  for (let row = first; rows.length < parsed.terms.length; row++) if (!rejected.has(row)) rows.push(row);
  return rows;
}

interface Candidate {
  row: number;
  term: string;
  definition?: string;
  doNotTranslate?: boolean;
  caseSensitive?: boolean;
  translations: TermTranslation[];
  /** Languages whose `approved` flag the file states (TBX); CSV cannot state it. */
  approvedStated: Set<string>;
}

function toCandidate(input: GlossaryTermInput, row: number): Candidate | string {
  const term = input.term.trim();
  if (term === "") return "The term is empty; the row was skipped.";
  if (term.length > MAX_TERM_LENGTH) return `The term is longer than ${MAX_TERM_LENGTH} characters; the row was skipped.`;
  const translations: TermTranslation[] = [];
  const approvedStated = new Set<string>();
  for (const t of input.translations) {
    const parsed = parseLanguage(t.language);
    if (!("canonical" in parsed)) return `${parsed.problem}; the row was skipped.`;
    const language = parsed.canonical;
    if (translations.some((x) => x.language === language)) return `Language "${language}" appears more than once; the row was skipped.`;
    translations.push({ language, value: t.value, approved: t.approved === true });
    if (t.approved !== undefined) approvedStated.add(language);
  }
  return {
    row,
    term,
    definition: input.definition,
    doNotTranslate: input.doNotTranslate,
    caseSensitive: input.caseSensitive,
    translations,
    approvedStated,
  };
}

/** The existing term with the file's values laid over it; translations merge by language. */
function merged(existing: GlossaryTerm, c: Candidate) {
  const translations = termTranslationsOf(existing.translations);
  for (const t of c.translations) {
    const i = translations.findIndex((x) => x.language === t.language);
    const current = translations[i];
    // A changed value loses its approval unless the file approves it again.
    const approved = c.approvedStated.has(t.language) ? t.approved : current !== undefined && current.value === t.value && current.approved;
    if (current) translations[i] = { language: t.language, value: t.value, approved };
    else translations.push({ language: t.language, value: t.value, approved });
  }
  return {
    definition: c.definition ?? existing.definition,
    doNotTranslate: c.doNotTranslate ?? existing.doNotTranslate,
    caseSensitive: c.caseSensitive ?? existing.caseSensitive,
    translations,
  };
}

export async function importGlossary(ctx: ServiceContext, input: ImportGlossaryInput): Promise<ImportGlossaryResult> {
  const glossary = await loadGlossary(ctx, input.orgId, input.glossaryId, "glossary.write");
  let parsed: GlossaryParseResult;
  try {
    parsed = await parseGlossaryOffLoop(input.format, input.content, { sourceLanguage: glossary.sourceLanguage });
  } catch (error) {
    if (error instanceof FormatParseError) throw badRequest(error.message, [{ path: "content", message: error.message }]);
    throw error;
  }
  const errors = [...parsed.errors];
  // Rows the parser rejected; header remarks (row 1 of a CSV) do not reject a row.
  let skipped = parsed.errors.filter((e) => (input.format === "csv" ? e.row >= 2 : true)).length;
  const rows = rowsOfTerms(input.format, parsed);

  return ctx.db.prisma.$transaction(async (tx) => {
    const existing = new Map((await tx.glossaryTerm.findMany({ where: { glossaryId: glossary.id } })).map((t) => [t.termLower, t]));
    const seen = new Set<string>();
    const creates: Prisma.GlossaryTermCreateManyInput[] = [];
    let updated = 0;
    for (const [i, input] of parsed.terms.entries()) {
      const row = rows[i]!;
      const candidate = toCandidate(input, row);
      if (typeof candidate === "string") {
        errors.push({ row, message: candidate });
        skipped++;
        continue;
      }
      const key = termKey(candidate.term);
      if (seen.has(key)) {
        errors.push({ row, message: `Term "${candidate.term}" appears earlier in the file; the row was skipped.` });
        skipped++;
        continue;
      }
      seen.add(key);
      const current = existing.get(key);
      if (!current) {
        creates.push({
          glossaryId: glossary.id,
          organizationId: glossary.organizationId,
          term: candidate.term,
          termLower: key,
          definition: candidate.definition ?? "",
          translations: candidate.translations as unknown as Prisma.InputJsonValue,
          doNotTranslate: candidate.doNotTranslate ?? false,
          caseSensitive: candidate.caseSensitive ?? false,
        });
        continue;
      }
      const next = merged(current, candidate);
      const unchanged =
        next.definition === current.definition &&
        next.doNotTranslate === current.doNotTranslate &&
        next.caseSensitive === current.caseSensitive &&
        JSON.stringify(next.translations) === JSON.stringify(termTranslationsOf(current.translations));
      if (unchanged) {
        skipped++;
        continue;
      }
      await tx.glossaryTerm.update({
        where: { id: current.id },
        data: { ...next, translations: next.translations as unknown as Prisma.InputJsonValue },
      });
      updated++;
    }
    if (creates.length) await tx.glossaryTerm.createMany({ data: creates });
    const result = { imported: creates.length, updated, skipped, errors: errors.sort((a, b) => a.row - b.row) };
    await recordActivity(tx, ctx.actor, {
      action: "import.completed",
      targetId: glossary.id,
      targetType: "glossary",
      metadata: { glossaryId: glossary.id, format: input.format, imported: result.imported, updated, skipped },
    });
    return result;
  });
}
