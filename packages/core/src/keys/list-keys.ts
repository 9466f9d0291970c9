import type { Prisma } from "@locale/db";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { canonicalLanguage } from "../shared/languages";
import { normalizePage, pageOf, skipTake, type Page } from "../shared/pagination";
import { toKeyRecord, type KeyListItem } from "./key-record";

export interface ListKeysInput {
  page?: number;
  limit?: number;
  /** Case-insensitive substring of the key name, its description or any of its current values. */
  search?: string;
  namespace?: string;
  tag?: string;
  /** Keys whose translation in this project language is missing or `untranslated`. */
  untranslatedIn?: string;
}

/** Keys ordered by namespace then name (the order of the translation pages and of exports). */
export async function listKeys(ctx: ServiceContext, projectId: string, input: ListKeysInput): Promise<Page<KeyListItem>> {
  const pageReq = normalizePage(input.page, input.limit);
  const project = await loadProject(ctx, projectId, "keys.read");
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
  const where: Prisma.KeyWhereInput = { projectId: project.id, AND: and };
  const [total, rows] = await Promise.all([
    ctx.db.prisma.key.count({ where }),
    ctx.db.prisma.key.findMany({ where, orderBy: [{ namespace: "asc" }, { key: "asc" }, { id: "asc" }], ...skipTake(pageReq) }),
  ]);
  return pageOf(
    rows.map((k) => ({ ...toKeyRecord(k), id: k.id })),
    pageReq,
    total,
  );
}
