// The TM search of the API: checks the caller's organization and the parameters, then ranks with
// rankTmEntries (rank-tm-entries.ts: exact, see docs/tm-search.md).
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { assertOrganization } from "../organizations/load-organization";
import { canonicalLanguage } from "../shared/languages";
import { rankTmEntries } from "./rank-tm-entries";
import { type TmSearchResult, toTmEntryRecord } from "./tm-record";
import { normalizeTmText } from "./tm-similarity";

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

export async function searchTm(ctx: ServiceContext, input: SearchTmInput): Promise<TmSearchResult[]> {
  assertOrganization(ctx, input.orgId, "tm.read");
  const minSimilarity = input.minSimilarity ?? 50;
  if (!Number.isFinite(minSimilarity) || minSimilarity < 0 || minSimilarity > 100) {
    throw badRequest("minSimilarity: must be a number from 0 to 100", [
      { path: "minSimilarity", message: "must be a number from 0 to 100" },
    ]);
  }
  const limitInput = input.limit ?? 10;
  if (!Number.isInteger(limitInput) || limitInput < 1)
    throw badRequest("limit: must be a positive integer", [{ path: "limit", message: "must be a positive integer" }]);
  const limit = Math.min(limitInput, TM_SEARCH_MAX_LIMIT);
  const sourceLang = input.sourceLang ? canonicalLanguage(input.sourceLang, "sourceLang") : null;
  const targetLang = input.targetLang ? canonicalLanguage(input.targetLang, "targetLang") : null;
  const norm = normalizeTmText(input.sourceText);
  if (norm === "") throw badRequest("sourceText: must not be empty", [{ path: "sourceText", message: "must not be empty" }]);

  const ranked = await rankTmEntries(ctx, {
    organizationId: ctx.actor.organizationId,
    sourceText: input.sourceText,
    sourceLang,
    targetLang,
    // similarities are whole numbers: 50.2 asks for 51
    minSimilarity: Math.ceil(minSimilarity),
    limit,
  });
  return ranked.map((row) => ({ ...toTmEntryRecord(row), similarity: row.similarity }));
}
