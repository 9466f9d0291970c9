// Fuzzy TM search: the pg_trgm GIN index on sourceNorm narrows 100 000s of entries to a few
// hundred candidates, which are then ranked exactly by edit distance (tmSimilarity) in JS.
import { Prisma } from "@locale/db";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { assertOrganization } from "../organizations/load-organization";
import { canonicalLanguage } from "../shared/languages";
import { type TmSearchResult, toTmEntryRecord } from "./tm-record";
import { normalizeTmText, tmSimilarity } from "./tm-similarity";

export interface SearchTmInput {
  orgId: string;
  sourceText: string;
  sourceLang?: string;
  targetLang?: string;
  /** 0–100, default 50. */
  minSimilarity?: number;
  /** 1–50, default 10 (larger values are clamped to 50). */
  limit?: number;
}

export const TM_SEARCH_MAX_LIMIT = 50;
/** Trigram candidates fetched per search before exact ranking. */
const CANDIDATES = 300;

/**
 * Trigram similarity threshold for a requested edit-distance similarity. The measures differ (one
 * typo in a short word destroys up to three trigrams, so "Save" and "Sav" are 75% by edit distance
 * but 0.5 by trigrams), hence the generous factor; the floor of 0.4 keeps the index selective,
 * since below it common words alone make most of a large memory a candidate. Pairs sharing fewer
 * trigrams than this are not found even when their edit similarity would qualify.
 */
export const trigramThreshold = (minSimilarity: number): number => Math.min(0.6, Math.max(0.4, (minSimilarity / 100) * 0.6));

/**
 * Length window of the texts that can reach `minSimilarity` at all: the edit distance is at least
 * the length difference, so similarity ≤ shorter/longer, and it rounds up from min − 0.5.
 */
export function lengthWindow(length: number, minSimilarity: number): { min: number; max: number } {
  const ratio = (minSimilarity - 0.5) / 100;
  if (ratio <= 0) return { min: 0, max: 2 ** 31 - 1 };
  return { min: Math.ceil(length * ratio - 1e-9), max: Math.min(2 ** 31 - 1, Math.floor(length / ratio + 1e-9)) };
}

/** pg_trgm builds trigrams from letters and digits only; a text without any has none. */
const HAS_TRIGRAMS = /[\p{L}\p{N}]/u;

export async function searchTm(ctx: ServiceContext, input: SearchTmInput): Promise<TmSearchResult[]> {
  assertOrganization(ctx, input.orgId, "tm.read");
  const minSimilarity = input.minSimilarity ?? 50;
  if (!Number.isFinite(minSimilarity) || minSimilarity < 0 || minSimilarity > 100) {
    throw badRequest("minSimilarity: must be a number from 0 to 100", [
      { path: "minSimilarity", message: "must be a number from 0 to 100" },
    ]);
  }
  const limit = input.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1)
    throw badRequest("limit: must be a positive integer", [{ path: "limit", message: "must be a positive integer" }]);
  const sourceLang = input.sourceLang ? canonicalLanguage(input.sourceLang, "sourceLang") : null;
  const targetLang = input.targetLang ? canonicalLanguage(input.targetLang, "targetLang") : null;
  const norm = normalizeTmText(input.sourceText);
  if (norm === "") throw badRequest("sourceText: must not be empty", [{ path: "sourceText", message: "must not be empty" }]);

  const threshold = trigramThreshold(minSimilarity);
  const window = lengthWindow(Array.from(norm).length, minSimilarity);
  const organizationId = ctx.actor.organizationId;
  const rows = await ctx.db.prisma.$transaction(async (tx) => {
    // `%` is the operator the GIN index serves; its threshold is a setting, local to this transaction.
    await tx.$queryRaw`SELECT set_config('pg_trgm.similarity_threshold', ${String(threshold)}, true)`;
    const match = HAS_TRIGRAMS.test(norm) ? Prisma.sql`"sourceNorm" % ${norm}` : Prisma.sql`"sourceNorm" = ${norm}`;
    return tx.$queryRaw<
      {
        id: string;
        sourceText: string;
        targetText: string;
        sourceLanguage: string;
        targetLanguage: string;
        usageCount: number;
        createdAt: Date;
        sourceNorm: string;
      }[]
    >`
      SELECT "id", "sourceText", "targetText", "sourceLanguage", "targetLanguage", "usageCount", "createdAt", "sourceNorm"
      FROM "TmEntry"
      WHERE ${match}
        AND "organizationId" = ${organizationId}
        AND char_length("sourceNorm") BETWEEN ${window.min} AND ${window.max}
        AND (${sourceLang}::text IS NULL OR "sourceLanguage" = ${sourceLang})
        AND (${targetLang}::text IS NULL OR "targetLanguage" = ${targetLang})
      ORDER BY similarity("sourceNorm", ${norm}) DESC, "usageCount" DESC
      LIMIT ${CANDIDATES}`;
  });
  return rows
    .map((row) => ({ ...toTmEntryRecord(row), similarity: tmSimilarity(input.sourceText, row.sourceText) }))
    .filter((r) => r.similarity >= minSimilarity)
    .sort((a, b) => b.similarity - a.similarity || b.usageCount - a.usageCount || b.created.localeCompare(a.created))
    .slice(0, Math.min(limit, TM_SEARCH_MAX_LIMIT));
}
