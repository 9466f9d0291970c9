import { createGlossaryTerm } from "@locale/core/glossary";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZGlossaryTerm, ZOrgInput, ZTermFields } from "./glossary.types";

export const createGlossaryTermProcedure = authedProcedure
  .meta({
    errors: { 409: "The term exists in this glossary (case-insensitive)" },
    openapi: {
      method: "POST",
      path: "/organizations/{orgId}/glossaries/{id}/terms",
      tags,
      summary: "Add a term (409 when the term exists, case-insensitive)",
    },
    successStatus: 201,
  })
  .input(ZOrgInput.extend({ id: z.string() }).extend(ZTermFields.shape))
  .output(ZGlossaryTerm)
  .mutation(({ ctx, input }) => createGlossaryTerm(ctx.svc, { ...input, glossaryId: input.id }));
