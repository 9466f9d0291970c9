// Ownership of a project's quality recheck, as ai/job-lease.ts is for AI jobs. The `QaRecheck` row
// is the source of truth; the queue only carries "recheck project X".
// - The dispatcher reserves runnable rows (queued, or running with an expired lease because their
//   worker died): `lockedBy = 'queue'` with a fresh `heartbeatAt`, and queues one job per
//   reservation in the same transaction (FOR UPDATE SKIP LOCKED: dispatchers of several workers
//   never reserve the same row).
// - The job's handler claims the row for its worker (`lockedBy = <worker id>`); a claim of a row
//   another live worker holds does nothing, so duplicate jobs are harmless.
// - Each batch renews the lease (recheckNextBatch sets `heartbeatAt`); a reservation or claim older
//   than the lease is reserved again, and whoever claims it resumes from the row's cursor.
import type { Database, Prisma } from "@locale/db";

type Tx = Prisma.TransactionClient;

/** `lockedBy` of a recheck handed to the queue but not yet claimed by a worker. */
export const QA_RECHECK_RESERVATION = "queue";

const expired = `("heartbeatAt" IS NULL OR "heartbeatAt" < now() - make_interval(secs => $1::float8 / 1000))`;

/** Reserves up to `limit` runnable rechecks for the queue, oldest request first; call in the transaction that queues them. */
export async function reserveRechecks(tx: Tx, leaseMs: number, limit: number): Promise<string[]> {
  const rows = await tx.$queryRawUnsafe<{ projectId: string }[]>(
    `UPDATE "QaRecheck" SET "lockedBy" = '${QA_RECHECK_RESERVATION}', "heartbeatAt" = now()
     WHERE "projectId" IN (
       SELECT "projectId" FROM "QaRecheck"
       WHERE status IN ('queued', 'running') AND ("lockedBy" IS NULL OR ${expired})
       ORDER BY "requestedAt" FOR UPDATE SKIP LOCKED LIMIT ${Math.max(1, Math.floor(limit))})
     RETURNING "projectId"`,
    leaseMs,
  );
  return rows.map((r) => r.projectId);
}

/** Takes a reserved (or abandoned) recheck for this worker; false when another worker holds it or it is completed. */
export async function claimRecheck(db: Database, projectId: string, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await db.prisma.$queryRawUnsafe<unknown[]>(
    `UPDATE "QaRecheck" SET "lockedBy" = $2, "heartbeatAt" = now()
     WHERE "projectId" = $3 AND status IN ('queued', 'running')
       AND ("lockedBy" IS NULL OR "lockedBy" = '${QA_RECHECK_RESERVATION}' OR "lockedBy" = $2 OR ${expired})
     RETURNING "projectId"`,
    leaseMs,
    workerId,
    projectId,
  );
  return rows.length > 0;
}

/** Gives the recheck back (a stop before its end), so another worker resumes it at once instead of after the lease. */
export async function releaseRecheck(db: Database, projectId: string, workerId: string): Promise<void> {
  await db.prisma.$executeRawUnsafe(
    `UPDATE "QaRecheck" SET "lockedBy" = NULL, "heartbeatAt" = NULL WHERE "projectId" = $1 AND "lockedBy" = $2`,
    projectId,
    workerId,
  );
}
