// The hot read: one page of a language over every key of the project, with the source values for
// placeholder warnings; keys without a stored value come back synthesised as untranslated. Each
// request is one database round trip after the project check:
// - a large project whose key order is cached (keys/key-order-cache.ts): the values of the page's
//   keys, read together with the project's key stats that say whether the order is still current;
// - an order made stale by writes: the same after this process patched the order (key-order-cache.ts),
//   again if keys were written during the patch (at most READ_ROUNDS look-ups);
// - otherwise: the page of keys cut by OFFSET, then joined with their values, read together with
//   the key stats (a stale order costs this second query once, and is rebuilt in the background).
// The total comes from the trigger-kept ProjectKeyStats, never from a count over the keys. Raw
// SQL because it is the busiest endpoint; times come back as epoch milliseconds, not text to parse.
import type { TranslationSource, TranslationStatus } from "@locale/db";
import type { ServiceContext } from "../context";
import {
  isCurrentKeyOrder,
  type KeyOrder,
  type KeyOrderSlice,
  type KeyStats,
  keyOrderPatch,
  keyOrderSlice,
  patchedKeyOrder,
  peekKeyOrder,
  settleKeyOrder,
} from "../keys/key-order-cache";
import { loadProject } from "../projects/load-project";
import { parseQaFilter, qaIssueCondition } from "../quality/qa-filter";
import { mapInSlices } from "../shared/map-in-slices";
import { normalizePage, type Page, pageOf, skipTake } from "../shared/pagination";
import { resolveProjectLanguage, type TranslationRecord, toTranslationRecord } from "./translation-record";

/** Look-ups by the cached order before a read gives up and takes the OFFSET query. */
const READ_ROUNDS = 3;

/** Exactly one row: the project's key count and order version (0 and "0" before its first key). */
const STATS_CTE = `
stats AS (
  SELECT COALESCE(max("keyCount"), 0)::int AS "keyCount", COALESCE(max("version"), 0)::text AS version
  FROM "ProjectKeyStats" WHERE "projectId" = $1
)`;

const VALUE_COLUMNS = `t.value, t.status::text AS status, t.source::text AS source, t."aiConfidence", t."qaIssues",
       (extract(epoch FROM t."updatedAt") * 1000)::float8 AS "updatedAt"`;

/**
 * $1 project, $2 language, $3 source language, $4 limit, $5 offset. The page of keys is cut
 * first, then joined: joining before LIMIT/OFFSET makes PostgreSQL join (and sort) every key.
 */
export const LANGUAGE_PAGE_SQL = `
WITH ${STATS_CTE},
page AS (
  SELECT id, key, namespace FROM "Key" WHERE "projectId" = $1 ORDER BY namespace, key LIMIT $4 OFFSET $5
)
SELECT st."keyCount", st.version, p.id, p.key, p.namespace, ${VALUE_COLUMNS}, s.value AS "sourceValue"
FROM stats st
LEFT JOIN page p ON true
LEFT JOIN "Translation" t ON t."keyId" = p.id AND t.language = $2
LEFT JOIN "Translation" s ON s."keyId" = p.id AND s.language = $3 AND $3 <> $2
ORDER BY p.namespace, p.key`;

/** $1 project, $2 the page's key ids (from the cached order), $3 the languages to read. */
export const LANGUAGE_VALUES_BY_KEYS_SQL = `
WITH ${STATS_CTE}
SELECT st."keyCount", st.version, t."keyId", t.language, ${VALUE_COLUMNS}
FROM stats st
LEFT JOIN "Translation" t ON t."keyId" = ANY($2::text[]) AND t.language = ANY($3::text[])`;

/** $1 project, $2 language, $3 source language, $4 limit, $5 offset, $6 the `qa` filter. */
const QA_FILTERED_PAGE_SQL = `
WITH page AS (
  SELECT k.id, k.key, k.namespace FROM "Key" k
  JOIN "Translation" t ON t."keyId" = k.id AND t.language = $2
  WHERE k."projectId" = $1 AND ${qaIssueCondition("t", "$6")}
  ORDER BY k.namespace, k.key, k.id LIMIT $4 OFFSET $5
)
SELECT p.id, p.key, p.namespace, ${VALUE_COLUMNS}, s.value AS "sourceValue"
FROM page p
JOIN "Translation" t ON t."keyId" = p.id AND t.language = $2
LEFT JOIN "Translation" s ON s."keyId" = p.id AND s.language = $3 AND $3 <> $2
ORDER BY p.namespace, p.key, p.id`;

/** $1 project, $2 language, $3 the `qa` filter. */
const QA_FILTERED_COUNT_SQL = `
SELECT count(*)::int AS n FROM "Translation" t WHERE t."projectId" = $1 AND t.language = $2 AND ${qaIssueCondition("t", "$3")}`;

interface StatsColumns {
  keyCount: number;
  version: string;
}

