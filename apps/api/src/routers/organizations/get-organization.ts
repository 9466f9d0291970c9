import { getOrganization } from "@locale/core/organizations";
import { authedProcedure } from "../../trpc/init";
import { ZOrganizationRecord, ZOrgIdInput } from "./organizations.types";

export const getOrganizationProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/organizations/{orgId}",
      tags: ["Organization"],
      summary: "The caller's organization and its settings (owner/admin)",
    },
  })
  .input(ZOrgIdInput)
  .output(ZOrganizationRecord)
  .query(({ ctx, input }) => getOrganization(ctx.svc, input.orgId));
