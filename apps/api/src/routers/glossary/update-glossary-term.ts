import { updateGlossaryTerm } from "@locale/core/glossary";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZGlossaryTerm, ZOrgInput, ZTermFields } from "./glossary.types";

export const updateGlossaryTermProcedure = authedProcedure
  .meta({
    errors: { 409: "The new term exists in this glossary (case-insensitive)" },
    openapi: {
      method: "PATCH",
      path: "/organizations/{orgId}/glossaries/terms/{termId}",
      tags,
      summary: "Update a term; `translations` replaces the whole list",
    },
  })
  .input(ZOrgInput.extend({ termId: z.string() }).extend(ZTermFields.partial().shape))
  .output(ZGlossaryTerm)
  .mutation(({ ctx, input }) => updateGlossaryTerm(ctx.svc, input));
