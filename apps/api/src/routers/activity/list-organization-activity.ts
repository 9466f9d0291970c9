import { listOrganizationActivity } from "@locale/core/activity";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { ZActivityFilters, ZActivityPage } from "./activity.types";

export const listOrganizationActivityProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/organizations/{orgId}/activity",
      tags: ["Activity"],
      summary: "Activity across the organization and all its projects, newest first (paginated)",
    },
  })
  .input(ZActivityFilters.extend({ orgId: z.string().describe('Organization id, or "current"') }))
  .output(ZActivityPage)
  .query(({ ctx, input }) => {
    const { orgId, ...query } = input;
    return listOrganizationActivity(ctx.svc, orgId, query);
  });
