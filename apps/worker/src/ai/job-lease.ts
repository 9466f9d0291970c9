// Job ownership: a worker claims a batch job by writing its id into `lockedBy` and renews
// `heartbeatAt` while it works. Claims use FOR UPDATE SKIP LOCKED, so concurrent workers never
// take the same job; a job whose heartbeat is older than the lease (its worker died) can be
// claimed by another worker, which resumes its pending items.
import type { Database } from "@locale/db";

export async function claimNextJob(db: Database, workerId: string, leaseMs: number): Promise<string | null> {
  const rows = await db.prisma.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE "AiJob" SET "lockedBy" = $1, "heartbeatAt" = now()
     WHERE id = (
       SELECT id FROM "AiJob"
       WHERE status IN ('queued', 'running')
         AND ("lockedBy" IS NULL OR "heartbeatAt" IS NULL OR "heartbeatAt" < now() - make_interval(secs => $2::float8 / 1000))
       ORDER BY "createdAt"
       FOR UPDATE SKIP LOCKED
       LIMIT 1)
     RETURNING id`,
    workerId,
    leaseMs,
  );
  return rows[0]?.id ?? null;
}

/** Renews the lease; null when this worker no longer holds the job, else whether cancel was requested. */
export async function renewLease(db: Database, jobId: string, workerId: string): Promise<{ cancelRequested: boolean } | null> {
  const rows = await db.prisma.$queryRawUnsafe<{ cancelRequested: boolean }[]>(
    `UPDATE "AiJob" SET "heartbeatAt" = now() WHERE id = $1 AND "lockedBy" = $2 RETURNING "cancelRequested"`,
    jobId,
    workerId,
  );
  return rows[0] ?? null;
}

/** Gives the job back (graceful shutdown), so another worker can resume it without waiting for the lease. */
export async function releaseLease(db: Database, jobId: string, workerId: string): Promise<void> {
  await db.prisma.$executeRawUnsafe(`UPDATE "AiJob" SET "lockedBy" = NULL, "heartbeatAt" = NULL WHERE id = $1 AND "lockedBy" = $2`, jobId, workerId);
}
