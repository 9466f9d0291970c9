// The key list's filters as one SQL statement over "Key", written so that PostgreSQL can answer
// them from indexes (docs/editor-search.md): the substring search reads the trigram indexes on key
// names, descriptions and values (a UNION of three index lookups instead of evaluating ILIKE and a
// per-key subquery over every key of the project), the language filters read
// Translation's (keyId, language) and (projectId, language, status) indexes, the tag filter the
// GIN index on tags.
import type { TranslationSource, TranslationStatus } from "@locale/db";
import { qaIssueCondition } from "../quality/qa-filter";

export interface KeyFilters {
  projectId: string;
  /** Every language of the project: a search looks at the values in these. */
  languages: string[];
  search?: string;
  namespace?: string;
  tag?: string;
  /** Already canonical project languages. */
  untranslatedIn?: string;
  status?: { status: TranslationStatus; language: string };
  /** Keys with a counted quality-check issue matching `filter` in one of `languages` (`?qa=`). */
  qa?: { filter: string; languages: string[] };
  /** Keys with (true) or without (false) any comment: read from Comment's (keyId, createdAt) index. */
  hasComments?: boolean;
  /** Keys with a translation in one of `languages` whose current value came from `source` (e.g. `ai`). */
  source?: { source: TranslationSource; languages: string[] };
  /** Keys with a translation in one of `languages` changed at or after `since`: Translation's (projectId, updatedAt) index. */
  changedSince?: { since: Date; languages: string[] };
  /** Keys with a translation in one of `languages` whose last change (history) was made by `author`. */
  author?: { author: string; languages: string[] };
}

/**
 * The list's order besides the key order: `untranslated` puts the keys still to do in `language`
 * first, `recent` the keys whose translations (in `languages`) changed last first; both then by key.
 */
export type KeySort = { by: "untranslated"; language: string } | { by: "recent"; languages: string[] };

export const isFiltered = (f: KeyFilters): boolean =>
  !!f.search ||
  f.namespace !== undefined ||
  !!f.tag ||
  !!f.untranslatedIn ||
  !!f.status ||
  !!f.qa ||
  f.hasComments !== undefined ||
  !!f.source ||
  !!f.changedSince ||
  !!f.author;

/** `text` as a LIKE pattern matching itself anywhere: `%`, `_` and the escape `\` are literal. */
export const substringPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface KeyFilterSql {
  /** `FROM "Key" k ... WHERE ...`, to follow a SELECT list. */
  from: string;
  params: unknown[];
  /** The list order (after `ORDER BY`); the joins it needs are in `from` when a sort was given. */
  orderBy: string;
}

