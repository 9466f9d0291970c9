import { sendTestWebhook } from "@locale/core/webhooks";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZOrgScope, ZProjectScope, ZWebhookDelivery } from "./webhooks.types";

const summary = "Send a `webhook.test` event now; answers the delivery after its first attempt (the worker retries a failure)";
const ZId = z.object({ id: z.string() });

export const testOrganizationWebhookProcedure = authedProcedure
  .meta({ openapi: { method: "POST", path: "/organizations/{orgId}/webhooks/{id}/test", tags, summary } })
  .input(ZOrgScope.merge(ZId))
  .output(ZWebhookDelivery)
  .mutation(({ ctx, input }) =>
    sendTestWebhook(ctx.svc, { orgId: input.orgId }, input.id, {
      retryBaseMs: ctx.config.WEBHOOK_RETRY_BASE_MS,
      timeoutMs: ctx.config.WEBHOOK_TIMEOUT_MS,
      allowedHosts: ctx.core.webhookAllowedHosts,
    }),
  );

export const testProjectWebhookProcedure = authedProcedure
  .meta({ openapi: { method: "POST", path: "/projects/{projectId}/webhooks/{id}/test", tags, summary } })
  .input(ZProjectScope.merge(ZId))
  .output(ZWebhookDelivery)
  .mutation(({ ctx, input }) =>
    sendTestWebhook(ctx.svc, { projectId: input.projectId }, input.id, {
      retryBaseMs: ctx.config.WEBHOOK_RETRY_BASE_MS,
      timeoutMs: ctx.config.WEBHOOK_TIMEOUT_MS,
      allowedHosts: ctx.core.webhookAllowedHosts,
    }),
  );
