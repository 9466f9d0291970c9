import type { Key, Prisma, TranslationStatus } from "@locale/db";
import type { Permission } from "../auth/permissions";
import type { ServiceContext } from "../context";
import { badRequest, notFound } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { canonicalLanguage } from "../shared/languages";
import { normalizePage, type Page, pageOf, skipTake } from "../shared/pagination";
import { isCurrentKeyOrder, peekKeyOrder, readKeyStats, settleKeyOrder } from "./key-order-cache";
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
  const and: Prisma.KeyWhereInput[] = [];
  if (input.search) {
    const contains = { contains: input.search, mode: "insensitive" as const };
    and.push({
      OR: [{ key: contains }, { description: contains }, { translations: { some: { language: { in: languages }, value: contains } } }],
    });
  }
  if (input.namespace !== undefined) and.push({ namespace: input.namespace });
  if (input.tag) and.push({ tags: { has: input.tag } });
  if (input.untranslatedIn) {
    const language = canonicalLanguage(input.untranslatedIn, "untranslatedIn");
    if (!languages.includes(language)) throw notFound("Language");
    and.push({ translations: { none: { language, status: { not: "untranslated" } } } });
  }
  if (input.status) {
    if (!input.statusIn) throw badRequest("statusIn: is required with status", [{ path: "statusIn", message: "is required with status" }]);
    const language = canonicalLanguage(input.statusIn, "statusIn");
    if (!languages.includes(language)) throw notFound("Language");
    and.push(
      input.status === "untranslated"
        ? { translations: { none: { language, status: { not: "untranslated" } } } }
        : { translations: { some: { language, status: input.status } } },
    );
  }
  const where: Prisma.KeyWhereInput = { projectId: project.id, AND: and };
  const orderBy = [{ namespace: "asc" as const }, { key: "asc" as const }, { id: "asc" as const }];
  const toItem = (k: Key): KeyListItem => ({ ...toKeyRecord(k), id: k.id });
  if (and.length > 0) {
    const [total, rows] = await Promise.all([
      ctx.db.prisma.key.count({ where }),
      ctx.db.prisma.key.findMany({ where, orderBy, ...skipTake(pageReq) }),
    ]);
    return pageOf(rows.map(toItem), pageReq, total);
  }
  // Unfiltered: the count comes from the trigger-kept stats, and a large project's page is looked
  // up by id in its cached key order instead of walking OFFSET rows (see key-order-cache.ts).
  const { skip, take } = skipTake(pageReq);
  const cached = peekKeyOrder(ctx.db, project.id);
  const stats = await readKeyStats(ctx.db, project.id);
  settleKeyOrder(ctx.db, project.id, stats);
  if (isCurrentKeyOrder(cached, stats)) {
    const ids = cached.ids.slice(skip, skip + take);
    const rows = await ctx.db.prisma.key.findMany({ where: { projectId: project.id, id: { in: ids } } });
    const position = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    return pageOf(rows.map(toItem), pageReq, stats.keyCount);
  }
  const rows = await ctx.db.prisma.key.findMany({ where, orderBy, skip, take });
  return pageOf(rows.map(toItem), pageReq, stats.keyCount);
}
