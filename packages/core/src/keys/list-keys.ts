import type { Key, TranslationStatus } from "@locale/db";
import type { Permission } from "../auth/permissions";
import type { ServiceContext } from "../context";
import { badRequest, notFound } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { parseQaFilter } from "../quality/qa-filter";
import { canonicalLanguage } from "../shared/languages";
import { normalizePage, type Page, pageOf, skipTake } from "../shared/pagination";
import { isFiltered, type KeyFilters, keyFilterSql, statusOnlyCountSql } from "./key-filter-sql";
import { isCurrentKeyOrder, patchedKeyOrder, peekKeyOrder, readKeyStats, settleKeyOrder } from "./key-order-cache";
import { type KeyListItem, toKeyRecord } from "./key-record";

export interface ListKeysInput {
  page?: number;
  limit?: number;
  /** Case-insensitive substring of the key name, its description or any of its current values. */
  search?: string;
  namespace?: string;
  tag?: string;
  /** Keys whose translation in this project language is missing or `untranslated`. */
  untranslatedIn?: string;
  /** Keys whose translation in `statusIn` has this status (`untranslated` includes missing ones). */
  status?: TranslationStatus;
  statusIn?: string;
  /** `any`, `warning`, `error` or a check id: keys with such a counted quality-check issue (`?qa=`). */
  qa?: string;
  /** The project language `qa` looks at; default: `qaLanguages`, else every project language. */
  qaIn?: string;
  /** Where `qa` looks when `qaIn` is absent (the editor: its displayed languages). */
  qaLanguages?: string[];
  /** Keys with (true) or without (false) comments. */
  hasComments?: boolean;
}

/**
 * Keys ordered by namespace then name (the order of the translation pages and of exports).
 * `permission`: what the caller needs; the editor's grid lists keys as part of reading translations.
 */
export async function listKeys(
  ctx: ServiceContext,
  projectId: string,
  input: ListKeysInput,
  permission: Permission = "keys.read",
): Promise<Page<KeyListItem>> {
  const pageReq = normalizePage(input.page, input.limit);
  const project = await loadProject(ctx, projectId, permission);
  const languages = projectLanguages(project);
  const filters: KeyFilters = { projectId: project.id, languages };
  if (input.search) filters.search = input.search;
  if (input.namespace !== undefined) filters.namespace = input.namespace;
  if (input.tag) filters.tag = input.tag;
  if (input.untranslatedIn) {
    const language = canonicalLanguage(input.untranslatedIn, "untranslatedIn");
    if (!languages.includes(language)) throw notFound("Language");
    filters.untranslatedIn = language;
  }
  if (input.status) {
    if (!input.statusIn) throw badRequest("statusIn: is required with status", [{ path: "statusIn", message: "is required with status" }]);
    const language = canonicalLanguage(input.statusIn, "statusIn");
    if (!languages.includes(language)) throw notFound("Language");
    filters.status = { status: input.status, language };
  }
  if (input.qa) {
    const filter = parseQaFilter(input.qa);
    let qaLanguages = input.qaLanguages?.length ? input.qaLanguages : languages;
    if (input.qaIn) {
      const language = canonicalLanguage(input.qaIn, "qaIn");
      if (!languages.includes(language)) throw notFound("Language");
      qaLanguages = [language];
    }
    filters.qa = { filter, languages: qaLanguages };
  }
  if (input.hasComments !== undefined) filters.hasComments = input.hasComments;
  const toItem = (k: Key): KeyListItem => ({ ...toKeyRecord(k), id: k.id });
  if (isFiltered(filters)) {
    const { skip, take } = skipTake(pageReq);
    const [total, rows] = await Promise.all([countKeys(ctx, filters), readKeysPage(ctx, filters, skip, take)]);
    return pageOf(rows.map(toItem), pageReq, total);
  }
  // Unfiltered: the count comes from the trigger-kept stats, and a large project's page is looked
  // up by id in its cached key order instead of walking OFFSET rows (see key-order-cache.ts).
  const { skip, take } = skipTake(pageReq);
  let cached = peekKeyOrder(ctx.db, project.id);
  const stats = await readKeyStats(ctx.db, project.id);
  settleKeyOrder(ctx.db, project.id, stats);
  // Stale (keys were written since): a patch is quicker than a deep OFFSET.
  if (cached && !isCurrentKeyOrder(cached, stats)) cached = await patchedKeyOrder(ctx.db, project.id, stats);
  if (isCurrentKeyOrder(cached, stats)) {
    const ids = cached.ids.slice(skip, skip + take);
    const rows = await ctx.db.prisma.key.findMany({ where: { projectId: project.id, id: { in: ids } } });
    const position = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    return pageOf(rows.map(toItem), pageReq, stats.keyCount);
  }
  const rows = await ctx.db.prisma.key.findMany({
    where: { projectId: project.id },
    orderBy: [{ namespace: "asc" }, { key: "asc" }, { id: "asc" }],
    skip,
    take,
  });
  return pageOf(rows.map(toItem), pageReq, stats.keyCount);
}

async function countKeys(ctx: ServiceContext, filters: KeyFilters): Promise<number> {
  const fromIndex = statusOnlyCountSql(filters);
  if (fromIndex) {
    const [[row], stats] = await Promise.all([
      ctx.db.query<{ n: number }>(fromIndex.sql, fromIndex.params),
      fromIndex.subtractFrom ? readKeyStats(ctx.db, filters.projectId) : null,
    ]);
    const n = Number(row?.n ?? 0);
    return stats ? Math.max(0, stats.keyCount - n) : n;
  }
  const { from, params } = keyFilterSql(filters);
  const [row] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
  return Number(row?.n ?? 0);
}

/** One page of filtered keys in list order: the ids from the filter statement, then the rows. */
async function readKeysPage(ctx: ServiceContext, filters: KeyFilters, skip: number, take: number): Promise<Key[]> {
  const { from, params } = keyFilterSql(filters);
  const ids = (
    await ctx.db.query<{ id: string }>(`SELECT k.id ${from} ORDER BY k.namespace, k.key, k.id LIMIT ${take} OFFSET ${skip}`, params)
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await ctx.db.prisma.key.findMany({ where: { id: { in: ids } } });
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}
