// The key list's filters as one SQL statement over "Key", written so that PostgreSQL can answer
// them from indexes (docs/editor-search.md): the substring search reads the trigram indexes on key
// names, descriptions and values (a UNION of three index lookups instead of evaluating ILIKE and a
// per-key subquery over every key of the project), the language filters read
// Translation's (keyId, language) and (projectId, language, status) indexes, the tag filter the
// GIN index on tags.
import type { TranslationStatus } from "@locale/db";
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
}

export const isFiltered = (f: KeyFilters): boolean =>
  !!f.search || f.namespace !== undefined || !!f.tag || !!f.untranslatedIn || !!f.status || !!f.qa || f.hasComments !== undefined;

/** `text` as a LIKE pattern matching itself anywhere: `%`, `_` and the escape `\` are literal. */
export const substringPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface KeyFilterSql {
  /** `FROM "Key" k ... WHERE ...`, to follow a SELECT list. */
  from: string;
  params: unknown[];
}

export function keyFilterSql(f: KeyFilters): KeyFilterSql {
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
  return { from: `${from} WHERE ${where.join(" AND ")}`, params };
}

/**
 * When the only filter is one language's status, the number of matching keys is read from the
 * (projectId, language, status) index alone: the keys with that status, or for "untranslated"
 * all keys (the trigger-kept count) minus those with any other status. Null otherwise.
 */
export function statusOnlyCountSql(f: KeyFilters): { sql: string; params: unknown[]; subtractFrom: boolean } | null {
  if (f.search || f.namespace !== undefined || f.tag || f.qa || f.hasComments !== undefined) return null;
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
