import { createGlossary } from "@locale/core/glossary";
import { authedProcedure } from "../../trpc/init";
import { tags, ZGlossary, ZGlossaryFields, ZOrgInput } from "./glossary.types";

export const createGlossaryProcedure = authedProcedure
  .meta({ openapi: { method: "POST", path: "/organizations/{orgId}/glossaries", tags, summary: "Create a glossary" }, successStatus: 201 })
  .input(ZOrgInput.extend(ZGlossaryFields.shape))
  .output(ZGlossary)
  .mutation(({ ctx, input }) => createGlossary(ctx.svc, input));
