import { overwriteTranslations } from "@locale/core/translations";
import { authedProcedure } from "../../trpc/init";
import { ZOverwriteRequest, ZOverwriteResponse } from "./translations.types";

export const overwriteTranslationsProcedure = authedProcedure
  .meta({
    errors: { 422: "The value fails an error-level quality check (`issues[].code` is `qa.<check>`; docs/quality-checks.md)" },
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/translations/overwrite",
      tags: ["Translations"],
      summary: "Write values by key name and language (source api); unknown keys are reported, not created",
    },
  })
  .input(ZOverwriteRequest)
  .output(ZOverwriteResponse)
  .mutation(({ ctx, input }) => overwriteTranslations(ctx.svc, input.projectId, input.translations));