interface PageRow extends StatsColumns {
  id: string | null;
  key: string;
  namespace: string;
  value: string | null;
  status: TranslationStatus | null;
  source: TranslationSource | null;
  aiConfidence: number | null;
  qaIssues: unknown;
  updatedAt: number | null;
  sourceValue: string | null;
}

interface ValueRow extends StatsColumns {
  keyId: string | null;
  language: string;
  value: string;
  status: TranslationStatus;
  source: TranslationSource;
  aiConfidence: number | null;
  qaIssues: unknown;
  updatedAt: number;
}

type PageItem = Omit<PageRow, "keyCount" | "version" | "id"> & { id: string };

const statsOf = (row: StatsColumns | undefined): KeyStats => ({ keyCount: Number(row?.keyCount ?? 0), version: row?.version ?? "0" });

function assemblePage(page: KeyOrderSlice, language: string, sourceLanguage: string, values: ValueRow[]): PageItem[] {
  const own = new Map<string, ValueRow>();
  const source = new Map<string, string>();
  for (const v of values) {
    if (v.keyId === null) continue;
    if (v.language === language) own.set(v.keyId, v);
    if (v.language === sourceLanguage) source.set(v.keyId, v.value);
  }
  const items: PageItem[] = [];
  for (let i = 0; i < page.ids.length; i++) {
    const id = page.ids[i]!;
    const v = own.get(id);
    items.push({
      id,
      key: page.keys[i]!,
      namespace: page.namespaces[i]!,
      value: v?.value ?? null,
      status: v?.status ?? null,
      source: v?.source ?? null,
      aiConfidence: v?.aiConfidence ?? null,
      qaIssues: v?.qaIssues ?? null,
      updatedAt: v?.updatedAt ?? null,
      sourceValue: source.get(id) ?? null,
    });
  }
  return items;
}

export async function listLanguageTranslations(
  ctx: ServiceContext,
  projectId: string,
  language: string,
  input: { page?: number; limit?: number; qa?: string },
): Promise<Page<TranslationRecord>> {
  const pageReq = normalizePage(input.page, input.limit);
  const qa = input.qa ? parseQaFilter(input.qa) : null;
  const project = await loadProject(ctx, projectId, "translations.read");
  const lang = resolveProjectLanguage(project, language);
  const { skip, take } = skipTake(pageReq);
  const isSource = lang === project.sourceLanguage;

  if (qa) {
    const [rows, [count]] = await Promise.all([
      ctx.db.query<PageRow & { id: string }>(QA_FILTERED_PAGE_SQL, [project.id, lang, project.sourceLanguage, take, skip, qa]),
      ctx.db.query<{ n: number }>(QA_FILTERED_COUNT_SQL, [project.id, lang, qa]),
    ]);
    return pageOf(await mapInSlices(rows, (r) => toRecord(r, lang, isSource)), pageReq, Number(count?.n ?? 0));
  }

  let stats: KeyStats | null = null;
  let items: PageItem[] | null = null;
  // A patch under way: the order it replaces is stale, so wait for it rather than find that out.
  const patching = keyOrderPatch(ctx, project.id);
  if (patching) await patching;
  let order: KeyOrder | null = peekKeyOrder(ctx, project.id);
  const languages = [...new Set([lang, project.sourceLanguage])];
  for (let round = 0; order && round < READ_ROUNDS; round++) {
    const page = keyOrderSlice(order, skip, skip + take);
    const values = await ctx.db.query<ValueRow>(LANGUAGE_VALUES_BY_KEYS_SQL, [project.id, page.ids, languages]);
    stats = statsOf(values[0]);
    // The page is served only from the order at the version its values were read with.
    if (isCurrentKeyOrder(order, stats)) {
      items = assemblePage(page, lang, project.sourceLanguage, values);
      break;
    }
    // Stale (keys were written since): a patched order and another look-up beat a deep OFFSET.
    order = await patchedKeyOrder(ctx, project.id, stats);
  }
  if (!items) {
    const rows = await ctx.db.query<PageRow>(LANGUAGE_PAGE_SQL, [project.id, lang, project.sourceLanguage, take, skip]);
    stats = statsOf(rows[0]);
    items = rows.filter((r): r is PageRow & { id: string } => r.id !== null);
  }
  settleKeyOrder(ctx, project.id, stats!);

  // Each record compares placeholders with its source: sliced, so long values never hold the loop.
  return pageOf(await mapInSlices(items, (r) => toRecord(r, lang, isSource)), pageReq, stats!.keyCount);
}

function toRecord(r: PageItem, lang: string, isSource: boolean): TranslationRecord {
  return toTranslationRecord(
    r,
    lang,
    r.status === null
      ? null
      : {
          value: r.value ?? "",
          status: r.status,
          source: r.source!,
          aiConfidence: r.aiConfidence,
          qaIssues: r.qaIssues,
          updatedAt: r.updatedAt!,
        },
    isSource ? null : (r.sourceValue ?? ""),
  );
}
