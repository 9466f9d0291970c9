import { getOrganizationOverview } from "@locale/core/analytics";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZOverview } from "./analytics.types";

export const getOrganizationOverviewProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/organizations/{orgId}/analytics/overview",
      tags,
      summary: "Totals and per-language completion over active projects",
    },
  })
  .input(z.object({ orgId: z.string().describe("Organization id, or `current`") }))
  .output(ZOverview)
  .query(({ ctx, input }) => getOrganizationOverview(ctx.svc, input));
