import { revertTranslation } from "@locale/core/translations";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { ZTranslation, ZTranslationPath } from "./translations.types";

export const revertTranslationToProcedure = authedProcedure
  .meta({
    errors: { 422: "The value fails an error-level quality check (`issues[].code` is `qa.<check>`; docs/quality-checks.md)" },
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/keys/{keyId}/translations/{language}/revert/{historyId}",
      tags: ["Translations"],
      summary: "Restore the value and status a history entry produced",
    },
  })
  .input(ZTranslationPath.extend({ historyId: z.string() }))
  .output(ZTranslation)
  .mutation(({ ctx, input }) => revertTranslation(ctx.svc, input.projectId, input.keyId, input.language, input.historyId));
