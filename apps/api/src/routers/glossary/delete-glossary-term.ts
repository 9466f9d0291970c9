import { deleteGlossaryTerm } from "@locale/core/glossary";
import { z } from "zod";
import { ZSuccess } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { tags, ZOrgInput } from "./glossary.types";

export const deleteGlossaryTermProcedure = authedProcedure
  .meta({ openapi: { method: "DELETE", path: "/organizations/{orgId}/glossaries/terms/{termId}", tags, summary: "Delete a term" } })
  .input(ZOrgInput.extend({ termId: z.string() }))
  .output(ZSuccess)
  .mutation(({ ctx, input }) => deleteGlossaryTerm(ctx.svc, input));
