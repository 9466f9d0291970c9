// The delivery log is kept for WEBHOOK_DELIVERY_RETENTION_DAYS; finished deliveries older than
// that are deleted by the worker (pending ones are kept until they finish).
import type { Database } from "@locale/db";

export const WEBHOOK_DEFAULT_RETENTION_DAYS = 30;

export async function purgeWebhookDeliveries(db: Database, options: { retentionDays: number; now?: Date }): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.retentionDays * 24 * 60 * 60 * 1000);
  const { count } = await db.prisma.webhookDelivery.deleteMany({
    where: { createdAt: { lt: cutoff }, status: { in: ["succeeded", "failed"] } },
  });
  return count;
}
