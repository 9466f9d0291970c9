// Rechecks a project's stored quality-check issues after its settings change, through the job
// queue (pg-boss, see ../queue), as the AI batch runner does: the `QaRecheck` row is the source of
// truth and keeps the progress (packages/core/src/quality/qa-recheck.ts); the queue only carries
// "recheck project X". A dispatcher reserves runnable rows (queued, or left with an expired lease
// by a dead worker) and queues one `qa.recheck` job per reservation in the same transaction; the
// handler claims the row and rechecks batch after batch from its cursor, each batch renewing the
// lease. It wakes on the NOTIFY of a settings change, and every QA_RECHECK_POLL_MS.
import { randomUUID } from "node:crypto";
import { QA_RECHECK_CHANNEL, QA_RECHECK_RESERVATION, recheckNextBatch } from "@locale/core/quality";
import type { Database, Prisma } from "@locale/db";
import { createQueue } from "../queue";
import type { Runner, WorkerDeps } from "../runner";

export const QA_RECHECK_JOB = "qa.recheck";

const expired = `("heartbeatAt" IS NULL OR "heartbeatAt" < now() - make_interval(secs => $1::float8 / 1000))`;

async function reserveRechecks(tx: Prisma.TransactionClient, leaseMs: number, limit: number): Promise<string[]> {
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

async function claimRecheck(db: Database, projectId: string, workerId: string, leaseMs: number): Promise<boolean> {
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

async function releaseRecheck(db: Database, projectId: string, workerId: string): Promise<void> {
  await db.prisma.$executeRawUnsafe(
    `UPDATE "QaRecheck" SET "lockedBy" = NULL, "heartbeatAt" = NULL WHERE "projectId" = $1 AND "lockedBy" = $2`,
    projectId,
    workerId,
  );
}

const numberOf = (value: unknown, fallback: number): number => {
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export interface QaRecheckRunnerOptions {
  workerId?: string;
  leaseMs?: number;
  pollMs?: number;
  batchSize?: number;
}

export function createQaRecheckRunner(options: QaRecheckRunnerOptions = {}): Runner {
  return {
    name: "qa-recheck",
    async start(deps: WorkerDeps) {
      const { db } = deps;
      const logger = deps.logger.child({ runner: "qa-recheck" });
      const workerId = options.workerId ?? `qa-${randomUUID()}`;
      const leaseMs = options.leaseMs ?? numberOf(deps.env.QA_RECHECK_LEASE_MS, 60_000);
      const pollMs = options.pollMs ?? numberOf(deps.env.QA_RECHECK_POLL_MS, 5_000);
      const batchSize = options.batchSize ?? numberOf(deps.env.QA_RECHECK_BATCH, 2_000);
      let stopping = false;
      const queue = createQueue(db, logger);
      await queue.start();

      const recheck = async (projectId: string) => {
        if (stopping || !(await claimRecheck(db, projectId, workerId, leaseMs))) return;
        let done = false;
        try {
          // Each batch renews the lease; a settings change meanwhile takes the row away (more: false).
          while (!stopping) {
            const batch = await recheckNextBatch(db, projectId, workerId, batchSize);
            if (!batch.more) {
              done = true;
              break;
            }
          }
          logger.debug({ projectId, done }, "quality recheck ran");
        } finally {
          // Stopped before the end: give the row back so another worker resumes at once.
          if (!done) await releaseRecheck(db, projectId, workerId).catch(() => {});
        }
      };

      await queue.work<{ projectId: string }>(QA_RECHECK_JOB, { batchSize: 1, concurrency: 1 }, async (jobs) => {
        for (const job of jobs) await recheck(job.data.projectId);
      });

      let dispatching: Promise<void> | null = null;
      let again = false;
      const dispatch = async () => {
        const reserved = await db.prisma.$transaction(async (tx) => {
          const ids = await reserveRechecks(tx, leaseMs, 10);
          // Not retried by the queue: a lost run is found again through its lease.
          for (const projectId of ids)
            await queue.sendInTransaction(tx, QA_RECHECK_JOB, { projectId }, { retryLimit: 0, expireInSeconds: 12 * 60 * 60 });
          return ids.length;
        });
        if (reserved > 0) queue.wake(QA_RECHECK_JOB);
      };
      function wake(): void {
        if (stopping) return;
        if (dispatching) {
          again = true;
          return;
        }
        dispatching = dispatch()
          .catch((err: unknown) => {
            if (!stopping) logger.error({ err }, "dispatching quality rechecks failed");
          })
          .finally(() => {
            dispatching = null;
            if (again) {
              again = false;
              wake();
            }
          });
      }

      const unlisten = await db.listen(QA_RECHECK_CHANNEL, wake, wake);
      const poll = setInterval(wake, pollMs);
      poll.unref();
      wake();
      return {
        async stop() {
          if (stopping) return;
          stopping = true;
          clearInterval(poll);
          await unlisten().catch(() => {});
          await dispatching?.catch(() => {});
          await queue.stop({ timeoutMs: 15_000 });
        },
      };
    },
  };
}

export const qaRecheckRunner = createQaRecheckRunner();
