// One page of the editor's grid: the keys of `keys.list` (same filters, same order) with their
// translation in each requested language, so a screen of rows costs two queries instead of one
// request per key and language.
import { canonicalLanguage, loadProject, notFound, projectLanguages } from "@locale/core";
import { listKeys } from "@locale/core/keys";
import { toTranslationRecord } from "@locale/core/translations";
import { z } from "zod";
import { paginated } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { ZTranslation, ZTranslationStatus } from "../translations/translations.types";
import { ZKeyListItem, ZListKeysRequest } from "./keys.types";

export const ZListEditorRowsRequest = ZListKeysRequest.extend({
  languages: z.string().max(2000).describe("Comma-separated project languages whose translations each row carries"),
  status: ZTranslationStatus.optional().describe("Keys whose translation in `statusIn` has this status (untranslated includes missing)"),
  statusIn: z.string().max(64).optional().describe("The project language `status` applies to (required with it)"),
});

export const ZEditorRow = ZKeyListItem.extend({
  translations: z.record(z.string(), ZTranslation).describe("By language, for every requested language"),
});

export const listEditorRowsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/projects/{projectId}/editor-rows",
      tags: ["Translation keys"],
      summary: "A page of keys with their translations in the given languages (the web editor's grid)",
    },
  })
  .input(ZListEditorRowsRequest)
  .output(paginated(ZEditorRow))
  .query(async ({ ctx, input }) => {
    const { projectId, languages: requested, ...query } = input;
    const project = await loadProject(ctx.svc, projectId, "translations.read");
    const known = projectLanguages(project);
    const languages = [
      ...new Set(
        requested
          .split(",")
          .filter((l) => l.trim() !== "")
          .map((l) => canonicalLanguage(l.trim(), "languages")),
      ),
    ];
    for (const language of languages) if (!known.includes(language)) throw notFound("Language");
    const page = await listKeys(ctx.svc, projectId, query);
    const ids = page.data.map((k) => k.id);
    const wanted = [...new Set([project.sourceLanguage, ...languages])];
    const rows = ids.length ? await ctx.db.prisma.translation.findMany({ where: { keyId: { in: ids }, language: { in: wanted } } }) : [];
    const byCell = new Map(rows.map((r) => [`${r.keyId}\u0000${r.language}`, r]));
    return {
      meta: page.meta,
      data: page.data.map((k) => {
        const source = byCell.get(`${k.id}\u0000${project.sourceLanguage}`)?.value ?? "";
        const key = { id: k.id, key: k.key, namespace: k.namespace };
        const translations = Object.fromEntries(
          languages.map((l) => [
            l,
            toTranslationRecord(key, l, byCell.get(`${k.id}\u0000${l}`) ?? null, l === project.sourceLanguage ? null : source),
          ]),
        );
        return { ...k, translations };
      }),
    };
  });
