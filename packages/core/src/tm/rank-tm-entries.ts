// The TM ranking, exact (docs/tm-search.md): the top `limit` entries by the documented similarity,
// the same as a scan of every entry with tmSimilarity would return. Only necessary conditions
// narrow the rows, each proved from the formula:
//   - length: a similarity of s bounds the length ratio (lengthWindow), read from the
//     (organization, languages, sourceLength) index;
//   - trigrams: an edit changes at most 3 of pg_trgm's trigrams, so a distance bound gives a
//     trigram-similarity bound that the GIN index applies (only when that bound is positive, i.e.
//     for similarities of about 76 and more);
// and the candidates are verified with the exact distance: in PostgreSQL with fuzzystrmatch's
// levenshtein_less_equal where the extension exists, otherwise in the application, outside the
// reading transaction, in slices and within a budget (verify-in-slices.ts).
// The search first asks for high similarities (where both filters are selective) and stops as soon
// as `limit` entries qualify: every entry ranking with them then has at least that similarity, so
// it was among the candidates. Only otherwise does it read the whole length window of minSimilarity.
import { Prisma } from "@locale/db";
import type { RuntimeDeps } from "../runtime/core-runtime";
import { rankWithEngine } from "./rank-with-engine";
import { byRank } from "./tm-rank-order";
import type { TmRow } from "./tm-record";
import { bagDistance, codePointCounts, lengthWindow, maxDistanceFor, normalizeTmText, similarityFromDistance } from "./tm-similarity";
import { SlicedVerifier } from "./verify-in-slices";

/** Similarities tried before minSimilarity, highest first (only those above it). */
const LADDER = [90, 80];
/** Below this trigram similarity the GIN index would return most of a memory: the length index alone reads less. */
const MIN_USEFUL_TRIGRAM_LIMIT = 0.25;
/** fuzzystrmatch refuses longer arguments. */
const LEVENSHTEIN_MAX_CHARS = 255;

/**
 * A trigram-similarity limit every entry within `maxDistance` edits of the query reaches, or null
 * when the bound is not positive. pg_trgm splits a text into words (runs of letters and digits),
 * pads each ("  w ") and takes the set of its 3-character windows; one inserted, deleted or
 * substituted character changes at most the 3 windows covering it (also when it splits or joins
 * words), so d edits remove at most 3d of the query's `trigrams` trigrams and add at most 3d:
 * similarity = shared / (|A| + |B| − shared) ≥ (n − 3d) / (n + 3d).
 */
export function trigramLimit(trigrams: number, maxDistance: number): number | null {
  if (trigrams === 0 || trigrams <= 3 * maxDistance) return null;
  return (trigrams - 3 * maxDistance) / (trigrams + 3 * maxDistance);
}

type Row = TmRow & { sourceNorm: string; similarity: number | null };

export type RankedTmEntry = Row & { similarity: number };

/** maxDistanceFor(longest, atLeast) in SQL, over the lateral column `longest`. */
function rowMaxDistance(atLeast: number): Prisma.Sql {
  if (atLeast >= 100) return Prisma.sql`0`;
  if (atLeast <= 0) return Prisma.sql`longest`;
  return Prisma.sql`(longest * ${201 - 2 * atLeast}::int) / 200`;
}

export interface RankTmInput {
  organizationId: string;
  sourceText: string;
  /** Canonical language codes, or null for any. */
  sourceLang: string | null;
  targetLang: string | null;
  /** A whole number from 0 to 100. */
  minSimilarity: number;
  limit: number;
}

/**
 * The organization's `limit` entries with the highest similarity to `sourceText` among those
 * reaching `minSimilarity`, best first: the TM search's answer, and the AI prompt's TM hints.
 */
