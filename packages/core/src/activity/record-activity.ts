// Writes one append-only activity entry, inside the caller's transaction, so the entry exists
// exactly when the change it describes does.
import type { Activity, Prisma } from "@locale/db";
import { v7 as uuidv7 } from "uuid";
import type { Actor } from "../auth/actor";
import { sqlOf, type WriteTx } from "../shared/write-tx";
import { enqueueWebhookDeliveries } from "../webhooks/enqueue-deliveries";
import type { ActivityAction } from "./actions";

export type Tx = Prisma.TransactionClient;

/** Who did it: a request's actor, or a named system process (the worker, the AI). */
export type ActivityAuthor = Actor | { system: string; organizationId: string };

export interface ActivityInput {
  action: ActivityAction;
  projectId?: string | null;
  targetId?: string | null;
  targetType?: string | null;
  metadata?: Record<string, unknown>;
}

// Every write records an entry, so this is one raw statement (issue 26: a Prisma create plus a
// Prisma findMany cost the api more CPU than the rest of a translation save): the entry and, in
// the same round trip, the webhooks subscribed to it (as enqueue-deliveries.ts selects them:
// active, of the organization, for this project or all, for this action or "*").
const INSERT_ACTIVITY_SQL = `
WITH entry AS (
  INSERT INTO "Activity" ("id", "organizationId", "projectId", "userId", "userName", "tokenId", "action", "targetId", "targetType", "metadata")
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb)
  RETURNING *
)
SELECT entry.*,
       ARRAY(SELECT w."id" FROM "Webhook" w
              WHERE w."organizationId" = entry."organizationId" AND w."active"
                AND (w."projectId" IS NULL OR w."projectId" = entry."projectId")
                AND (w."events" @> ARRAY[entry."action"] OR w."events" @> ARRAY['*'])) AS "webhookIds"
  FROM entry`;

/** `tx`: the change's transaction, Prisma's or `Database.transaction`'s (shared/write-tx.ts). */
export async function recordActivity(tx: WriteTx, author: ActivityAuthor, input: ActivityInput): Promise<void> {
  const isSystem = "system" in author;
  const [row] = await sqlOf(tx).query<Activity & { webhookIds: string[] }>(INSERT_ACTIVITY_SQL, [
    uuidv7(),
    author.organizationId,
    input.projectId ?? null,
    isSystem ? null : author.userId,
    isSystem ? author.system : author.userName,
    isSystem ? null : (author.tokenId ?? null),
    input.action,
    input.targetId ?? null,
    input.targetType ?? null,
    JSON.stringify(input.metadata ?? {}),
  ]);
  const { webhookIds, ...entry } = row!;
  await enqueueWebhookDeliveries(tx, entry, webhookIds);
}
