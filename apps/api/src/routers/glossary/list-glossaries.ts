import { listGlossaries } from "@locale/core/glossary";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZGlossary, ZOrgInput } from "./glossary.types";

export const listGlossariesProcedure = authedProcedure
  .meta({
    openapi: { method: "GET", path: "/organizations/{orgId}/glossaries", tags, summary: "The organization's glossaries (a plain array)" },
  })
  .input(ZOrgInput)
  .output(z.array(ZGlossary))
  .query(({ ctx, input }) => listGlossaries(ctx.svc, input));
