// Outbox for webhooks: every activity entry that a subscription asks for becomes a pending
// delivery row in the same transaction; the worker sends it (and retries) after commit.
import type { Activity, Prisma } from "@locale/db";
import { WEBHOOK_DELIVERIES_CHANNEL } from "./deliver-webhook";
import { webhookPayloadOf } from "./webhook-payload";

/**
 * The deliveries of an activity entry to the webhooks subscribed to it, which record-activity.ts
 * selects in the statement that inserts the entry (active, of the organization, for the entry's
 * project or all projects, for its action or "*").
 */
export async function enqueueWebhookDeliveries(tx: Prisma.TransactionClient, entry: Activity, webhookIds: string[]): Promise<void> {
  if (webhookIds.length === 0) return;
  const payload = webhookPayloadOf(entry);
  await tx.webhookDelivery.createMany({
    data: webhookIds.map((webhookId) => ({ webhookId, event: entry.action, payload, nextAttemptAt: new Date() })),
  });
  // Delivered on commit only: wakes the worker's dispatcher instead of leaving it to its next poll.
  await tx.$executeRaw`SELECT pg_notify(${WEBHOOK_DELIVERIES_CHANNEL}, '')`;
}
