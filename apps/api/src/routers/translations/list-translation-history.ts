import { listTranslationHistory } from "@locale/core/translations";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { ZHistoryEntry, ZTranslationPath } from "./translations.types";

export const listTranslationHistoryProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/projects/{projectId}/keys/{keyId}/translations/{language}/history",
      tags: ["Translations"],
      summary: "A translation's changes, newest first",
    },
  })
  .input(ZTranslationPath)
  .output(z.array(ZHistoryEntry))
  .query(({ ctx, input }) => listTranslationHistory(ctx.svc, input.projectId, input.keyId, input.language));
