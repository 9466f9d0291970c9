import { listWebhooks } from "@locale/core/webhooks";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZOrgScope, ZProjectScope, ZWebhook } from "./webhooks.types";

export const listOrganizationWebhooksProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/organizations/{orgId}/webhooks",
      tags,
      summary: "Organization-wide webhooks (they receive every project's events)",
    },
  })
  .input(ZOrgScope)
  .output(z.array(ZWebhook))
  .query(({ ctx, input }) => listWebhooks(ctx.svc, { orgId: input.orgId }));

export const listProjectWebhooksProcedure = authedProcedure
  .meta({ openapi: { method: "GET", path: "/projects/{projectId}/webhooks", tags, summary: "The project's webhooks" } })
  .input(ZProjectScope)
  .output(z.array(ZWebhook))
  .query(({ ctx, input }) => listWebhooks(ctx.svc, { projectId: input.projectId }));
