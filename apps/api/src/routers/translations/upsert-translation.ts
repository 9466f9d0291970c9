import { upsertTranslation } from "@locale/core/translations";
import { authedProcedure } from "../../trpc/init";
import { ZTranslation, ZUpsertTranslationRequest } from "./translations.types";

export const upsertTranslationProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/projects/{projectId}/keys/{keyId}/translations/{language}",
      tags: ["Translations"],
      summary: "Create or update a translation (idempotent)",
    },
  })
  .input(ZUpsertTranslationRequest)
  .output(ZTranslation)
  .mutation(({ ctx, input }) => {
    const { projectId, keyId, language, ...body } = input;
    return upsertTranslation(ctx.svc, projectId, keyId, language, body);
  });
