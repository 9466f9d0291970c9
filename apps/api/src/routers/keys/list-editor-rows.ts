// The web editor's grid: a page of keys with their translations in the requested languages.
import { listEditorRows } from "@locale/core/translations";
import { z } from "zod";
import { paginated } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { ZTranslation, ZTranslationStatus } from "../translations/translations.types";
import { hasCommentsFilter, ZKeyListItem, ZListKeysRequest } from "./keys.types";

export const ZListEditorRowsRequest = ZListKeysRequest.extend({
  languages: z.string().max(2000).describe("Comma-separated project languages whose translations each row carries"),
  status: ZTranslationStatus.optional().describe("Keys whose translation in `statusIn` has this status (untranslated includes missing)"),
  statusIn: z.string().max(64).optional().describe("The project language `status` applies to (required with it)"),
});

export const ZEditorRow = ZKeyListItem.extend({
  translations: z.record(z.string(), ZTranslation).describe("By language, for every requested language"),
  commentCount: z.number().int().describe("Comments on the key (every language, replies included)"),
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
  .query(({ ctx, input }) => {
    const { projectId, languages, hasComments, ...query } = input;
    return listEditorRows(ctx.svc, projectId, languages, { ...query, ...hasCommentsFilter(hasComments) });
  });
