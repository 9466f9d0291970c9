import type { Key, TranslationSource, TranslationStatus } from "@locale/db";
import type { Permission } from "../auth/permissions";
import type { ServiceContext } from "../context";
import { badRequest, notFound } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { parseQaFilter } from "../quality/qa-filter";
import { canonicalLanguage } from "../shared/languages";
import { normalizePage, type Page, pageOf, skipTake } from "../shared/pagination";
import { isFiltered, type KeyFilters, type KeySort, keyFilterSql, statusOnlyCountSql } from "./key-filter-sql";
import {
  isCurrentKeyOrder,
  isKeyOrderAtLeast,
  keyOrderPatch,
  keyOrderSlice,
  patchedKeyOrder,
  peekKeyOrder,
  readKeyStats,
  settleKeyOrder,
} from "./key-order-cache";
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
  /**
   * Where `qa` (when `qaIn` is absent), `source`, `changedSince`, `author` and the `recent` sort
   * look (the editor: its displayed languages); default: every project language.
   */
  qaLanguages?: string[];
  /** Keys with (true) or without (false) comments. */
  hasComments?: boolean;
  /** Keys with a translation whose current value came from this source (`ai`: AI-translated). */
  source?: TranslationSource;
  /** Keys with a translation changed at or after this instant (ISO 8601 date or date-time). */
  changedSince?: string;
  /** Keys with a translation last changed by this author (a user id, `ai`, `mt:<engine>`). */
  author?: string;
  /** `key` (default), `untranslated` (keys to do in `sortIn` first) or `recent` (last changed first). */
  sort?: "key" | "untranslated" | "recent";
  /** The project language the `untranslated` sort looks at (required with it). */
  sortIn?: string;
}

/** `changedSince` as an instant: an ISO 8601 date (midnight UTC) or date-time with an offset. */
function parseChangedSince(text: string): Date {
  const ok = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(text);
  const date = new Date(text);
  if (!ok || Number.isNaN(date.getTime()))
    throw badRequest("changedSince: must be an ISO 8601 date or date-time", [
      { path: "changedSince", message: "must be an ISO 8601 date or date-time" },
    ]);
  return date;
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
  const shown = input.qaLanguages?.length ? input.qaLanguages : languages;
  if (input.source) filters.source = { source: input.source, languages: shown };
  if (input.changedSince) filters.changedSince = { since: parseChangedSince(input.changedSince), languages: shown };
  if (input.author) filters.author = { author: input.author, languages: shown };
  let sort: KeySort | undefined;
  if (input.sort === "untranslated") {
    if (!input.sortIn)
      throw badRequest("sortIn: is required with sort=untranslated", [{ path: "sortIn", message: "is required with sort=untranslated" }]);
    const language = canonicalLanguage(input.sortIn, "sortIn");
    if (!languages.includes(language)) throw notFound("Language");
    sort = { by: "untranslated", language };
  } else if (input.sort === "recent") sort = { by: "recent", languages: shown };
  const toItem = (k: Key): KeyListItem => ({ ...toKeyRecord(k), id: k.id });
  if (isFiltered(filters) || sort) {
    const { skip, take } = skipTake(pageReq);
    const [total, rows] = await Promise.all([
      isFiltered(filters) ? countKeys(ctx, filters) : readKeyStats(ctx.db, project.id).then((s) => s.keyCount),
      readKeysPage(ctx, filters, sort, skip, take),
    ]);
    return pageOf(rows.map(toItem), pageReq, total);
  }
  // Unfiltered: the count comes from the trigger-kept stats, and a large project's page is looked
  // up by id in its cached key order instead of walking OFFSET rows (see key-order-cache.ts).
  const { skip, take } = skipTake(pageReq);
  // A patch under way: the order it replaces is stale, so wait for it rather than find that out.
  const patching = keyOrderPatch(ctx, project.id);
  if (patching) await patching;
  let cached = peekKeyOrder(ctx, project.id);
  const stats = await readKeyStats(ctx.db, project.id);
  settleKeyOrder(ctx, project.id, stats);
  // Stale (keys were written since): a patch is quicker than a deep OFFSET.
  if (cached && !isCurrentKeyOrder(cached, stats)) cached = await patchedKeyOrder(ctx, project.id, stats);
  // The key rows are read after the order anyway, so an order patched past `stats` (keys written
  // meanwhile) serves as well as one at it, with its own total: never an older one.
  if (isKeyOrderAtLeast(cached, stats)) {
    const { ids } = keyOrderSlice(cached, skip, skip + take);
    const total = cached.version === stats.version ? stats.keyCount : cached.size;
    const rows = await ctx.db.prisma.key.findMany({ where: { projectId: project.id, id: { in: ids } } });
    const position = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    return pageOf(rows.map(toItem), pageReq, total);
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
async function readKeysPage(
  ctx: ServiceContext,
  filters: KeyFilters,
  sort: KeySort | undefined,
  skip: number,
  take: number,
): Promise<Key[]> {
  const { from, params, orderBy } = keyFilterSql(filters, sort);
  const ids = (await ctx.db.query<{ id: string }>(`SELECT k.id ${from} ORDER BY ${orderBy} LIMIT ${take} OFFSET ${skip}`, params)).map(
    (r) => r.id,
  );
  if (ids.length === 0) return [];
  const rows = await ctx.db.prisma.key.findMany({ where: { id: { in: ids } } });
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}
