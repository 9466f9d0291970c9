// Runs AI batch jobs. Each worker instance claims queued (or abandoned) jobs from the AiJob table
// with a lease (see ai/job-lease.ts), woken at once by a NOTIFY when a job is started and by a
// poll otherwise, and processes up to AI_WORKER_JOBS jobs at a time.
import { randomUUID } from "node:crypto";
import { AI_JOBS_CHANNEL, aiConfigFromEnv } from "@locale/core/ai";
import type { Runner, WorkerDeps } from "../runner";
import { claimNextJob, releaseLease } from "../ai/job-lease";
import { runAiJob } from "../ai/run-ai-job";

export interface AiBatchRunnerOptions {
  workerId?: string;
  leaseMs?: number;
  pollMs?: number;
  maxJobs?: number;
}

export interface AiBatchRunnerHandle {
  stop(): Promise<void>;
  /** Stops at once without writing anything more, as a crashed process would (tests). */
  kill(): Promise<void>;
  readonly workerId: string;
}

const numberOf = (value: unknown, fallback: number): number => {
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export function createAiBatchRunner(options: AiBatchRunnerOptions = {}): Runner & { start(deps: WorkerDeps): Promise<AiBatchRunnerHandle> } {
  return {
    name: "ai-batch",
    async start(deps) {
      const { db, logger } = deps;
      const ai = deps.config.ai ?? aiConfigFromEnv(deps.env);
      const workerId = options.workerId ?? `worker-${randomUUID()}`;
      const leaseMs = options.leaseMs ?? numberOf(deps.env.AI_JOB_LEASE_MS, 30_000);
      const pollMs = options.pollMs ?? numberOf(deps.env.AI_JOB_POLL_MS, Math.min(2_000, leaseMs));
      const maxJobs = options.maxJobs ?? numberOf(deps.env.AI_WORKER_JOBS, 2);
      const controller = new AbortController();
      let stopping = false;
      let killed = false;
      const running = new Map<string, Promise<void>>();
      let claiming: Promise<void> | null = null;

      const runJob = (jobId: string) => {
        const done = runAiJob(
          { db, ai, logger, workerId, leaseMs, signal: controller.signal, isKilled: () => killed, isStopping: () => stopping },
          jobId,
        )
          .catch((err: unknown) => {
            if (!killed) logger.error({ err, jobId }, "AI batch job failed");
          })
          .then(async () => {
            // Whatever happened, a job this worker no longer works on must not stay leased to it.
            if (!killed) await releaseLease(db, jobId, workerId).catch(() => {});
          })
          .finally(() => {
            running.delete(jobId);
            if (!stopping && !killed) wake();
          });
        running.set(jobId, done);
      };

      const claimLoop = async () => {
        while (!stopping && !killed && running.size < maxJobs) {
          const jobId = await claimNextJob(db, workerId, leaseMs);
          if (!jobId || stopping || killed) {
            if (jobId && !killed) await releaseLease(db, jobId, workerId);
            return;
          }
          runJob(jobId);
        }
      };
      function wake(): void {
        if (claiming || stopping || killed) return;
        claiming = claimLoop()
          .catch((err: unknown) => {
            if (!stopping && !killed) logger.error({ err }, "claiming an AI batch job failed");
          })
          .finally(() => {
            claiming = null;
          });
      }

      const unlisten = await db.listen(AI_JOBS_CHANNEL, () => wake());
      const poll = setInterval(wake, pollMs);
      poll.unref();
      wake();

      const halt = async () => {
        clearInterval(poll);
        await unlisten().catch(() => {});
      };
      return {
        workerId,
        async stop() {
          if (stopping || killed) return;
          stopping = true;
          await halt();
          await claiming;
          await Promise.allSettled([...running.values()]);
        },
        async kill() {
          if (killed) return;
          killed = true;
          controller.abort();
          await halt();
          await claiming?.catch(() => {});
          await Promise.allSettled([...running.values()]);
        },
      };
    },
  };
}

export const aiBatchRunner = createAiBatchRunner();
