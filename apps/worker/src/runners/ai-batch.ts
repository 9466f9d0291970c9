// Runs AI batch jobs (and pre-translations, which are AI jobs) through the job queue (pg-boss, see
// ../queue). A dispatcher reserves runnable AiJob rows and queues one `ai.batch` job per
// reservation in the same transaction; queue handlers claim the row for this worker and run it.
// The job's state machine and its SQL are core's (`@locale/core/ai`: run-ai-job.ts, job-lease.ts):
// this runner only owns the timers, the queue, the NOTIFY listeners and this process's switches. The dispatcher wakes
// on the NOTIFY a batch start raises, and every AI_JOB_POLL_MS — which is also how a job whose
// worker died is found again once its lease (AI_JOB_LEASE_MS) runs out. AI_WORKER_JOBS jobs run
// at a time per worker process.
import { randomUUID } from "node:crypto";
import {
  AI_JOB_CANCEL_CHANNEL,
  AI_JOBS_CHANNEL,
  aiConfigFromEnv,
  claimJob,
  releaseLease,
  reserveRunnableJobs,
  runAiJob,
} from "@locale/core/ai";
import { createQueue } from "../queue";
import type { Runner, WorkerDeps } from "../runner";

export const AI_BATCH_JOB = "ai.batch";
const RESERVE_BATCH = 20;

export interface AiBatchRunnerOptions {
  workerId?: string;
  leaseMs?: number;
  pollMs?: number;
  maxJobs?: number;
}

export interface AiBatchRunnerHandle {
  stop(): Promise<void>;
  /** Stops at once without writing anything more about its jobs, as a crashed process would (tests). */
  kill(): Promise<void>;
  readonly workerId: string;
}

const numberOf = (value: unknown, fallback: number): number => {
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export interface AiBatchRunner extends Runner {
  start(deps: WorkerDeps): Promise<AiBatchRunnerHandle>;
}

export function createAiBatchRunner(options: AiBatchRunnerOptions = {}): AiBatchRunner {
  return {
    name: "ai-batch",
    async start(deps) {
      const { db } = deps;
      const logger = deps.logger.child({ runner: "ai-batch" });
      const ai = deps.config.ai ?? aiConfigFromEnv(deps.env);
      const workerId = options.workerId ?? `worker-${randomUUID()}`;
      const leaseMs = options.leaseMs ?? numberOf(deps.env.AI_JOB_LEASE_MS, 30_000);
      const pollMs = options.pollMs ?? numberOf(deps.env.AI_JOB_POLL_MS, Math.min(2_000, leaseMs));
      const maxJobs = options.maxJobs ?? numberOf(deps.env.AI_WORKER_JOBS, 2);
      const controller = new AbortController();
      let stopping = false;
      let killed = false;
      const running = new Set<Promise<void>>();
      const active = new Set<string>();
      const cancelAnnounced = new Set<string>();
      const queue = createQueue(db, logger);
      await queue.start();

      const runJob = async (jobId: string): Promise<void> => {
        if (stopping || killed) return;
        if (!(await claimJob(db, jobId, workerId, leaseMs))) return;
        // The job runs here already: its lease looked expired (this process was too slow to renew
        // it, e.g. on a loaded machine) and the dispatcher queued it again. The claim just gave the
        // lease back to that run; a second run would ask the provider again for the items the first
        // has in flight. Should the first run have stopped meanwhile, it releases the job, and the
        // dispatcher queues it once more.
        if (active.has(jobId)) {
          logger.debug({ jobId }, "AI batch job already running in this worker; its lease was taken back");
          return;
        }
        active.add(jobId);
        try {
          await runAiJob(
            {
              db,
              runtime: deps.runtime,
              ai,
              workerId,
              leaseMs,
              signal: controller.signal,
              isKilled: () => killed,
              isStopping: () => stopping,
              isCancelAnnounced: () => cancelAnnounced.has(jobId),
            },
            jobId,
          );
        } catch (err) {
          if (!killed) logger.error({ err, jobId }, "AI batch job failed");
        } finally {
          cancelAnnounced.delete(jobId);
          // A job this worker no longer works on must not stay leased to it (a crash skips this).
          // Released before it leaves `active`, so a claim arriving meanwhile never starts a run
          // that the release would then take the lease from.
          if (!killed) await releaseLease(db, jobId, workerId).catch(() => {});
          active.delete(jobId);
        }
      };

      await queue.work<{ jobId: string }>(AI_BATCH_JOB, { batchSize: 1, concurrency: maxJobs }, async (jobs) => {
        for (const job of jobs) {
          const done = runJob(job.data.jobId);
          running.add(done);
          await done.finally(() => running.delete(done));
          wake(); // capacity freed: look for the next job now rather than at the next poll
        }
      });

      const dispatch = async () => {
        // Only as many as this worker can start now: a reservation nobody takes would just
        // expire and be queued again. A finished job wakes the dispatcher for the next one.
        const capacity = Math.min(RESERVE_BATCH, maxJobs - running.size);
        if (capacity <= 0 || stopping || killed) return;
        const reserved = await db.prisma.$transaction(async (tx) => {
          const ids = await reserveRunnableJobs(tx, leaseMs, capacity);
          for (const jobId of ids) {
            // Not retried by the queue: a lost run is found again through the job's lease, so
            // the queue's own expiry only has to outlast a long job (pg-boss allows < 24 h).
            await queue.sendInTransaction(tx, AI_BATCH_JOB, { jobId }, { retryLimit: 0, expireInSeconds: 12 * 60 * 60 });
          }
          return ids.length;
        });
        if (reserved > 0) queue.wake(AI_BATCH_JOB);
      };
      let dispatching: Promise<void> | null = null;
      let again = false;
      function wake(): void {
        if (stopping || killed) return;
        if (dispatching) {
          again = true;
          return;
        }
        dispatching = dispatch()
          .catch((err: unknown) => {
            if (!stopping && !killed) logger.error({ err }, "dispatching AI batch jobs failed");
          })
          .finally(() => {
            dispatching = null;
            if (again) {
              again = false;
              wake();
            }
          });
      }

      // A NOTIFY lost with the database connection: look for runnable jobs once it is back.
      const unlisten = await db.listen(AI_JOBS_CHANNEL, wake, wake);
      const unlistenCancel = await db.listen(AI_JOB_CANCEL_CHANNEL, (jobId) => {
        if (active.has(jobId)) cancelAnnounced.add(jobId);
      });
      const poll = setInterval(wake, pollMs);
      poll.unref();
      wake();

      const halt = async () => {
        clearInterval(poll);
        await unlisten().catch(() => {});
        await unlistenCancel().catch(() => {});
        await dispatching?.catch(() => {});
      };
      return {
        workerId,
        async stop() {
          if (stopping || killed) return;
          stopping = true;
          await halt();
          await Promise.allSettled([...running]);
          await queue.stop({ timeoutMs: 15_000 });
        },
        async kill() {
          if (killed) return;
          killed = true;
          controller.abort();
          await halt();
          await Promise.allSettled([...running]);
          await queue.stop({ timeoutMs: 1_000 });
        },
      };
    },
  };
}

export const aiBatchRunner = createAiBatchRunner();
