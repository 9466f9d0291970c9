import { updateWebhook } from "@locale/core/webhooks";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZOrgScope, ZProjectScope, ZUpdateWebhookBody, ZWebhook } from "./webhooks.types";

const summary = "Change a webhook's url, events or active flag";
const ZId = z.object({ id: z.string() });

export const updateOrganizationWebhookProcedure = authedProcedure
  .meta({ openapi: { method: "PATCH", path: "/organizations/{orgId}/webhooks/{id}", tags, summary } })
  .input(ZUpdateWebhookBody.merge(ZOrgScope).merge(ZId))
  .output(ZWebhook)
  .mutation(({ ctx, input: { orgId, id, ...body } }) => updateWebhook(ctx.svc, { orgId }, id, body));

export const updateProjectWebhookProcedure = authedProcedure
  .meta({ openapi: { method: "PATCH", path: "/projects/{projectId}/webhooks/{id}", tags, summary } })
  .input(ZUpdateWebhookBody.merge(ZProjectScope).merge(ZId))
  .output(ZWebhook)
  .mutation(({ ctx, input: { projectId, id, ...body } }) => updateWebhook(ctx.svc, { projectId }, id, body));
