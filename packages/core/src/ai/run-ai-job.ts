// Processes one claimed batch job: emits `start` once, translates its pending items (several at a
// time, throttled per organization), saves each result with its item status, job counters and
// `progress` event in one transaction, and finishes with `complete` (possibly aborted after 5
// consecutive failures) or `cancelled`. Every write first checks that this worker still holds the
// job's lease, so a worker that lost the job (or was presumed dead) never writes over the one that
// took it over; items already done are never redone because only `pending` items are processed.
// A pre-translation job (kind `pretranslate`) runs the same way; only where an item's value comes
// from and how it is saved differ (pretranslate/pretranslate-item.ts). The worker's ai-batch runner
// only dispatches and claims jobs (job-lease.ts) and calls this.
//
// Throughput: a lane hands its result to the job's writer and goes on with the next item while the
// save commits; writes are serialised (event ids must commit in increasing order, since readers
// page by id) with a small bound on how far lanes may run ahead of them.

import type { Prisma } from "@locale/db";
import { recordActivity } from "../activity/record-activity";
import { AppError } from "../errors/app-error";
import { type ItemOrigin, pretranslateHandler } from "../pretranslate/pretranslate-item";
import { PRETRANSLATE_KIND } from "../pretranslate/pretranslate-options";
import type { RuntimeDeps } from "../runtime/core-runtime";
import { saveMachineTranslationInTx } from "../translations/save-machine-translation";
import type { AiConfig } from "./ai-config";
import type { BatchOptions } from "./batch-setup";
import type { GatherInput } from "./gather-prompt-context";
import { appendJobEvent, publishJobEvents } from "./job-events";
import { renewLease } from "./job-lease";
import { findModel } from "./model-registry";
import type { PromptMessages } from "./provider-client";
import { MAX_CONSECUTIVE_FAILURES } from "./run-sync-batch";
import { loadAiOrgSettings, preparePrompt, translateString } from "./translate-string";

type Tx = Prisma.TransactionClient;

/** What a run needs from the worker that claimed the job: its database, runtime, lease and switches. */
export interface JobRunContext extends RuntimeDeps {
  ai: AiConfig;
  workerId: string;
  leaseMs: number;
  /** Aborted when the worker is killed: in-flight provider calls are cancelled. */
  signal: AbortSignal;
  /** True when the worker must stop writing at once (simulated crash). */
  isKilled(): boolean;
  /** True when the worker is shutting down gracefully: finish in-flight items, then give the job back. */
  isStopping(): boolean;
  /** True once a cancel of this job was announced (NOTIFY), so lanes stop before their next item. */
  isCancelAnnounced(): boolean;
}

interface PendingItem {
  itemId: string;
  keyId: string;
  key: string | null;
  namespace: string;
  description: string;
  sourceText: string | null;
}

type Outcome = {
  status: "translated" | "failed" | "skipped";
  translation?: string;
  confidence?: number;
  error?: string;
  /** Pre-translation: where the value came from, and the TM match's similarity. */
  origin?: ItemOrigin;
  similarity?: number;
};

class LeaseLost extends Error {}

/**
 * Items a TM-only pre-translation matches and saves at a time (one transaction each). PGlite has one
 * connection for every request, which a chunk's transaction holds: there the chunks stay small.
 */
const TM_CHUNK = { postgres: 1000, pglite: 100 } as const;

const pendingToItem = (i: PendingItem) => ({
  keyId: i.keyId,
  key: i.key!,
  namespace: i.namespace,
  description: i.description,
  sourceText: i.sourceText!,
});

