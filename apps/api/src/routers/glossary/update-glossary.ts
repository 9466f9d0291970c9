import { updateGlossary } from "@locale/core/glossary";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZGlossary, ZGlossaryFields, ZOrgInput } from "./glossary.types";

export const updateGlossaryProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/organizations/{orgId}/glossaries/{id}",
      tags,
      summary: "Update a glossary (any subset of its fields)",
    },
  })
  .input(ZOrgInput.extend({ id: z.string() }).extend(ZGlossaryFields.partial().shape))
  .output(ZGlossary)
  .mutation(({ ctx, input }) => updateGlossary(ctx.svc, input));
