import { importGlossary } from "@locale/core/glossary";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZGlossaryFormat, ZOrgInput } from "./glossary.types";

export const ZImportGlossaryResponse = z.object({
  imported: z.number().describe("New terms"),
  updated: z.number().describe("Existing terms (same term, case-insensitive) whose fields changed"),
  skipped: z.number().describe("Rows that changed nothing: unchanged terms, repeats, rejected rows"),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
});

export const importGlossaryProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/organizations/{orgId}/glossaries/{id}/import",
      tags,
      summary: "Import terms from CSV or TBX (one transaction)",
    },
  })
  .input(ZOrgInput.extend({ id: z.string(), format: ZGlossaryFormat, content: z.string() }))
  .output(ZImportGlossaryResponse)
  .mutation(({ ctx, input }) =>
    importGlossary(ctx.svc, { orgId: input.orgId, glossaryId: input.id, format: input.format, content: input.content }),
  );
