import type { Prisma } from "@locale/db";
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { conflict, notFound } from "../errors/app-error";
import { isUniqueViolation } from "../errors/prisma-errors";
import { type GlossaryTermRecord, toGlossaryTermRecord } from "./glossary-record";
import { loadGlossary } from "./load-glossary";
import { normalizeTerm, normalizeTermTranslations, type TermTranslationInput, termKey } from "./term-input";

export interface CreateGlossaryTermInput {
  orgId: string;
  glossaryId: string;
  term: string;
  definition?: string;
  translations?: TermTranslationInput[];
  doNotTranslate?: boolean;
  caseSensitive?: boolean;
}

export const duplicateTerm = (term: string) => conflict(`Term "${term}" already exists in this glossary`);

export async function createGlossaryTerm(ctx: ServiceContext, input: CreateGlossaryTermInput): Promise<GlossaryTermRecord> {
  const glossary = await loadGlossary(ctx, input.orgId, input.glossaryId, "glossary.write");
  const term = normalizeTerm(input.term);
  const translations = normalizeTermTranslations(input.translations ?? []);
  try {
    const created = await ctx.db.prisma.$transaction(async (tx) => {
      const row = await tx.glossaryTerm.create({
        data: {
          glossaryId: glossary.id,
          organizationId: glossary.organizationId,
          term,
          termLower: termKey(term),
          definition: input.definition ?? "",
          translations: translations as unknown as Prisma.InputJsonValue,
          doNotTranslate: input.doNotTranslate ?? false,
          caseSensitive: input.caseSensitive ?? false,
        },
      });
      await recordActivity(tx, ctx.actor, {
        action: "glossary.term_added",
        targetId: row.id,
        targetType: "glossary_term",
        metadata: { glossaryId: glossary.id, termId: row.id, term },
      });
      return row;
    });
    return toGlossaryTermRecord(created);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateTerm(term);
    // the glossary was deleted between the lookup and the insert
    if ((error as { code?: string } | null)?.code === "P2003") throw notFound("Glossary");
    throw error;
  }
}
