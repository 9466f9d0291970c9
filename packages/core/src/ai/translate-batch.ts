// POST /ai/translate/batch: translates up to `limit` untranslated keys and answers when all are
// done, saving each as it completes. Calls run AI_MAX_CONCURRENCY at a time (per organization),
// and, like jobs, the batch gives up after 5 consecutive failures (a provider outage).

import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { type BatchInput, prepareBatch } from "./batch-setup";
import { type BatchCandidate, listBatchCandidates } from "./list-batch-candidates";
import { saveAiTranslation } from "./save-ai-translation";
import { translateString } from "./translate-string";

export const MAX_CONSECUTIVE_FAILURES = 5;

export interface BatchItemResult {
  keyId: string;
  key: string;
  status: "translated" | "failed" | "skipped";
  translation?: string;
  confidence?: number;
  error?: string;
}

export interface SyncBatchResult {
  translated: number;
  failed: number;
  skipped: number;
  results: BatchItemResult[];
}

export async function translateBatch(ctx: ServiceContext, projectId: string, input: BatchInput): Promise<SyncBatchResult> {
  const setup = await prepareBatch(ctx, projectId, input);
  const { project, model, org, ai } = setup;
  const candidates = await listBatchCandidates(ctx.db, {
    projectId: project.id,
    sourceLanguage: setup.sourceLanguage,
    targetLanguage: setup.targetLanguage,
    limit: setup.limit,
  });
  const results: (BatchItemResult | undefined)[] = new Array(candidates.keys.length);
  let consecutiveFailures = 0;
  let next = 0;

  async function run(index: number, c: BatchCandidate): Promise<void> {
    const base = { keyId: c.keyId, key: c.key };
    try {
      const answer = await translateString(ctx.db, ai, {
        organizationId: project.organizationId,
        projectId: project.id,
        keyId: c.keyId,
        keyName: c.key,
        keyDescription: c.description,
        namespace: c.namespace,
        sourceLanguage: setup.sourceLanguage,
        targetLanguage: setup.targetLanguage,
        sourceText: c.sourceText,
        tone: setup.options.toneInstruction ?? org.toneInstructions,
        style: setup.options.styleInstruction,
        additionalContext: setup.options.additionalContext,
        model,
        credentials: org.credentials[model.provider]!,
      });
      const saved = await saveAiTranslation(ctx.db, {
        organizationId: project.organizationId,
        projectId: project.id,
        keyId: c.keyId,
        key: c.key,
        sourceLanguage: setup.sourceLanguage,
        targetLanguage: setup.targetLanguage,
        sourceText: c.sourceText,
        translation: answer.translation,
        confidence: answer.confidence,
        model: model.id,
      });
      consecutiveFailures = 0;
      results[index] = saved
        ? { ...base, status: "translated", translation: answer.translation, confidence: answer.confidence }
        : { ...base, status: "skipped", error: "Translated by someone else meanwhile" };
    } catch (err) {
      consecutiveFailures++;
      results[index] = { ...base, status: "failed", error: err instanceof Error ? err.message : String(err) };
    }
  }

  async function lane(): Promise<void> {
    while (next < candidates.keys.length && consecutiveFailures < MAX_CONSECUTIVE_FAILURES) {
      const index = next++;
      await run(index, candidates.keys[index]!);
    }
  }
  await Promise.all(Array.from({ length: Math.min(ai.maxConcurrency, candidates.keys.length) }, lane));

  const done = results.map(
    (r, i) =>
      r ?? {
        keyId: candidates.keys[i]!.keyId,
        key: candidates.keys[i]!.key,
        status: "skipped" as const,
        error: `Not attempted: the batch stopped after ${MAX_CONSECUTIVE_FAILURES} consecutive failures`,
      },
  );
  const summary = {
    translated: done.filter((r) => r.status === "translated").length,
    failed: done.filter((r) => r.status === "failed").length,
    skipped: candidates.skipped + done.filter((r) => r.status === "skipped").length,
  };
  if (done.length > 0) {
    await ctx.db.prisma.$transaction((tx) =>
      recordActivity(tx, ctx.actor, {
        action: "translation.batch_completed",
        projectId: project.id,
        targetType: "project",
        targetId: project.id,
        metadata: {
          language: setup.targetLanguage,
          model: model.id,
          total: done.length,
          ...summary,
          aborted: consecutiveFailures >= MAX_CONSECUTIVE_FAILURES,
          synchronous: true,
        },
      }),
    );
  }
  return { ...summary, results: done };
}
