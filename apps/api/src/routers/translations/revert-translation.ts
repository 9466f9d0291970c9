import { revertTranslation } from "@locale/core/translations";
import { authedProcedure } from "../../trpc/init";
import { ZTranslation, ZTranslationPath } from "./translations.types";

export const revertTranslationProcedure = authedProcedure
  .meta({
    errors: { 422: "The value fails an error-level quality check (`issues[].code` is `qa.<check>`; docs/quality-checks.md)" },
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/keys/{keyId}/translations/{language}/revert",
      tags: ["Translations"],
      summary: "Undo the newest change (400 when there is none)",
    },
  })
  .input(ZTranslationPath)
  .output(ZTranslation)
  .mutation(({ ctx, input }) => revertTranslation(ctx.svc, input.projectId, input.keyId, input.language));
