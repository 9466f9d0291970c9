import type { Prisma } from "@locale/db";
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { isUniqueViolation } from "../errors/prisma-errors";
import { duplicateTerm } from "./create-glossary-term";
import { type GlossaryTermRecord, toGlossaryTermRecord } from "./glossary-record";
import { loadGlossaryTerm } from "./load-glossary";
import { normalizeTerm, normalizeTermTranslations, type TermTranslationInput, termKey } from "./term-input";

export interface UpdateGlossaryTermInput {
  orgId: string;
  termId: string;
  term?: string;
  definition?: string;
  /** Replaces the whole list (it is an array, not a map). */
  translations?: TermTranslationInput[];
  doNotTranslate?: boolean;
  caseSensitive?: boolean;
}

export async function updateGlossaryTerm(ctx: ServiceContext, input: UpdateGlossaryTermInput): Promise<GlossaryTermRecord> {
  const existing = await loadGlossaryTerm(ctx, input.orgId, input.termId, "glossary.write");
  const term = input.term !== undefined ? normalizeTerm(input.term) : undefined;
  const translations = input.translations !== undefined ? normalizeTermTranslations(input.translations) : undefined;
  const data: Prisma.GlossaryTermUpdateManyMutationInput = {
    ...(term !== undefined ? { term, termLower: termKey(term) } : {}),
    ...(input.definition !== undefined ? { definition: input.definition } : {}),
    ...(translations !== undefined ? { translations: translations as unknown as Prisma.InputJsonValue } : {}),
    ...(input.doNotTranslate !== undefined ? { doNotTranslate: input.doNotTranslate } : {}),
    ...(input.caseSensitive !== undefined ? { caseSensitive: input.caseSensitive } : {}),
  };
  try {
    const updated = await ctx.db.prisma.$transaction(async (tx) => {
      const { count } = await tx.glossaryTerm.updateMany({ where: { id: existing.id }, data });
      if (count === 0) throw notFound("Glossary term"); // deleted concurrently
      const row = await tx.glossaryTerm.findUniqueOrThrow({ where: { id: existing.id } });
      await recordActivity(tx, ctx.actor, {
        action: "glossary.term_updated",
        targetId: row.id,
        targetType: "glossary_term",
        metadata: {
          glossaryId: row.glossaryId,
          termId: row.id,
          term: row.term,
          changes: Object.keys(data).filter((k) => k !== "termLower"),
        },
      });
      return row;
    });
    return toGlossaryTermRecord(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateTerm(term ?? existing.term);
    throw error;
  }
}
