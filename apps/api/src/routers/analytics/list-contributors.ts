import { listContributors } from "@locale/core/analytics";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZContributor } from "./analytics.types";

export const listContributorsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/projects/{projectId}/analytics/contributors",
      tags,
      summary: "Translations, reviews and approvals per person, most active first",
    },
  })
  .input(z.object({ projectId: z.string() }))
  .output(z.array(ZContributor))
  .query(({ ctx, input }) => listContributors(ctx.svc, input));
