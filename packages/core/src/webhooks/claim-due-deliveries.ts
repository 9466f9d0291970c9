// The worker's dispatcher takes due deliveries here: locked with SKIP LOCKED so concurrent
// dispatchers (several worker processes) never take the same row, and leased by moving
// `nextAttemptAt` forward, so a delivery whose job is lost is due again once the lease runs out.
import type { Prisma } from "@locale/db";
import { WEBHOOK_CLAIM_LEASE_MS } from "./deliver-webhook";

export interface ClaimedDelivery {
  id: string;
  /** Number of the attempt to make. */
  attempt: number;
}

export async function claimDueDeliveries(
  tx: Prisma.TransactionClient,
  options: { limit: number; leaseMs?: number },
): Promise<ClaimedDelivery[]> {
  const now = new Date();
  const rows = await tx.$queryRaw<{ id: string; attempts: number }[]>`
    SELECT "id", "attempts" FROM "WebhookDelivery"
    WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now}
    ORDER BY "nextAttemptAt"
    LIMIT ${options.limit}
    FOR UPDATE SKIP LOCKED`;
  if (rows.length === 0) return [];
  await tx.webhookDelivery.updateMany({
    where: { id: { in: rows.map((r) => r.id) } },
    data: { nextAttemptAt: new Date(now.getTime() + (options.leaseMs ?? WEBHOOK_CLAIM_LEASE_MS)) },
  });
  return rows.map((r) => ({ id: r.id, attempt: Number(r.attempts) + 1 }));
}
