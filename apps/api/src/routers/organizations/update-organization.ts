import { updateOrganization } from "@locale/core/organizations";
import { authedProcedure } from "../../trpc/init";
import { ZOrganizationRecord, ZUpdateOrganizationRequest } from "./organizations.types";

export const updateOrganizationProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/organizations/{orgId}",
      tags: ["Organization"],
      summary: "Rename the organization and merge settings (owner/admin)",
    },
  })
  .input(ZUpdateOrganizationRequest)
  .output(ZOrganizationRecord)
  .mutation(({ ctx, input }) => updateOrganization(ctx.svc, input.orgId, { name: input.name, settings: input.settings }));
