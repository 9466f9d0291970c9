// Rechecks a project's stored quality-check issues after its settings change, through the job
// queue (pg-boss, see ../queue), as the AI batch runner does. The recheck's state machine and its
// SQL are core's (`@locale/core/quality`: qa-recheck.ts, recheck-lease.ts, run-qa-recheck.ts):
// this runner only owns the queue, the timer, the NOTIFY listener and its stop switch. A
// dispatcher reserves runnable rows (queued, or left with an expired lease by a dead worker) and
// queues one `qa.recheck` job per reservation in the same transaction; the handler runs the
// recheck (`runQaRecheck`). It wakes on the NOTIFY of a settings change, and every QA_RECHECK_POLL_MS.
import { randomUUID } from "node:crypto";
import { QA_RECHECK_CHANNEL, reserveRechecks, runQaRecheck } from "@locale/core/quality";
import { createQueue } from "../queue";
import type { Runner, WorkerDeps } from "../runner";

export const QA_RECHECK_JOB = "qa.recheck";

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

      const run = { db, workerId, leaseMs, batchSize, isStopping: () => stopping };
      await queue.work<{ projectId: string }>(QA_RECHECK_JOB, { batchSize: 1, concurrency: 1 }, async (jobs) => {
        for (const job of jobs) {
          const { projectId } = job.data;
          const ran = await runQaRecheck(run, projectId);
          if (ran.claimed) logger.debug({ projectId, done: ran.done }, "quality recheck ran");
        }
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
