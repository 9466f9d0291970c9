import { getOrganizationUsage } from "@locale/core/organizations";
import { authedProcedure } from "../../trpc/init";
import { ZOrganizationUsage, ZOrgIdInput } from "./organizations.types";

export const getOrganizationUsageProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/organizations/{orgId}/usage",
      tags: ["Organization"],
      summary: "Usage against the operator's quotas: keys, projects, members, AI characters this month (owner/admin)",
    },
  })
  .input(ZOrgIdInput)
  .output(ZOrganizationUsage)
  .query(({ ctx, input }) => getOrganizationUsage(ctx.svc, input.orgId));
