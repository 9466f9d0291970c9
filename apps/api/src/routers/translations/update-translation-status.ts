import { updateTranslationStatus } from "@locale/core/translations";
import { authedProcedure } from "../../trpc/init";
import { ZTranslation, ZUpdateStatusRequest } from "./translations.types";

export const updateTranslationStatusProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/projects/{projectId}/keys/{keyId}/translations/{language}/status",
      tags: ["Translations"],
      summary: "Set a translation's status (any jump; needs a value unless untranslated)",
    },
  })
  .input(ZUpdateStatusRequest)
  .output(ZTranslation)
  .mutation(({ ctx, input }) => updateTranslationStatus(ctx.svc, input.projectId, input.keyId, input.language, input.status));
