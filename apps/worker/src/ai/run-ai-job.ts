// Processes one claimed batch job: emits `start` once, translates its pending items (several at a
// time, throttled per organization), saves each result with its item status, job counters and
// `progress` event in one transaction, and finishes with `complete` (possibly aborted after 5
// consecutive failures) or `cancelled`. Every write first checks that this worker still holds the
// job's lease, so a worker that lost the job (or was presumed dead) never writes over the one that
// took it over; items already done are never redone because only `pending` items are processed.
import type { Logger } from "pino";
import type { Database, Prisma } from "@locale/db";
import { recordActivity } from "@locale/core";
import {
  appendJobEvent,
  findModel,
  loadAiOrgSettings,
  MAX_CONSECUTIVE_FAILURES,
  publishJobEvents,
  saveAiTranslationInTx,
  translateString,
  type AiConfig,
  type BatchOptions,
} from "@locale/core/ai";
import { renewLease } from "./job-lease";

type Tx = Prisma.TransactionClient;

export interface JobRunContext {
  db: Database;
  ai: AiConfig;
  logger: Logger;
  workerId: string;
  leaseMs: number;
  /** Aborted when the worker is killed or shuts down: no new items, in-flight calls cancelled when killed. */
  signal: AbortSignal;
  /** True when the worker must stop writing at once (simulated crash). */
  isKilled(): boolean;
  /** True when the worker is shutting down gracefully: finish in-flight items, then give the job back. */
  isStopping(): boolean;
}

interface PendingItem {
  itemId: string;
  keyId: string;
  key: string | null;
  namespace: string;
  description: string;
  sourceText: string | null;
}

class LeaseLost extends Error {}

