// The TM ranking through the native engine's in-process copy of a language pair
// (tm-engine-copies.ts): the engine computes the exact similarity of every entry in the length
// window and returns those at or above the limit-th best (ties included); PostgreSQL then reads
// those rows, whose usageCount and age finish the order. Same answer as rankTmEntries' database
// search (apps/api/test/routers/tm/tm-search-exact.test.ts runs both against a brute-force scan).
import type { Database } from "@locale/db";
import type { TmEngineIndex } from "@locale/tm-engine";
import type { RuntimeDeps } from "../runtime/core-runtime";
import type { RankedTmEntry, RankTmInput } from "./rank-tm-entries";
import { tmEngineCopies } from "./tm-engine-copies";
import { byRank } from "./tm-rank-order";
import type { TmRow } from "./tm-record";

/** Above this many hits (ties at the cut of a very short query) the database search is cheaper. */
const MAX_HITS = 20_000;
/** Entries deleted since the copy read them are dropped and the search runs again, this often at most. */
const MAX_ATTEMPTS = 4;

/**
 * The ranking from the pair's in-process copy, or null when there is none (the engine is not
 * built, the pair is small or still loading, a language is open) and the database must search.
 */
export async function rankWithEngine(on: RuntimeDeps, input: RankTmInput, norm: string): Promise<RankedTmEntry[] | null> {
  const { db } = on;
  const { organizationId, sourceLang, targetLang } = input;
  // an open language, or a threshold of 0 (every entry qualifies): the database search
  if (!sourceLang || !targetLang || input.minSimilarity < 1) return null;
  const copies = tmEngineCopies(on);
  if (!copies) return null;
  return copies.withIndex(organizationId, sourceLang, targetLang, (index) => rankOnIndex(db, index, input, norm));
}

async function rankOnIndex(db: Database, index: TmEngineIndex, input: RankTmInput, norm: string) {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    let hits = await index.search(norm, input.minSimilarity, input.limit);
    // The engine gives 100 to every entry whose normalised source equals the query's; the
    // documented 100 is for an identical source text only, the others are 99. When such entries
    // fill the cut, ask for `limit` more, so the 99s they may rank below are all there.
    const identical = hits.similarities.filter((s) => s === 100).length;
    if (identical >= input.limit) hits = await index.search(norm, input.minSimilarity, identical + input.limit);
    if (hits.ids.length === 0) return [];
    if (hits.ids.length > MAX_HITS) return null;
    const rows = await db.query<TmRow & { sourceNorm: string; engineSimilarity: number }>(
      `SELECT t."id", t."sourceText", t."targetText", t."sourceLanguage", t."targetLanguage", t."usageCount", t."createdAt",
              t."sourceNorm", h."similarity" AS "engineSimilarity"
       FROM unnest($1::text[], $2::int[]) AS h("id", "similarity")
       JOIN "TmEntry" AS t ON t."id" = h."id"
       WHERE t."organizationId" = $3 AND t."sourceLanguage" = $4 AND t."targetLanguage" = $5`,
      [hits.ids, hits.similarities, input.organizationId, input.sourceLang, input.targetLang],
    );
    if (rows.length < hits.ids.length) {
      // deleted since the copy read them: drop them from the copy and search again
      const found = new Set(rows.map((r) => r.id));
      index.remove(hits.ids.filter((id) => !found.has(id)));
      continue;
    }
    const ranked: RankedTmEntry[] = rows.map(({ engineSimilarity, ...row }) => ({
      ...row,
      createdAt: new Date(row.createdAt),
      similarity: engineSimilarity === 100 && row.sourceText !== input.sourceText ? 99 : engineSimilarity,
    }));
    // a threshold of 100 keeps only the identical source texts
    return ranked
      .filter((r) => r.similarity >= input.minSimilarity)
      .sort(byRank)
      .slice(0, input.limit);
  }
  return null;
}
