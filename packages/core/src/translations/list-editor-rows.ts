// One page of the web editor's grid: the keys of `listKeys` (same filters, same order) with their
// translation in each requested language, so a screen of rows costs two queries instead of one
// request per key and language.
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import type { KeyListItem } from "../keys/key-record";
import { type ListKeysInput, listKeys } from "../keys/list-keys";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { canonicalLanguage } from "../shared/languages";
import { mapInSlices } from "../shared/map-in-slices";
import type { Page } from "../shared/pagination";
import { type TranslationRecord, toTranslationRecord } from "./translation-record";

export type EditorRow = KeyListItem & {
  translations: Record<string, TranslationRecord>;
  /** Comments on the key (every language, replies included): the grid's comment indicator. */
  commentCount: number;
};

export async function listEditorRows(
  ctx: ServiceContext,
  projectId: string,
  languagesCsv: string,
  query: ListKeysInput,
): Promise<Page<EditorRow>> {
  const project = await loadProject(ctx, projectId, "translations.read");
  const known = projectLanguages(project);
  const languages = [
    ...new Set(
      languagesCsv
        .split(",")
        .filter((l) => l.trim() !== "")
        .map((l) => canonicalLanguage(l.trim(), "languages")),
    ),
  ];
  for (const language of languages) if (!known.includes(language)) throw notFound("Language");
  const page = await listKeys(ctx, projectId, { ...query, qaLanguages: languages }, "translations.read");
  const ids = page.data.map((k) => k.id);
  const wanted = [...new Set([project.sourceLanguage, ...languages])];
  // One grouped count for the page's keys (Comment's (keyId, createdAt) index), never one per row.
  const [rows, commentCounts] = ids.length
    ? await Promise.all([
        ctx.db.prisma.translation.findMany({ where: { keyId: { in: ids }, language: { in: wanted } } }),
        ctx.db.prisma.comment.groupBy({ by: ["keyId"], where: { keyId: { in: ids } }, _count: { _all: true } }),
      ])
    : [[], []];
  const commentsOf = new Map(commentCounts.map((c) => [c.keyId, c._count._all]));
  const byCell = new Map(rows.map((r) => [`${r.keyId}\u0000${r.language}`, r]));
  return {
    meta: page.meta,
    // Placeholder warnings of every cell: sliced, so long values never hold the event loop.
    data: await mapInSlices(page.data, (k) => {
      const source = byCell.get(`${k.id}\u0000${project.sourceLanguage}`)?.value ?? "";
      const key = { id: k.id, key: k.key, namespace: k.namespace };
      const translations = Object.fromEntries(
        languages.map((l) => [
          l,
          toTranslationRecord(key, l, byCell.get(`${k.id}\u0000${l}`) ?? null, l === project.sourceLanguage ? null : source),
        ]),
      );
      return { ...k, translations, commentCount: commentsOf.get(k.id) ?? 0 };
    }),
  };
}
