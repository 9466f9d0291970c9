import { listGlossaryTerms } from "@locale/core/glossary";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZGlossaryTerm, ZOrgInput } from "./glossary.types";

export const listGlossaryTermsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/organizations/{orgId}/glossaries/{id}/terms",
      tags,
      summary: "Terms of a glossary (a plain array, alphabetical)",
    },
  })
  .input(
    ZOrgInput.extend({
      id: z.string(),
      search: z.string().max(1000).optional().describe("Case-insensitive substring of the term, definition or a translation"),
    }),
  )
  .output(z.array(ZGlossaryTerm))
  .query(({ ctx, input }) => listGlossaryTerms(ctx.svc, { orgId: input.orgId, glossaryId: input.id, search: input.search }));
