// AI batch job ownership (and pre-translations, which are AI jobs). The AiJob row is the source of truth; the queue only carries "run job X".
// - The dispatcher reserves runnable jobs (queued, or running with an expired lease because their
//   worker died) for the queue: `lockedBy = 'queue'` with a fresh `heartbeatAt`, and sends one
//   queue job per reservation in the same transaction (FOR UPDATE SKIP LOCKED: dispatchers of
//   several workers never reserve the same job).
// - The queue handler claims the reserved job for its worker (`lockedBy = <worker id>`); a queue
//   job whose AiJob is already held by a live worker does nothing, so duplicates are harmless.
// - The running worker renews `heartbeatAt`; a reservation or claim older than the lease is
//   reserved again, and whoever claims it resumes the job's pending items.

import type { Database, Prisma } from "@locale/db";
import { AI_QUEUE_RESERVATION } from "./job-events";

type Tx = Prisma.TransactionClient;

const QUEUE_RESERVATION = AI_QUEUE_RESERVATION;

const expired = `("heartbeatAt" IS NULL OR "heartbeatAt" < now() - make_interval(secs => $1::float8 / 1000))`;

export async function reserveRunnableJobs(tx: Tx, leaseMs: number, limit: number): Promise<string[]> {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE "AiJob" SET "lockedBy" = '${QUEUE_RESERVATION}', "heartbeatAt" = now()
     WHERE id IN (
       SELECT id FROM "AiJob"
       WHERE status IN ('queued', 'running') AND ("lockedBy" IS NULL OR ${expired})
       ORDER BY "createdAt"
       FOR UPDATE SKIP LOCKED
       LIMIT ${Math.max(1, Math.floor(limit))})
     RETURNING id`,
    leaseMs,
  );
  return rows.map((r) => r.id);
}

/** Takes a reserved (or abandoned) job for this worker; false when another worker holds it or it is finished. */
export async function claimJob(db: Database, jobId: string, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await db.prisma.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE "AiJob" SET "lockedBy" = $2, "heartbeatAt" = now()
     WHERE id = $3 AND status IN ('queued', 'running')
       AND ("lockedBy" IS NULL OR "lockedBy" = '${QUEUE_RESERVATION}' OR "lockedBy" = $2 OR ${expired})
     RETURNING id`,
    leaseMs,
    workerId,
    jobId,
  );
  return rows.length > 0;
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

/** Gives the job back (graceful shutdown), so it is reserved again at once instead of after the lease. */
export async function releaseLease(db: Database, jobId: string, workerId: string): Promise<void> {
  await db.prisma.$executeRawUnsafe(
    `UPDATE "AiJob" SET "lockedBy" = NULL, "heartbeatAt" = NULL WHERE id = $1 AND "lockedBy" = $2`,
    jobId,
    workerId,
  );
}
