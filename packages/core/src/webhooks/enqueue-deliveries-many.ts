// The outbox for many activity entries of one organization written in one transaction (a
// pre-translation's chunk of values): the subscriptions are read once per (project, action) instead
// of once per entry, and the worker's dispatcher is woken once. Same rows as enqueueWebhookDeliveries
// would write entry by entry.
import type { Activity, Prisma } from "@locale/db";
import { WEBHOOK_DELIVERIES_CHANNEL } from "./deliver-webhook";
import { webhookPayloadOf } from "./webhook-payload";

export async function enqueueWebhookDeliveriesMany(
  tx: Prisma.TransactionClient,
  entries: Activity[],
  /** The subscribed webhooks, when the caller selected them already (entries of one project and action). */
  webhookIds?: string[],
): Promise<void> {
  if (webhookIds) return insertDeliveries(tx, webhookIds.length ? entries.flatMap((e) => deliveriesOf(e, webhookIds)) : []);
  const groups = new Map<string, Activity[]>();
  for (const e of entries) {
    const group = `${e.organizationId}\u0000${e.projectId ?? ""}\u0000${e.action}`;
    const members = groups.get(group);
    if (members) members.push(e);
    else groups.set(group, [e]);
  }
  const data: Prisma.WebhookDeliveryCreateManyInput[] = [];
  for (const group of groups.values()) {
    const first = group[0]!;
    const hooks = await tx.webhook.findMany({
      where: {
        organizationId: first.organizationId,
        active: true,
        OR: [{ projectId: null }, ...(first.projectId ? [{ projectId: first.projectId }] : [])],
        AND: [{ OR: [{ events: { has: first.action } }, { events: { has: "*" } }] }],
      },
      select: { id: true },
    });
    const ids = hooks.map((h) => h.id);
    for (const entry of ids.length ? group : []) data.push(...deliveriesOf(entry, ids));
  }
  await insertDeliveries(tx, data);
}

function deliveriesOf(entry: Activity, webhookIds: string[]): Prisma.WebhookDeliveryCreateManyInput[] {
  const payload = webhookPayloadOf(entry);
  return webhookIds.map((webhookId) => ({ webhookId, event: entry.action, payload, nextAttemptAt: new Date() }));
}

async function insertDeliveries(tx: Prisma.TransactionClient, data: Prisma.WebhookDeliveryCreateManyInput[]): Promise<void> {
  if (data.length === 0) return;
  await tx.webhookDelivery.createMany({ data });
  await tx.$executeRaw`SELECT pg_notify(${WEBHOOK_DELIVERIES_CHANNEL}, '')`;
}
