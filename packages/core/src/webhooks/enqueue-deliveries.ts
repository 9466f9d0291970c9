// Outbox for webhooks: every activity entry that a subscription asks for becomes a pending
// delivery row in the same transaction; the worker sends it (and retries) after commit.
import type { Activity } from "@locale/db";
import { sqlOf, type WriteTx } from "../shared/write-tx";
import { WEBHOOK_DELIVERIES_CHANNEL } from "./deliver-webhook";
import { webhookPayloadOf } from "./webhook-payload";

/**
 * The deliveries of an activity entry to the webhooks subscribed to it, which record-activity.ts
 * selects in the statement that inserts the entry (active, of the organization, for the entry's
 * project or all projects, for its action or "*").
 */
export async function enqueueWebhookDeliveries(tx: WriteTx, entry: Activity, webhookIds: string[]): Promise<void> {
  if (webhookIds.length === 0) return;
  const sql = sqlOf(tx);
  // Raw, as every statement of `Database.transaction`; the columns Prisma's createMany filled.
  await sql.execute(
    `INSERT INTO "WebhookDelivery" ("id", "webhookId", "event", "payload", "nextAttemptAt", "createdAt", "updatedAt")
     SELECT uuid_v7(), w, $2, $3::jsonb, $4::timestamptz, now(), now() FROM unnest($1::text[]) AS w`,
    [webhookIds, entry.action, JSON.stringify(webhookPayloadOf(entry)), new Date().toISOString()],
  );
  // Delivered on commit only: wakes the worker's dispatcher instead of leaving it to its next poll.
  await sql.execute(`SELECT pg_notify($1, '')`, [WEBHOOK_DELIVERIES_CHANNEL]);
}
