// The hot read: one page of a language over every key of the project. One query joins the page's
// keys with the language's values (and the source values, for placeholder warnings); keys without
// a stored value come back synthesised as untranslated. The total comes from the trigger-kept
// ProjectKeyStats, not a count over the keys. Raw SQL because it is the busiest endpoint.
import type { TranslationSource, TranslationStatus } from "@locale/db";
import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";
import { normalizePage, pageOf, skipTake, type Page } from "../shared/pagination";
import { resolveProjectLanguage, toTranslationRecord, type TranslationRecord } from "./translation-record";
import { isCurrentKeyOrder, peekKeyOrder, readKeyStats, settleKeyOrder } from "../keys/key-order-cache";

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

/** The same page when the key order is cached: the page's ids, in order, joined with the values. */
export const LANGUAGE_PAGE_BY_IDS_SQL = `
SELECT k.id, k.key, k.namespace, t.value, t.status::text AS status, t.source::text AS source,
       t."aiConfidence", t."updatedAt", s.value AS "sourceValue"
FROM unnest($1::text[]) WITH ORDINALITY AS p(id, ord)
JOIN "Key" k ON k.id = p.id AND k."projectId" = $4
LEFT JOIN "Translation" t ON t."keyId" = k.id AND t.language = $2
LEFT JOIN "Translation" s ON s."keyId" = k.id AND s.language = $3 AND $3 <> $2
ORDER BY p.ord`;

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
  const byIds = (ids: string[]) => ctx.db.query<PageRow>(LANGUAGE_PAGE_BY_IDS_SQL, [ids, lang, project.sourceLanguage, project.id]);
  const byOffset = () => ctx.db.query<PageRow>(LANGUAGE_PAGE_SQL, [project.id, lang, project.sourceLanguage, take, skip]);
  // With a cached order, the page is read alongside the version check (one round trip on a
  // pool) and kept only if the order is still current.
  const cached = peekKeyOrder(ctx.db, project.id);
  const [stats, optimistic] = await Promise.all([readKeyStats(ctx.db, project.id), cached ? byIds(cached.ids.slice(skip, skip + take)) : null]);
  settleKeyOrder(ctx.db, project.id, stats);
  const rows = optimistic && isCurrentKeyOrder(cached, stats) ? optimistic : await byOffset();
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
