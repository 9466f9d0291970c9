// POST .../webhooks/:id/test: a `webhook.test` delivery made at once, through the same attempt
// path as real events; a failed first attempt is retried by the worker like any other.
import { randomUUID } from "node:crypto";
import type { ServiceContext } from "../context";
import { attemptWebhookDelivery, type DeliveryOptions, WEBHOOK_CLAIM_LEASE_MS, WEBHOOK_TEST_EVENT } from "./deliver-webhook";
import { toDeliveryRecord, type WebhookDeliveryRecord } from "./webhook-record";
import { loadWebhook, type WebhookScope } from "./webhook-scope";

export async function sendTestWebhook(
  ctx: ServiceContext,
  scope: WebhookScope,
  webhookId: string,
  options: DeliveryOptions,
): Promise<WebhookDeliveryRecord> {
  const { webhook } = await loadWebhook(ctx, scope, webhookId);
  const created = new Date();
  const delivery = await ctx.db.prisma.webhookDelivery.create({
    data: {
      webhookId: webhook.id,
      event: WEBHOOK_TEST_EVENT,
      payload: {
        id: randomUUID(),
        event: WEBHOOK_TEST_EVENT,
        created: created.toISOString(),
        organizationId: webhook.organizationId,
        projectId: webhook.projectId,
        data: { webhookId: webhook.id, userId: ctx.actor.userId, userName: ctx.actor.userName, message: "Test delivery" },
      },
      // Claimed by this request for the first attempt, so the worker does not send it too.
      nextAttemptAt: new Date(created.getTime() + WEBHOOK_CLAIM_LEASE_MS),
    },
  });
  await attemptWebhookDelivery(ctx.db, delivery.id, 1, options);
  const after = await ctx.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id }, include: { attemptLog: true } });
  return toDeliveryRecord(after);
}
