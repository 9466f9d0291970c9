import { listKeyTranslations } from "@locale/core/translations";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { ZTranslation } from "./translations.types";

export const listKeyTranslationsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/projects/{projectId}/keys/{keyId}/translations",
      tags: ["Translations"],
      summary: "A key's translation in every project language, source first",
    },
  })
  .input(z.object({ projectId: z.string(), keyId: z.string() }))
  .output(z.array(ZTranslation))
  .query(({ ctx, input }) => listKeyTranslations(ctx.svc, input.projectId, input.keyId));
