import type { ServiceContext } from "../context";
import { toDeliveryRecord, type WebhookDeliveryRecord } from "./webhook-record";
import { loadWebhook, type WebhookScope } from "./webhook-scope";

export const DELIVERY_LIST_LIMIT = 100;

/** The newest deliveries of one subscription, each with its log of attempts. */
export async function listWebhookDeliveries(ctx: ServiceContext, scope: WebhookScope, webhookId: string): Promise<WebhookDeliveryRecord[]> {
  const { webhook } = await loadWebhook(ctx, scope, webhookId);
  const deliveries = await ctx.db.prisma.webhookDelivery.findMany({
    where: { webhookId: webhook.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: DELIVERY_LIST_LIMIT,
    include: { attemptLog: true },
  });
  return deliveries.map(toDeliveryRecord);
}
