import { revertTranslation } from "@locale/core/translations";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { ZTranslation, ZTranslationPath } from "./translations.types";

export const revertTranslationToProcedure = authedProcedure
  .meta({
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