export async function rankTmEntries(on: RuntimeDeps, input: RankTmInput): Promise<RankedTmEntry[]> {
  const { db } = on;
  const { organizationId, sourceText, sourceLang, targetLang, limit } = input;
  const norm = normalizeTmText(sourceText);
  if (norm === "") return [];
  // a large language pair is searched in its in-process copy when the native engine is built
  const viaEngine = await rankWithEngine(on, input, norm);
  if (viaEngine) return viaEngine;
  const floor = input.minSimilarity;
  const query = Array.from(norm, (c) => c.codePointAt(0)!);
  const length = query.length;
  const queryCounts = codePointCounts(query);
  const inDatabase = (await on.runtime.levenshtein.present(db)) && length <= LEVENSHTEIN_MAX_CHARS;

  const [{ trigrams }] = await db.prisma.$queryRaw<[{ trigrams: number }]>`
    SELECT coalesce(array_length(show_trgm(${norm}), 1), 0)::int AS "trigrams"`;
  // Long texts are verified here, outside any transaction (PGlite would be held for every other
  // request meanwhile), in slices and within a budget of work (verify-in-slices.ts).
  const verifier = new SlicedVerifier();

  /** The length window of a similarity, the largest distance in it, and a useful trigram limit. */
  const plan = (atLeast: number) => {
    const window = lengthWindow(length, atLeast);
    const maxDistance = maxDistanceFor(Math.max(length, window.max), atLeast);
    const bound = trigramLimit(trigrams, maxDistance);
    return { window, maxDistance, trigramBound: bound !== null && bound >= MIN_USEFUL_TRIGRAM_LIMIT ? bound : null };
  };

  const columns = Prisma.sql`"id", "sourceText", "targetText", "sourceLanguage", "targetLanguage", "usageCount", "createdAt", "sourceNorm"`;
  type Candidate = { id: string; sourceNorm: string; usageCount: number; createdAt: Date; identical: boolean };

  /** Every entry with similarity ≥ atLeast, best first, at most `limit` of them. */
  const stage = async (atLeast: number): Promise<RankedTmEntry[]> => {
    const { window, trigramBound } = plan(atLeast);
    const useTrigrams = trigramBound !== null;
    const where = (minLength: number, maxLength: number) => Prisma.sql`
      "organizationId" = ${organizationId}
      AND (${sourceLang}::text IS NULL OR "sourceLanguage" = ${sourceLang})
      AND (${targetLang}::text IS NULL OR "targetLanguage" = ${targetLang})
      AND "sourceLength" BETWEEN ${minLength} AND ${maxLength}
      ${useTrigrams ? Prisma.sql`AND "sourceNorm" % ${norm}` : Prisma.empty}`;
    // Texts fuzzystrmatch accepts are verified and ranked by PostgreSQL (the integer formula of
    // similarityFromDistance); longer ones, or all when the extension is missing, here.
    const sqlMax = inDatabase ? Math.min(window.max, LEVENSHTEIN_MAX_CHARS) : window.min - 1;
    const { rows, rest } = await db.prisma.$transaction(async (tx) => {
      if (useTrigrams) {
        // `%` is the operator the GIN index serves; its limit is a setting, local to this transaction.
        // The margin covers pg_trgm's single-precision arithmetic.
        await tx.$queryRaw`SELECT set_config('pg_trgm.similarity_threshold', ${String(trigramBound - 1e-6)}, true)`;
      }
      const rows: Row[] = [];
      if (sqlMax >= window.min) {
        rows.push(
          ...(await tx.$queryRaw<Row[]>`
            SELECT ${columns}, scored."similarity"
            FROM "TmEntry",
              LATERAL (SELECT GREATEST("sourceLength", ${length}::int) AS longest) AS size,
              -- the distance bound of this row's length (maxDistanceFor): the band is only as wide as needed
              LATERAL (SELECT levenshtein_less_equal("sourceNorm", ${norm}, ${rowMaxDistance(atLeast)}) AS d) AS distance,
              LATERAL (SELECT CASE WHEN "sourceText" = ${sourceText} THEN 100
                                   ELSE LEAST(99, (200 * (longest - d) + longest) / (2 * longest)) END AS "similarity") AS scored
            WHERE ${where(window.min, sqlMax)} AND scored."similarity" >= ${atLeast}::int
            ORDER BY scored."similarity" DESC, "usageCount" DESC, "createdAt" DESC, "id" COLLATE "C" ASC
            LIMIT ${limit}`),
        );
      }
      // Only what ranking needs travels for every candidate; the rest only for the winners.
      const rest =
        window.max > sqlMax
          ? await tx.$queryRaw<Candidate[]>`
              SELECT "id", "sourceNorm", "usageCount", "createdAt", "sourceText" = ${sourceText} AS "identical"
              FROM "TmEntry" WHERE ${where(Math.max(window.min, sqlMax + 1), window.max)}`
          : [];
      return { rows, rest };
    });
    if (rest.length > 0) {
      const verified: RankedTmEntry[] = [];
      // The character-count bound first (one pass), then the budget for what is left, then the distances.
      const survivors: { row: Candidate; longest: number; bound: number }[] = [];
      let cells = 0;
      for (const row of rest) {
        if (row.identical) {
          verified.push({ ...(row as unknown as Row), similarity: 100 });
          continue;
        }
        const text = Array.from(row.sourceNorm, (c) => c.codePointAt(0)!);
        const longest = Math.max(length, text.length);
        const bound = maxDistanceFor(longest, atLeast);
        verifier.charge(text.length);
        if (bagDistance(queryCounts, length, text) <= bound) {
          survivors.push({ row, longest, bound });
          cells += SlicedVerifier.cellsOf(length, text.length, bound);
        }
        await verifier.pause();
      }
      verifier.charge(cells);
      for (const { row, longest, bound } of survivors) {
        const text = Array.from(row.sourceNorm, (c) => c.codePointAt(0)!);
        const similarity = similarityFromDistance(await verifier.distance(query, text, bound), longest);
        if (similarity >= atLeast) verified.push({ ...(row as unknown as Row), similarity });
      }
      const winners = verified.sort(byRank).slice(0, limit);
      if (winners.length) {
        const full = await db.prisma.$queryRaw<Row[]>`
          SELECT ${columns} FROM "TmEntry" WHERE "id" IN (${Prisma.join(winners.map((w) => w.id))})`;
        const byId = new Map(full.map((r) => [r.id, r]));
        for (const w of winners) {
          const row = byId.get(w.id); // absent only if deleted in between
          if (row) rows.push({ ...row, similarity: w.similarity });
        }
      }
    }
    return (rows as RankedTmEntry[]).sort(byRank).slice(0, limit);
  };

  for (const atLeast of LADDER) {
    if (atLeast <= floor) break;
    if (plan(atLeast).trigramBound === null) continue; // as costly as the final read: skip
    const found = await stage(atLeast);
    if (found.length === limit) return found;
  }
  return stage(floor);
}
