import { getProgressOverTime } from "@locale/core/analytics";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZDailyProgress } from "./analytics.types";

export const getProgressOverTimeProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/projects/{projectId}/analytics/progress-over-time",
      tags,
      summary: "Translations and reviews per UTC day, zero days included",
    },
  })
  .input(z.object({ projectId: z.string(), days: z.coerce.number().optional().describe("Days ending today, default 30, 1–366") }))
  .output(z.array(ZDailyProgress))
  .query(({ ctx, input }) => getProgressOverTime(ctx.svc, input));
