import { getProjectProgress } from "@locale/core/analytics";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZProgress } from "./analytics.types";

export const getProjectProgressProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/projects/{projectId}/analytics/progress",
      tags,
      summary: "Translation progress per language (target languages by default)",
    },
  })
  .input(
    z.object({
      projectId: z.string(),
      languages: z.string().max(2000).optional().describe("Comma-separated language codes; any project language"),
    }),
  )
  .output(ZProgress)
  .query(({ ctx, input }) => getProjectProgress(ctx.svc, input));
