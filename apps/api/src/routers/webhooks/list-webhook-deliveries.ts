import { listWebhookDeliveries } from "@locale/core/webhooks";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZOrgScope, ZProjectScope, ZWebhookDelivery } from "./webhooks.types";

const summary = "The newest 100 deliveries, newest first, each with its log of attempts";
const ZId = z.object({ id: z.string() });

export const listOrganizationWebhookDeliveriesProcedure = authedProcedure
  .meta({ openapi: { method: "GET", path: "/organizations/{orgId}/webhooks/{id}/deliveries", tags, summary } })
  .input(ZOrgScope.merge(ZId))
  .output(z.array(ZWebhookDelivery))
  .query(({ ctx, input }) => listWebhookDeliveries(ctx.svc, { orgId: input.orgId }, input.id));

export const listProjectWebhookDeliveriesProcedure = authedProcedure
  .meta({ openapi: { method: "GET", path: "/projects/{projectId}/webhooks/{id}/deliveries", tags, summary } })
  .input(ZProjectScope.merge(ZId))
  .output(z.array(ZWebhookDelivery))
  .query(({ ctx, input }) => listWebhookDeliveries(ctx.svc, { projectId: input.projectId }, input.id));
