import { exportGlossary } from "@locale/core/glossary";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZGlossaryFormat, ZOrgInput } from "./glossary.types";

export const exportGlossaryProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/organizations/{orgId}/glossaries/{id}/export",
      tags,
      summary: "Export a glossary as CSV or TBX text",
    },
  })
  .input(ZOrgInput.extend({ id: z.string(), format: ZGlossaryFormat.default("csv") }))
  .output(z.object({ content: z.string(), format: ZGlossaryFormat }))
  .query(({ ctx, input }) => exportGlossary(ctx.svc, { orgId: input.orgId, glossaryId: input.id, format: input.format }));
