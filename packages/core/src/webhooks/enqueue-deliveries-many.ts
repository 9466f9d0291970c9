// The outbox for many activity entries of one organization written in one transaction (a
// pre-translation's chunk of values): the subscriptions are read once per (project, action) instead
// of once per entry, and the worker's dispatcher is woken once. Same rows as enqueueWebhookDeliveries
// would write entry by entry.
import type { Activity, Prisma } from "@locale/db";
import { WEBHOOK_DELIVERIES_CHANNEL } from "./deliver-webhook";
import { webhookPayloadOf } from "./webhook-payload";

export async function enqueueWebhookDeliveriesMany(tx: Prisma.TransactionClient, entries: Activity[]): Promise<void> {
  const groups = new Map<string, Activity[]>();
  for (const e of entries) {
    const group = `${e.organizationId}\u0000${e.projectId ?? ""}\u0000${e.action}`;
    groups.set(group, [...(groups.get(group) ?? []), e]);
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
    for (const entry of hooks.length ? group : []) {
      const payload = webhookPayloadOf(entry);
      for (const h of hooks) data.push({ webhookId: h.id, event: entry.action, payload, nextAttemptAt: new Date() });
    }
  }
  if (data.length === 0) return;
  await tx.webhookDelivery.createMany({ data });
  await tx.$executeRaw`SELECT pg_notify(${WEBHOOK_DELIVERIES_CHANNEL}, '')`;
}
