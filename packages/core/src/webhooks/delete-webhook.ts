import type { ServiceContext } from "../context";
import { loadWebhook, type WebhookScope } from "./webhook-scope";

/** Deletes the subscription with its delivery log (pending deliveries are never sent). */
export async function deleteWebhook(ctx: ServiceContext, scope: WebhookScope, webhookId: string): Promise<{ success: true }> {
  const { webhook } = await loadWebhook(ctx, scope, webhookId);
  await ctx.db.prisma.webhook.delete({ where: { id: webhook.id } });
  return { success: true };
}
