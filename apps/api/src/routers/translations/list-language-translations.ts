import { listLanguageTranslations } from "@locale/core/translations";
import { authedProcedure } from "../../trpc/init";
import { mappedOutput } from "../../trpc/mapped-output";
import { ZListLanguageTranslationsRequest, ZTranslationPage } from "./translations.types";

export const listLanguageTranslationsProcedure = mappedOutput(
  authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/projects/{projectId}/translations/{language}",
        tags: ["Translations"],
        summary: "A language's translations over every key of the project, paginated",
      },
    })
    .input(ZListLanguageTranslationsRequest)
    .output(ZTranslationPage)
    .query(({ ctx, input }) => listLanguageTranslations(ctx.svc, input.projectId, input.language, input)),
);
