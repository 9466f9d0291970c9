import { deleteGlossary } from "@locale/core/glossary";
import { z } from "zod";
import { ZSuccess } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { tags, ZOrgInput } from "./glossary.types";

export const deleteGlossaryProcedure = authedProcedure
  .meta({ openapi: { method: "DELETE", path: "/organizations/{orgId}/glossaries/{id}", tags, summary: "Delete a glossary and its terms" } })
  .input(ZOrgInput.extend({ id: z.string() }))
  .output(ZSuccess)
  .mutation(({ ctx, input }) => deleteGlossary(ctx.svc, input));
