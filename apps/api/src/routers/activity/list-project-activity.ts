import { listProjectActivity } from "@locale/core/activity";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { ZActivityFilters, ZActivityPage } from "./activity.types";

export const listProjectActivityProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/projects/{projectId}/activity",
      tags: ["Activity"],
      summary: "Activity of a project, newest first (paginated)",
    },
  })
  .input(ZActivityFilters.extend({ projectId: z.string() }))
  .output(ZActivityPage)
  .query(({ ctx, input }) => {
    const { projectId, ...query } = input;
    return listProjectActivity(ctx.svc, projectId, query);
  });
