// Writes one append-only activity entry, inside the caller's transaction, so the entry exists
// exactly when the change it describes does.
import type { Prisma } from "@locale/db";
import type { Actor } from "../auth/actor";
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

export async function recordActivity(tx: Tx, author: ActivityAuthor, input: ActivityInput): Promise<void> {
  const isSystem = "system" in author;
  const entry = await tx.activity.create({
    data: {
      organizationId: author.organizationId,
      projectId: input.projectId ?? null,
      userId: isSystem ? null : author.userId,
      userName: isSystem ? author.system : author.userName,
      tokenId: isSystem ? null : (author.tokenId ?? null),
      action: input.action,
      targetId: input.targetId ?? null,
      targetType: input.targetType ?? null,
      metadata: (input.metadata ?? {}) as Prisma.InputJsonValue,
    },
  });
  await enqueueWebhookDeliveries(tx, entry);
}
