// Sends webhook deliveries (the outbox rows recordActivity writes) through the job queue.
// A dispatcher claims due pending deliveries (SKIP LOCKED, leased for a minute) and, in the same
// transaction, queues one `webhook.deliver` job per attempt; queue workers make the attempt,
// which records itself and schedules the next one (WEBHOOK_RETRY_BASE_MS, doubling, 8 attempts).
// The dispatcher wakes on the NOTIFY the outbox raises at commit, when a retry falls due, and
// every WEBHOOK_POLL_MS; several worker processes on one PostgreSQL database share the work.
// Also read: WEBHOOK_TIMEOUT_MS (10 s), WEBHOOK_CONCURRENCY (4 attempts at a time per process),
// WEBHOOK_DELIVERY_RETENTION_DAYS (30; finished deliveries are purged hourly after that),
// WEBHOOK_ALLOWED_HOSTS (internal hosts deliveries may reach; see core's webhook-address.ts).
import {
  attemptWebhookDelivery,
  type ClaimedDelivery,
  claimDueDeliveries,
  parseAllowedHosts,
  purgeWebhookDeliveries,
  WEBHOOK_CLAIM_LEASE_MS,
  WEBHOOK_DEFAULT_RETENTION_DAYS,
  WEBHOOK_DEFAULT_RETRY_BASE_MS,
  WEBHOOK_DELIVERIES_CHANNEL,
  WEBHOOK_TIMEOUT_MS,
} from "@locale/core/webhooks";
import { createQueue } from "../queue";
import type { Runner, WorkerEnv } from "../runner";

export const WEBHOOK_DELIVER_JOB = "webhook.deliver";
const CLAIM_BATCH = 50;
const MAX_ROUNDS_PER_DISPATCH = 20;
const PURGE_EVERY_MS = 60 * 60 * 1000;

function positiveInt(env: WorkerEnv, name: string, fallback: number): number {
  const value = Number(env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export const webhookDeliveriesRunner: Runner = {
  name: "webhook-deliveries",
  async start({ db, config, env, logger: parentLogger }) {
    const logger = parentLogger.child({ runner: "webhook-deliveries" });
    const retryBaseMs = positiveInt(env, "WEBHOOK_RETRY_BASE_MS", WEBHOOK_DEFAULT_RETRY_BASE_MS);
    const pollMs = positiveInt(env, "WEBHOOK_POLL_MS", 1000);
    const concurrency = positiveInt(env, "WEBHOOK_CONCURRENCY", 4);
    const timeoutMs = positiveInt(env, "WEBHOOK_TIMEOUT_MS", WEBHOOK_TIMEOUT_MS);
    const retentionDays = positiveInt(env, "WEBHOOK_DELIVERY_RETENTION_DAYS", WEBHOOK_DEFAULT_RETENTION_DAYS);
    const allowedHosts = config.webhookAllowedHosts ?? parseAllowedHosts(String(env.WEBHOOK_ALLOWED_HOSTS ?? ""));
    const queue = createQueue(db, logger);
    await queue.start();

    let stopped = false;
    let queued = false;
    let running: Promise<void> = Promise.resolve();
    const retryTimers = new Set<NodeJS.Timeout>();

    const dispatch = async () => {
      for (let round = 0; round < MAX_ROUNDS_PER_DISPATCH && !stopped; round++) {
        const claimed = await db.prisma.$transaction(async (tx) => {
          const due = await claimDueDeliveries(tx, { limit: CLAIM_BATCH });
          for (const delivery of due) {
            await queue.sendInTransaction<ClaimedDelivery>(tx, WEBHOOK_DELIVER_JOB, delivery, {
              // A lost job is not retried by the queue: the delivery's lease runs out and the
              // dispatcher queues the same attempt again.
              retryLimit: 0,
              expireInSeconds: WEBHOOK_CLAIM_LEASE_MS / 1000,
            });
          }
          return due.length;
        });
        if (claimed > 0) queue.wake(WEBHOOK_DELIVER_JOB);
        if (claimed < CLAIM_BATCH) return;
      }
    };
    const kick = () => {
      if (stopped || queued) return;
      queued = true;
      running = running.then(async () => {
        queued = false;
        try {
          await dispatch();
        } catch (err) {
          logger.error({ err }, "webhook dispatch failed");
        }
      });
    };
    const kickAt = (when: Date) => {
      if (stopped) return;
      const timer = setTimeout(
        () => {
          retryTimers.delete(timer);
          kick();
        },
        Math.max(0, when.getTime() - Date.now()),
      );
      timer.unref();
      retryTimers.add(timer);
    };

    await queue.work<ClaimedDelivery>(WEBHOOK_DELIVER_JOB, { batchSize: 1, concurrency }, async (jobs) => {
      for (const job of jobs) {
        const outcome = await attemptWebhookDelivery(db, job.data.id, job.data.attempt, { retryBaseMs, timeoutMs, allowedHosts });
        if (!outcome) continue;
        const fields = {
          deliveryId: outcome.deliveryId,
          webhookId: outcome.webhookId,
          event: outcome.event,
          attempt: outcome.attempt,
          status: outcome.status,
          responseStatus: outcome.responseStatus,
          durationMs: outcome.durationMs,
          error: outcome.error,
        };
        if (outcome.status === "succeeded") logger.info(fields, "webhook delivered");
        else logger.warn({ ...fields, nextAttemptAt: outcome.nextAttemptAt }, "webhook attempt failed");
        if (outcome.nextAttemptAt) kickAt(outcome.nextAttemptAt);
      }
    });

    const unlisten = await db.listen(WEBHOOK_DELIVERIES_CHANNEL, kick, kick);
    const poll = setInterval(kick, pollMs);
    poll.unref();
    kick();

    const purge = () => {
      running = running.then(async () => {
        try {
          const purged = await purgeWebhookDeliveries(db, { retentionDays });
          if (purged) logger.info({ purged }, "purged old webhook deliveries");
        } catch (err) {
          logger.error({ err }, "purge of webhook deliveries failed");
        }
      });
    };
    const purgeTimer = setInterval(purge, PURGE_EVERY_MS);
    purgeTimer.unref();

    return {
      async stop() {
        stopped = true;
        clearInterval(poll);
        clearInterval(purgeTimer);
        for (const timer of retryTimers) clearTimeout(timer);
        retryTimers.clear();
        await unlisten();
        await running;
        // In-flight attempts finish (the HTTP timeout is 10 s) before the connection goes away.
        await queue.stop({ timeoutMs: 15_000 });
      },
    };
  },
};