/** Serialises a job's writes so event ids are committed in increasing order (readers page by id). */
class Mutex {
  private tail = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

async function holdLease(tx: Tx, jobId: string, workerId: string): Promise<void> {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(`SELECT id FROM "AiJob" WHERE id = $1 AND "lockedBy" = $2 FOR UPDATE`, jobId, workerId);
  if (rows.length === 0) throw new LeaseLost();
}

export async function runAiJob(ctx: JobRunContext, jobId: string): Promise<void> {
  const { db, workerId } = ctx;
  const job = await db.prisma.aiJob.findUnique({ where: { id: jobId } });
  if (!job) return;
  const mutex = new Mutex();
  const write = async (fn: (tx: Tx) => Promise<void>): Promise<void> => {
    await mutex.run(async () => {
      if (ctx.isKilled()) throw new LeaseLost();
      await db.prisma.$transaction(async (tx) => {
        await holdLease(tx, jobId, workerId);
        await fn(tx);
      });
      await publishJobEvents(db, jobId);
    });
  };
  const author = { system: "ai", organizationId: job.organizationId };
  let translated = job.translated;
  let skipped = job.skipped;
  let failed = job.failed;
  let completed = job.translated + job.failed;
  let consecutiveFailures = 0;
  let abortReason: string | null = null;
  let cancelRequested = job.cancelRequested;
  let leaseLost = false;

  const finishCancelled = () =>
    write(async (tx) => {
      await tx.aiJob.update({ where: { id: jobId }, data: { status: "cancelled", finishedAt: new Date(), lockedBy: null } });
      await tx.aiJobItem.updateMany({ where: { jobId, status: "pending" }, data: { status: "skipped" } });
      await appendJobEvent(tx, jobId, "cancelled", { jobId, translated, failed, total: job.total });
    });

  try {
    if (cancelRequested) return await finishCancelled();
    const startedAt = job.startedAt ?? new Date();
    if (!job.startedAt) {
      await write(async (tx) => {
        await tx.aiJob.update({ where: { id: jobId }, data: { status: "running", startedAt } });
        await appendJobEvent(tx, jobId, "start", { jobId, total: job.total });
      });
    }

    const model = findModel(job.model);
    const org = await loadAiOrgSettings(db, job.organizationId, ctx.ai);
    const credentials = model ? org.credentials[model.provider] : undefined;
    const options = (job.options ?? {}) as BatchOptions;
    const items = await db.prisma.$queryRawUnsafe<PendingItem[]>(
      `SELECT i.id AS "itemId", i."keyId", k.key, COALESCE(k.namespace, '') AS namespace, COALESCE(k.description, '') AS description, s.value AS "sourceText"
       FROM "AiJobItem" i
       LEFT JOIN "Key" k ON k.id = i."keyId"
       LEFT JOIN "Translation" s ON s."keyId" = i."keyId" AND s.language = $2
       WHERE i."jobId" = $1 AND i.status = 'pending'
       ORDER BY i.position`,
      jobId,
      job.sourceLanguage,
    );
    if (!model || !credentials) abortReason = `The AI provider of model ${job.model} is no longer configured`;

    const heartbeat = setInterval(() => {
      renewLease(db, jobId, workerId)
        .then((lease) => {
          if (!lease) leaseLost = true;
          else if (lease.cancelRequested) cancelRequested = true;
        })
        .catch(() => {});
    }, Math.max(100, Math.floor(ctx.leaseMs / 3)));

    const shouldStop = () => ctx.isKilled() || ctx.isStopping() || leaseLost || cancelRequested || abortReason !== null;

    const processItem = async (item: PendingItem): Promise<void> => {
      let outcome: { status: "translated" | "failed" | "skipped"; translation?: string; confidence?: number; error?: string };
      if (item.key === null || !item.sourceText) {
        outcome = { status: "skipped", error: item.key === null ? "The key was deleted" : "The source text is empty" };
      } else {
        try {
          const answer = await translateString(db, ctx.ai, {
            organizationId: job.organizationId,
            projectId: job.projectId,
            keyId: item.keyId,
            keyName: item.key,
            keyDescription: item.description,
            namespace: item.namespace,
            sourceLanguage: job.sourceLanguage,
            targetLanguage: job.targetLanguage,
            sourceText: item.sourceText,
            tone: options.toneInstruction ?? org.toneInstructions,
            style: options.styleInstruction,
            additionalContext: options.additionalContext,
            model: model!,
            credentials: credentials!,
            signal: ctx.signal,
          });
          outcome = { status: "translated", translation: answer.translation, confidence: answer.confidence };
        } catch (err) {
          if (ctx.isKilled()) throw new LeaseLost();
          outcome = { status: "failed", error: err instanceof Error ? err.message : String(err) };
        }
      }
      await write(async (tx) => {
        let status = outcome.status;
        if (status === "translated") {
          const saved = await saveAiTranslationInTx(tx, {
            organizationId: job.organizationId,
            projectId: job.projectId,
            keyId: item.keyId,
            key: item.key!,
            sourceLanguage: job.sourceLanguage,
            targetLanguage: job.targetLanguage,
            sourceText: item.sourceText!,
            translation: outcome.translation!,
            confidence: outcome.confidence!,
            model: job.model,
            jobId,
          });
          if (!saved) outcome = { status: (status = "skipped"), error: "Translated by someone else meanwhile" };
        }
        const updated = await tx.aiJobItem.updateMany({
          where: { id: item.itemId, status: "pending" },
          data: { status, translation: outcome.translation ?? null, confidence: outcome.confidence ?? null, error: outcome.error ?? null },
        });
        if (updated.count === 0) throw new LeaseLost();
        const nextTranslated = translated + (status === "translated" ? 1 : 0);
        const nextFailed = failed + (status === "failed" ? 1 : 0);
        await tx.aiJob.update({
          where: { id: jobId },
          data: { translated: nextTranslated, failed: nextFailed, skipped: skipped + (status === "skipped" ? 1 : 0), heartbeatAt: new Date() },
        });
        await appendJobEvent(tx, jobId, "progress", {
          jobId,
          keyId: item.keyId,
          key: item.key ?? "",
          status,
          ...(outcome.translation !== undefined ? { translation: outcome.translation, confidence: outcome.confidence } : {}),
          ...(outcome.error !== undefined ? { error: outcome.error } : {}),
          completed: completed + 1,
          failed: nextFailed,
          total: job.total,
        });
        // Counters change only once the transaction's writes are in place (a rollback leaves them).
        translated = nextTranslated;
        failed = nextFailed;
        if (status === "skipped") skipped++;
        completed++;
      });
      if (outcome.status === "failed") {
        consecutiveFailures++;
        if (consecutiveFailures >= MAX_CONSECUTIVE_FAILURES && abortReason === null) {
          abortReason = `Stopped after ${MAX_CONSECUTIVE_FAILURES} consecutive failures; last error: ${outcome.error}`;
        }
      } else if (outcome.status === "translated") consecutiveFailures = 0;
    };

    let next = 0;
    const lane = async () => {
      try {
        while (next < items.length && !shouldStop()) {
          const lease = await renewLease(db, jobId, workerId);
          if (!lease) leaseLost = true;
          else if (lease.cancelRequested) cancelRequested = true;
          if (shouldStop()) break;
          const item = items[next++]!;
          await processItem(item);
        }
      } catch (err) {
        // Any lane failing stops the others before their next item; the job stays leased to
        // nobody useful, so its lease runs out and a worker resumes it.
        leaseLost = true;
        if (!(err instanceof LeaseLost)) throw err;
      }
    };
    let laneResults: PromiseSettledResult<void>[];
    try {
      laneResults = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(ctx.ai.maxConcurrency, items.length)) }, lane));
    } finally {
      clearInterval(heartbeat);
    }
    const laneError = laneResults.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (laneError) throw laneError.reason;

    if (ctx.isKilled() || leaseLost) return;
    if (ctx.isStopping() && !cancelRequested && abortReason === null && next < items.length) return; // handed back by the caller
    if (!cancelRequested) {
      const lease = await renewLease(db, jobId, workerId);
      if (!lease) return;
      cancelRequested = lease.cancelRequested;
    }
    if (cancelRequested && abortReason === null && next < items.length) return await finishCancelled();

    const aborted = abortReason !== null;
    await write(async (tx) => {
      const skippedByAbort = await tx.aiJobItem.updateMany({ where: { jobId, status: "pending" }, data: { status: "skipped" } });
      const finishedAt = new Date();
      await tx.aiJob.update({
        where: { id: jobId },
        data: { status: aborted ? "aborted" : "completed", abortReason, finishedAt, lockedBy: null },
      });
      const durationMs = finishedAt.getTime() - startedAt.getTime();
      await appendJobEvent(tx, jobId, "complete", {
        jobId,
        translated,
        failed,
        total: job.total,
        durationMs,
        ...(aborted ? { aborted: true, abortReason } : {}),
      });
      await recordActivity(tx, author, {
        action: "translation.batch_completed",
        projectId: job.projectId,
        targetId: jobId,
        targetType: "ai_job",
        metadata: {
          jobId,
          language: job.targetLanguage,
          model: job.model,
          total: job.total,
          translated,
          failed,
          skipped: skipped + skippedByAbort.count,
          aborted,
          ...(aborted ? { abortReason } : {}),
          durationMs,
        },
      });
    });
  } catch (err) {
    if (err instanceof LeaseLost || ctx.isKilled()) return;
    throw err;
  }
}