export function keyFilterSql(f: KeyFilters, sort?: KeySort): KeyFilterSql {
  const params: unknown[] = [f.projectId];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  let from = `FROM "Key" k`;
  const where = [`k."projectId" = $1`];
  if (f.search) {
    const pattern = param(substringPattern(f.search));
    const languages = param(f.languages);
    // UNION (not OR): each branch is one bitmap scan of its trigram index.
    from += ` JOIN (
      SELECT id FROM "Key" WHERE "projectId" = $1 AND key ILIKE ${pattern}
      UNION SELECT id FROM "Key" WHERE "projectId" = $1 AND description ILIKE ${pattern}
      UNION SELECT "keyId" FROM "Translation" WHERE "projectId" = $1 AND language = ANY(${languages}::text[]) AND value ILIKE ${pattern}
    ) found ON found.id = k.id`;
  }
  if (f.namespace !== undefined) where.push(`k.namespace = ${param(f.namespace)}`);
  if (f.tag) where.push(`k.tags @> ARRAY[${param(f.tag)}]::text[]`);
  const untranslated = (language: string) =>
    `NOT EXISTS (SELECT 1 FROM "Translation" t WHERE t."keyId" = k.id AND t.language = ${param(language)} AND t.status <> 'untranslated')`;
  if (f.untranslatedIn) where.push(untranslated(f.untranslatedIn));
  if (f.status) {
    where.push(
      f.status.status === "untranslated"
        ? untranslated(f.status.language)
        : `EXISTS (SELECT 1 FROM "Translation" t WHERE t."keyId" = k.id AND t.language = ${param(f.status.language)} AND t.status = ${param(f.status.status)}::"TranslationStatus")`,
    );
  }
  if (f.qa) {
    const languages = param(f.qa.languages);
    where.push(
      `EXISTS (SELECT 1 FROM "Translation" t WHERE t."keyId" = k.id AND t.language = ANY(${languages}::text[]) AND ${qaIssueCondition("t", param(f.qa.filter))})`,
    );
  }
  if (f.hasComments !== undefined) where.push(`${f.hasComments ? "" : "NOT "}EXISTS (SELECT 1 FROM "Comment" c WHERE c."keyId" = k.id)`);
  if (f.source) {
    where.push(
      `EXISTS (SELECT 1 FROM "Translation" t WHERE t."keyId" = k.id AND t.language = ANY(${param(f.source.languages)}::text[]) AND t.source = ${param(f.source.source)}::"TranslationSource")`,
    );
  }
  if (f.changedSince) {
    where.push(
      `k.id IN (SELECT "keyId" FROM "Translation" WHERE "projectId" = $1 AND "updatedAt" >= ${param(f.changedSince.since)} AND language = ANY(${param(f.changedSince.languages)}::text[]))`,
    );
  }
  if (f.author) {
    // The author's history rows (the (projectId, changedBy) index) that no later row of the same
    // translation follows (the (translationId, createdAt) index): the author made the last change.
    where.push(`k.id IN (SELECT h."keyId" FROM "TranslationHistory" h
      WHERE h."projectId" = $1 AND h."changedBy" = ${param(f.author.author)} AND h.language = ANY(${param(f.author.languages)}::text[])
        AND NOT EXISTS (SELECT 1 FROM "TranslationHistory" h2 WHERE h2."translationId" = h."translationId"
          AND (h2."createdAt" > h."createdAt" OR (h2."createdAt" = h."createdAt" AND h2.id > h.id))))`);
  }
  let orderBy = `k.namespace, k.key, k.id`;
  if (sort?.by === "untranslated") {
    // One hash join with the language's rows (unique per key), not a subquery per key.
    from += ` LEFT JOIN "Translation" st ON st."keyId" = k.id AND st.language = ${param(sort.language)}`;
    orderBy = `(COALESCE(st.status, 'untranslated') <> 'untranslated'), ${orderBy}`;
  } else if (sort?.by === "recent") {
    from += ` LEFT JOIN (SELECT "keyId", max("updatedAt") AS changed FROM "Translation"
      WHERE "projectId" = $1 AND language = ANY(${param(sort.languages)}::text[]) GROUP BY "keyId") rc ON rc."keyId" = k.id`;
    orderBy = `rc.changed DESC NULLS LAST, ${orderBy}`;
  }
  return { from: `${from} WHERE ${where.join(" AND ")}`, params, orderBy };
}

/**
 * When the only filter is one language's status, the number of matching keys is read from the
 * (projectId, language, status) index alone: the keys with that status, or for "untranslated"
 * all keys (the trigger-kept count) minus those with any other status. Null otherwise.
 */
export function statusOnlyCountSql(f: KeyFilters): { sql: string; params: unknown[]; subtractFrom: boolean } | null {
  if (f.search || f.namespace !== undefined || f.tag || f.qa || f.hasComments !== undefined || f.source || f.changedSince || f.author)
    return null;
  const conditions = [
    ...(f.untranslatedIn ? [{ status: "untranslated" as const, language: f.untranslatedIn }] : []),
    ...(f.status ? [f.status] : []),
  ];
  if (conditions.length !== 1) return null;
  const only = conditions[0]!;
  const base = `SELECT count(*)::int AS n FROM "Translation" WHERE "projectId" = $1 AND language = $2 AND status`;
  return only.status === "untranslated"
    ? { sql: `${base} <> 'untranslated'`, params: [f.projectId, only.language], subtractFrom: true }
    : { sql: `${base} = $3::"TranslationStatus"`, params: [f.projectId, only.language, only.status], subtractFrom: false };
}
