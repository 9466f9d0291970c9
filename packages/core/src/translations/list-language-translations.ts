// The hot read: one page of a language over every key of the project, with the source values for
// placeholder warnings; keys without a stored value come back synthesised as untranslated. A large
// project's page is one query for the values of the page's keys, taken from the cached key order
// (keys/key-order-cache.ts); otherwise one query cuts the page of keys and joins their values. The
// total comes from the trigger-kept ProjectKeyStats, not a count over the keys. Raw SQL because it
// is the busiest endpoint.
import type { TranslationSource, TranslationStatus } from "@locale/db";
import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";
import { normalizePage, pageOf, skipTake, type Page } from "../shared/pagination";
import { resolveProjectLanguage, toTranslationRecord, type TranslationRecord } from "./translation-record";
import { isCurrentKeyOrder, peekKeyOrder, readKeyStats, settleKeyOrder, type KeyOrder } from "../keys/key-order-cache";

interface PageRow {
  id: string;
  key: string;
  namespace: string;
  value: string | null;
  status: TranslationStatus | null;
  source: TranslationSource | null;
  aiConfidence: number | null;
  updatedAt: Date | string | null;
  sourceValue: string | null;
}

// The page of keys is cut first, then joined: joining before LIMIT/OFFSET makes PostgreSQL join
// (and sort) every key of the project on each request.
export const LANGUAGE_PAGE_SQL = `
WITH page AS (
  SELECT id, key, namespace FROM "Key" WHERE "projectId" = $1 ORDER BY namespace, key LIMIT $4 OFFSET $5
)
SELECT p.id, p.key, p.namespace, t.value, t.status::text AS status, t.source::text AS source,
       t."aiConfidence", t."updatedAt", s.value AS "sourceValue"
FROM page p
LEFT JOIN "Translation" t ON t."keyId" = p.id AND t.language = $2
LEFT JOIN "Translation" s ON s."keyId" = p.id AND s.language = $3 AND $3 <> $2
ORDER BY p.namespace, p.key`;

/**
 * The same page when the key order (with names) is cached: only the values of the page's keys in
 * the language and the source language, assembled in the cached order.
 */
export const LANGUAGE_VALUES_BY_KEYS_SQL = `
SELECT "keyId", language, value, status::text AS status, source::text AS source, "aiConfidence", "updatedAt"
FROM "Translation" WHERE "keyId" = ANY($1::text[]) AND language = ANY($2::text[])`;

interface ValueRow {
  keyId: string;
  language: string;
  value: string;
  status: TranslationStatus;
  source: TranslationSource;
  aiConfidence: number | null;
  updatedAt: Date | string;
}

function assemblePage(order: KeyOrder, skip: number, take: number, language: string, sourceLanguage: string, values: ValueRow[]): PageRow[] {
  const own = new Map<string, ValueRow>();
  const source = new Map<string, string>();
  for (const v of values) {
    if (v.language === language) own.set(v.keyId, v);
    if (v.language === sourceLanguage) source.set(v.keyId, v.value);
  }
  const rows: PageRow[] = [];
  for (let i = skip; i < Math.min(skip + take, order.ids.length); i++) {
    const id = order.ids[i]!;
    const v = own.get(id);
    rows.push({
      id,
      key: order.keys[i]!,
      namespace: order.namespaces[i]!,
      value: v?.value ?? null,
      status: v?.status ?? null,
      source: v?.source ?? null,
      aiConfidence: v?.aiConfidence ?? null,
      updatedAt: v?.updatedAt ?? null,
      sourceValue: source.get(id) ?? null,
    });
  }
  return rows;
}

export async function listLanguageTranslations(
  ctx: ServiceContext,
  projectId: string,
  language: string,
  input: { page?: number; limit?: number },
): Promise<Page<TranslationRecord>> {
  const pageReq = normalizePage(input.page, input.limit);
  const project = await loadProject(ctx, projectId, "translations.read");
  const lang = resolveProjectLanguage(project, language);
  const { skip, take } = skipTake(pageReq);
  const isSource = lang === project.sourceLanguage;
  // With a cached order, the page's values are read alongside the version check (one round trip
  // on a pool) and kept only if the order is still current.
  const cached = peekKeyOrder(ctx.db, project.id);
  const [stats, values] = await Promise.all([
    readKeyStats(ctx.db, project.id),
    cached ? ctx.db.query<ValueRow>(LANGUAGE_VALUES_BY_KEYS_SQL, [cached.ids.slice(skip, skip + take), [...new Set([lang, project.sourceLanguage])]]) : null,
  ]);
  settleKeyOrder(ctx.db, project.id, stats);
  const rows =
    values && isCurrentKeyOrder(cached, stats)
      ? assemblePage(cached, skip, take, lang, project.sourceLanguage, values)
      : await ctx.db.query<PageRow>(LANGUAGE_PAGE_SQL, [project.id, lang, project.sourceLanguage, take, skip]);
  const data = rows.map((r) =>
    toTranslationRecord(
      r,
      lang,
      r.status === null ? null : { value: r.value ?? "", status: r.status, source: r.source!, aiConfidence: r.aiConfidence, updatedAt: r.updatedAt! },
      isSource ? null : (r.sourceValue ?? ""),
    ),
  );
  return pageOf(data, pageReq, stats.keyCount);
}
