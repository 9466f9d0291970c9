import { checkGlossary } from "@locale/core/glossary";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZOrgInput, ZTermTranslation } from "./glossary.types";

export const ZGlossaryMatch = z.object({
  term: z.string(),
  definition: z.string(),
  position: z.object({ start: z.number().int(), end: z.number().int().describe("Exclusive") }),
  translations: z.array(ZTermTranslation),
  glossaryId: z.string(),
  termId: z.string(),
  doNotTranslate: z.boolean(),
  caseSensitive: z.boolean(),
});

export const checkGlossaryProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/organizations/{orgId}/glossaries/check",
      tags,
      summary: "Find glossary terms in a text (whole words, longest match wins)",
    },
  })
  .input(
    ZOrgInput.extend({
      text: z.string().max(1_000_000),
      language: z.string().min(1).max(64).optional().describe("Only this language's translations"),
      glossaryIds: z.array(z.string()).max(1000).optional().describe("Only these glossaries (default: all)"),
    }),
  )
  .output(z.object({ matches: z.array(ZGlossaryMatch) }))
  .mutation(({ ctx, input }) => checkGlossary(ctx.svc, input));
