import { listTmEntries } from "@locale/core/tm";
import { z } from "zod";
import { paginated, ZPageQuery } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { tags, ZOrgInput, ZTmEntry } from "./tm.types";

export const listTmEntriesProcedure = authedProcedure
  .meta({
    openapi: { method: "GET", path: "/organizations/{orgId}/tm", tags, summary: "Browse the translation memory, newest first (paginated)" },
  })
  .input(
    ZOrgInput.extend(ZPageQuery.shape).extend({
      sourceLang: z.string().max(64).optional().describe("Only entries of this source language"),
      targetLang: z.string().max(64).optional().describe("Only entries of this target language"),
    }),
  )
  .output(paginated(ZTmEntry))
  .query(({ ctx, input }) => listTmEntries(ctx.svc, input));