/** Serialises a job's writes so event ids are committed in increasing order. */
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
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id FROM "AiJob" WHERE id = $1 AND "lockedBy" = $2 FOR UPDATE`,
    jobId,
    workerId,
  );
  if (rows.length === 0) throw new LeaseLost();
}

export async function runAiJob(ctx: JobRunContext, jobId: string): Promise<void> {
  const { db, workerId } = ctx;
  const job = await db.prisma.aiJob.findUnique({ where: { id: jobId } });
  if (!job) return;
  const mutex = new Mutex();
  const write = (fn: (tx: Tx) => Promise<void>, checkLease = true): Promise<void> =>
    mutex.run(async () => {
      if (ctx.isKilled()) throw new LeaseLost();
      await db.prisma.$transaction(async (tx) => {
        if (checkLease) await holdLease(tx, jobId, workerId);
        await fn(tx);
      });
      await publishJobEvents(db, jobId);
    });
  const author = { system: "ai", organizationId: job.organizationId };
  let translated = job.translated;
  let failed = job.failed;
  let skipped = job.skipped;
  let completed = job.translated + job.failed;
  let consecutiveFailures = 0;
  let abortReason: string | null = null;
  let cancelRequested = job.cancelRequested;
  let leaseLost = false;
  const isCancelled = () => cancelRequested || ctx.isCancelAnnounced();

  const finishCancelled = () =>
    write(async (tx) => {
      await tx.aiJob.update({
        where: { id: jobId },
        data: { status: "cancelled", cancelRequested: true, finishedAt: new Date(), lockedBy: null },
      });
      await tx.aiJobItem.updateMany({ where: { jobId, status: "pending" }, data: { status: "skipped" } });
      await appendJobEvent(tx, jobId, "cancelled", { jobId, translated, failed, total: job.total });
    });

  try {
    if (isCancelled()) return await finishCancelled();
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
    // Outside Prisma: a pre-translation's items may be 100,000 rows, which Prisma decodes slowly.
    const items = await db.query<PendingItem>(
      `SELECT i.id AS "itemId", i."keyId", k.key, COALESCE(k.namespace, '') AS namespace, COALESCE(k.description, '') AS description, s.value AS "sourceText"
       FROM "AiJobItem" i
       LEFT JOIN "Key" k ON k.id = i."keyId"
       LEFT JOIN "Translation" s ON s."keyId" = i."keyId" AND s.language = $2
       WHERE i."jobId" = $1 AND i.status = 'pending'
       ORDER BY i.position`,
      [jobId, job.sourceLanguage],
    );
    const pretranslate = job.kind === PRETRANSLATE_KIND ? await pretranslateHandler(ctx, ctx.ai, job) : null;
    if (pretranslate) abortReason = pretranslate.unavailable;
    else if (!model || !credentials) abortReason = `The AI provider of model ${job.model} is no longer configured`;

    // The lease is also renewed by every save; this covers slow stretches (long retries).
    const heartbeat = setInterval(
      () => {
        renewLease(db, jobId, workerId)
          .then((lease) => {
            if (!lease) leaseLost = true;
            else if (lease.cancelRequested) cancelRequested = true;
          })
          .catch(() => {});
      },
      Math.max(100, Math.floor(ctx.leaseMs / 3)),
    );

    const shouldStop = () => ctx.isKilled() || ctx.isStopping() || leaseLost || isCancelled() || abortReason !== null;

    const gatherInput = (item: PendingItem): GatherInput => ({
      organizationId: job.organizationId,
      projectId: job.projectId,
      keyId: item.keyId,
      keyName: item.key ?? "",
      keyDescription: item.description,
      namespace: item.namespace,
      sourceLanguage: job.sourceLanguage,
      targetLanguage: job.targetLanguage,
      sourceText: item.sourceText ?? "",
      tone: options.toneInstruction ?? org.toneInstructions,
      style: options.styleInstruction,
      additionalContext: options.additionalContext,
    });
    // The prompt context of the item picked next is read while the current calls wait for the
    // provider, so its queries are off the lanes' critical path.
    const prompts = new Map<string, Promise<PromptMessages>>();
    const prefetch = (item: PendingItem | undefined) => {
      if (pretranslate || !item || item.key === null || !item.sourceText || prompts.has(item.itemId)) return;
      const prompt = preparePrompt(ctx, gatherInput(item));
      prompt.catch(() => {}); // awaited (and its error reported) when the item is processed
      prompts.set(item.itemId, prompt);
    };

    const translateItem = async (item: PendingItem): Promise<Outcome> => {
      if (item.key === null) return { status: "skipped", error: "The key was deleted" };
      if (!item.sourceText) return { status: "skipped", error: "The source text is empty" };
      // A signal per item: the SDK leaves listeners on the signal it is given, so handing it the
      // worker's long-lived one would pile them up over a job.
      const itemAbort = new AbortController();
      const onAbort = () => itemAbort.abort();
      ctx.signal.addEventListener("abort", onAbort, { once: true });
      try {
        if (pretranslate) {
          return await pretranslate.translate(
            { keyId: item.keyId, key: item.key, namespace: item.namespace, description: item.description, sourceText: item.sourceText },
            itemAbort.signal,
          );
        }
        const prompt = prompts.get(item.itemId);
        prompts.delete(item.itemId);
        const answer = await translateString(ctx, ctx.ai, {
          ...gatherInput(item),
          prompt,
          model: model!,
          credentials: credentials!,
          signal: itemAbort.signal,
        });
        return { status: "translated", translation: answer.translation, confidence: answer.confidence };
      } catch (err) {
        if (ctx.isKilled()) throw new LeaseLost();
        return { status: "failed", error: err instanceof Error ? err.message : String(err) };
      } finally {
        ctx.signal.removeEventListener("abort", onAbort);
      }
    };

    const saveItem = (item: PendingItem, result: Outcome): Promise<void> =>
      write(async (tx) => {
        let outcome = result;
        if (outcome.status === "translated") {
          // A value the quality gate refuses (422) fails the item; the gate throws before writing
          // anything, so the transaction still records the item and its event.
          const saving = pretranslate
            ? pretranslate.save(
                tx,
                {
                  keyId: item.keyId,
                  key: item.key!,
                  namespace: item.namespace,
                  description: item.description,
                  sourceText: item.sourceText!,
                },
                outcome as Parameters<typeof pretranslate.save>[2],
              )
            : saveMachineTranslationInTx(tx, {
                origin: "ai",
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
          const saved = await saving.catch((err: unknown) => {
            if (err instanceof AppError && err.code === "UNPROCESSABLE_ENTITY") return err;
            throw err;
          });
          // A refusal keeps its origin, so a pre-translation counts what the gate refused.
          if (saved instanceof AppError) outcome = { status: "failed", error: saved.message, origin: outcome.origin };
          else if (!saved) outcome = { status: "skipped", error: "Translated by someone else meanwhile" };
        }
        const status = outcome.status;
        const next = {
          translated: translated + (status === "translated" ? 1 : 0),
          failed: failed + (status === "failed" ? 1 : 0),
          skipped: skipped + (status === "skipped" ? 1 : 0),
        };
        const event = {
          jobId,
          keyId: item.keyId,
          key: item.key ?? "",
          status,
          ...(outcome.translation !== undefined ? { translation: outcome.translation, confidence: outcome.confidence } : {}),
          ...(outcome.error !== undefined ? { error: outcome.error } : {}),
          ...(pretranslate && outcome.origin ? { origin: outcome.origin } : {}),
          ...(pretranslate && outcome.similarity !== undefined ? { similarity: outcome.similarity } : {}),
          completed: completed + 1,
          failed: next.failed,
          total: job.total,
        };
        // Item, counters (renewing the lease) and event in one statement; no row back means the
        // lease was lost or the item was done by someone else, and the whole save rolls back.
        const rows = await tx.$queryRawUnsafe<{ id: bigint }[]>(
          `WITH item AS (
             UPDATE "AiJobItem" SET status = $3, translation = $4, confidence = $5, error = $6, origin = $12, "updatedAt" = now()
             WHERE id = $1 AND status = 'pending' RETURNING id),
           job AS (
             UPDATE "AiJob" SET translated = $7, failed = $8, skipped = $9, "heartbeatAt" = now(), "updatedAt" = now()
             WHERE id = $2 AND "lockedBy" = $10 AND EXISTS (SELECT 1 FROM item) RETURNING id)
           INSERT INTO "AiJobEvent" ("jobId", event, data) SELECT $2, 'progress', $11::jsonb FROM job RETURNING id`,
          item.itemId,
          jobId,
          status,
          outcome.translation ?? null,
          outcome.confidence ?? null,
          outcome.error ?? null,
          next.translated,
          next.failed,
          next.skipped,
          workerId,
          JSON.stringify(event),
          outcome.origin ?? null,
        );
        if (rows.length === 0) throw new LeaseLost();
        // Counters move only once the transaction's writes are in place (a rollback leaves them).
        ({ translated, failed, skipped } = next);
        completed++;
      }, false);

    /** A TM-only pre-translation's chunk: values, items, counters and one event per item in one transaction. */
    const saveChunk = (chunk: PendingItem[], results: Outcome[]): Promise<void> =>
      write(async (tx) => {
        const outcomes = [...results];
        const found = chunk.flatMap((_, n) => (outcomes[n]!.status === "translated" ? [n] : []));
        if (pretranslate && found.length > 0) {
          const saved = await pretranslate.saveMany(
            tx,
            found.map((n) => pendingToItem(chunk[n]!)),
            found.map((n) => outcomes[n] as Parameters<typeof pretranslate.saveMany>[2][number]),
          );
          for (const [i, n] of found.entries()) {
            const r = saved[i]!;
            // A refusal keeps its origin, so a pre-translation counts what the gate refused.
            if (r instanceof AppError) outcomes[n] = { status: "failed", error: r.message, origin: outcomes[n]!.origin };
            else if (r === "taken") outcomes[n] = { status: "skipped", error: "Translated by someone else meanwhile" };
            else if (r === "deleted") outcomes[n] = { status: "skipped", error: "The key was deleted" };
          }
        }
        let next = { translated, failed, skipped };
        const events = outcomes.map((outcome, n) => {
          const item = chunk[n]!;
          next = {
            translated: next.translated + (outcome.status === "translated" ? 1 : 0),
            failed: next.failed + (outcome.status === "failed" ? 1 : 0),
            skipped: next.skipped + (outcome.status === "skipped" ? 1 : 0),
          };
          return JSON.stringify({
            jobId,
            keyId: item.keyId,
            key: item.key ?? "",
            status: outcome.status,
            ...(outcome.translation !== undefined ? { translation: outcome.translation, confidence: outcome.confidence } : {}),
            ...(outcome.error !== undefined ? { error: outcome.error } : {}),
            ...(outcome.origin ? { origin: outcome.origin } : {}),
            ...(outcome.similarity !== undefined ? { similarity: outcome.similarity } : {}),
            completed: completed + n + 1,
            failed: next.failed,
            total: job.total,
          });
        });
        // As saveItem, for the whole chunk in one statement: no events back means the lease was lost
        // or an item was done by someone else, and the whole chunk rolls back.
        const rows = await tx.$queryRawUnsafe<{ id: bigint }[]>(
          `WITH item AS (
             UPDATE "AiJobItem" i SET status = u.status, translation = u.translation, confidence = NULL, error = u.error, origin = u.origin, "updatedAt" = now()
             FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS u(id, status, translation, error, origin)
             WHERE i.id = u.id AND i.status = 'pending' RETURNING i.id),
           job AS (
             UPDATE "AiJob" SET translated = $7, failed = $8, skipped = $9, "heartbeatAt" = now(), "updatedAt" = now()
             WHERE id = $6 AND "lockedBy" = $10 AND (SELECT count(*) FROM item) = $12 RETURNING id)
           INSERT INTO "AiJobEvent" ("jobId", event, data)
           SELECT $6, 'progress', e.data::jsonb FROM unnest($11::text[]) WITH ORDINALITY AS e(data, n)
           WHERE EXISTS (SELECT 1 FROM job) ORDER BY e.n RETURNING id`,
          chunk.map((i) => i.itemId),
          outcomes.map((o) => o.status),
          outcomes.map((o) => o.translation ?? null),
          outcomes.map((o) => o.error ?? null),
          outcomes.map((o) => o.origin ?? null),
          jobId,
          next.translated,
          next.failed,
          next.skipped,
          workerId,
          events,
          chunk.length,
        );
        if (rows.length !== chunk.length) throw new LeaseLost();
        ({ translated, failed, skipped } = next);
        completed += chunk.length;
      }, false);

    const pendingWrites = new Set<Promise<void>>();
    let writeError: unknown = null;
    const maxAhead = Math.max(2, ctx.ai.maxConcurrency);
    let next = 0;
    /**
     * A TM-only pre-translation needs no provider: its items are matched and saved CHUNK at a time
     * (a few queries per chunk instead of about fifteen per item), the next chunk matched while the
     * last one commits. Each chunk is one transaction, so a kill leaves whole chunks pending.
     */
    const chunks = async () => {
      let saving: Promise<void> = Promise.resolve();
      while (next < items.length && !shouldStop()) {
        const chunk = items.slice(next, next + TM_CHUNK[db.kind]);
        next += chunk.length;
        const usable = chunk.filter((i) => i.key !== null && i.sourceText);
        const matched = await pretranslate!.matchMany(usable.map(pendingToItem));
        const byItem = new Map(usable.map((i, n) => [i.itemId, matched[n]!]));
        const outcomes = chunk.map(
          (i): Outcome =>
            byItem.get(i.itemId) ??
            (i.key === null
              ? { status: "skipped", error: "The key was deleted" }
              : { status: "skipped", error: "The source text is empty" }),
        );
        await saving;
        saving = saveChunk(chunk, outcomes);
        saving.catch(() => {}); // awaited (and its error thrown) before the next chunk is saved
      }
      await saving;
    };
    const lane = async () => {
      while (next < items.length && !shouldStop()) {
        const item = items[next++]!;
        prefetch(item);
        prefetch(items[next]);
        const outcome = await translateItem(item);
        if (outcome.status === "failed") {
          consecutiveFailures++;
          if (consecutiveFailures >= MAX_CONSECUTIVE_FAILURES && abortReason === null) {
            abortReason = `Stopped after ${MAX_CONSECUTIVE_FAILURES} consecutive failures; last error: ${outcome.error}`;
          }
        } else if (outcome.status === "translated") consecutiveFailures = 0;
        const saving = saveItem(item, outcome).catch((err: unknown) => {
          // Any failed save stops the job here; its lease runs out and a worker resumes it.
          leaseLost = true;
          writeError ??= err;
        });
        pendingWrites.add(saving);
        void saving.finally(() => pendingWrites.delete(saving));
        while (pendingWrites.size > maxAhead) await Promise.race(pendingWrites);
      }
    };
    try {
      if (pretranslate?.tmOnly) await chunks();
      const lanes = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(ctx.ai.maxConcurrency, items.length)) }, lane));
      await Promise.all(pendingWrites);
      const laneError = lanes.find((r): r is PromiseRejectedResult => r.status === "rejected");
      if (laneError) throw laneError.reason;
      if (writeError) throw writeError;
    } finally {
      clearInterval(heartbeat);
    }

    if (ctx.isKilled() || leaseLost) return;
    const unfinished = next < items.length;
    if (ctx.isStopping() && !isCancelled() && abortReason === null && unfinished) return; // handed back by the caller
    if (!isCancelled()) {
      const lease = await renewLease(db, jobId, workerId);
      if (!lease) return;
      cancelRequested = lease.cancelRequested;
    }
    if (isCancelled() && abortReason === null && unfinished) return await finishCancelled();

    const aborted = abortReason !== null;
    await write(async (tx) => {
      const skippedByAbort = await tx.aiJobItem.updateMany({ where: { jobId, status: "pending" }, data: { status: "skipped" } });
      const pretranslated = pretranslate ? await pretranslateSummary(tx, jobId) : null;
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
        ...(pretranslated ?? {}),
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
          ...(pretranslated ? { kind: PRETRANSLATE_KIND, ...pretranslated } : {}),
        },
      });
    });
  } catch (err) {
    if (err instanceof LeaseLost || ctx.isKilled()) return;
    throw err;
  }
}

/** A pre-translation's saved values by origin, and the values the quality gate refused (from its items, so a resumed job counts all). */
async function pretranslateSummary(tx: Tx, jobId: string): Promise<{ origins: Record<ItemOrigin, number>; refused: number }> {
  const rows = await tx.$queryRawUnsafe<{ origin: ItemOrigin; status: string; n: number }[]>(
    `SELECT origin, status, count(*)::int AS n FROM "AiJobItem" WHERE "jobId" = $1 AND origin IS NOT NULL GROUP BY origin, status`,
    jobId,
  );
  const origins: Record<ItemOrigin, number> = { context: 0, exact: 0, fuzzy: 0, mt: 0, ai: 0 };
  let refused = 0;
  for (const r of rows) {
    if (r.status === "translated") origins[r.origin] += r.n;
    else if (r.status === "failed") refused += r.n;
  }
  return { origins, refused };
}
