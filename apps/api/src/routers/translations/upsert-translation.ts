import { upsertTranslation } from "@locale/core/translations";
import { authedProcedure } from "../../trpc/init";
import { mappedOutput } from "../../trpc/mapped-output";
import { ZTranslation, ZUpsertTranslationRequest } from "./translations.types";

// The answer is toTranslationRecord's, as it is (trpc/mapped-output.ts).
export const upsertTranslationProcedure = mappedOutput(
  authedProcedure
    .meta({
      errors: { 422: "The value fails an error-level quality check (`issues[].code` is `qa.<check>`; docs/quality-checks.md)" },
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
    }),
);
