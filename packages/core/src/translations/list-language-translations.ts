// The hot read: one page of a language over every key of the project. One query joins the keys
// with the language's values (and the source values, for placeholder warnings); keys without a
// stored value come back synthesised as untranslated. Raw SQL because it is the busiest endpoint.
import type { TranslationSource, TranslationStatus } from "@locale/db";
import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";
import { normalizePage, pageOf, skipTake, type Page } from "../shared/pagination";
import { resolveProjectLanguage, toTranslationRecord, type TranslationRecord } from "./translation-record";

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

const PAGE_SQL = `
SELECT k.id, k.key, k.namespace, t.value, t.status::text AS status, t.source::text AS source,
       t."aiConfidence", t."updatedAt", s.value AS "sourceValue"
FROM "Key" k
LEFT JOIN "Translation" t ON t."keyId" = k.id AND t.language = $2
LEFT JOIN "Translation" s ON s."keyId" = k.id AND s.language = $3 AND $3 <> $2
WHERE k."projectId" = $1
ORDER BY k.namespace, k.key
LIMIT $4 OFFSET $5`;

const COUNT_SQL = `SELECT count(*)::int AS total FROM "Key" WHERE "projectId" = $1`;

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
  const [counted, rows] = await Promise.all([
    ctx.db.query<{ total: number }>(COUNT_SQL, [project.id]),
    ctx.db.query<PageRow>(PAGE_SQL, [project.id, lang, project.sourceLanguage, take, skip]),
  ]);
  const data = rows.map((r) =>
    toTranslationRecord(
      r,
      lang,
      r.status === null ? null : { value: r.value ?? "", status: r.status, source: r.source!, aiConfidence: r.aiConfidence, updatedAt: r.updatedAt! },
      isSource ? null : (r.sourceValue ?? ""),
    ),
  );
  return pageOf(data, pageReq, Number(counted[0]?.total ?? 0));
}
