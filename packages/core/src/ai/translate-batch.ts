// POST /ai/translate/batch: translates up to `limit` untranslated keys and answers when all are
// done, saving each as it completes. Calls run AI_MAX_CONCURRENCY at a time (per organization),
// and, like jobs, the batch gives up after 5 consecutive failures (a provider outage).

import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { saveMachineTranslation } from "../translations/save-machine-translation";
import { type BatchInput, prepareBatch } from "./batch-setup";
import { listBatchCandidates } from "./list-batch-candidates";
import { runSyncBatch, type SyncBatchResult } from "./run-sync-batch";
import { translateString } from "./translate-string";

export async function translateBatch(ctx: ServiceContext, projectId: string, input: BatchInput): Promise<SyncBatchResult> {
  const setup = await prepareBatch(ctx, projectId, input);
  const { project, model, org, ai } = setup;
  const candidates = await listBatchCandidates(ctx.db, {
    projectId: project.id,
    sourceLanguage: setup.sourceLanguage,
    targetLanguage: setup.targetLanguage,
    limit: setup.limit,
  });
  const { aborted, ...summary } = await runSyncBatch(candidates, ai.maxConcurrency, async (c) => {
    const answer = await translateString(ctx, ai, {
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
    const saved = await saveMachineTranslation(ctx.db, {
      origin: "ai",
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
    return saved ? { saved, translation: answer.translation, confidence: answer.confidence } : { saved };
  });
  if (summary.results.length > 0) {
    await ctx.db.prisma.$transaction((tx) =>
      recordActivity(tx, ctx.actor, {
        action: "translation.batch_completed",
        projectId: project.id,
        targetType: "project",
        targetId: project.id,
        metadata: {
          language: setup.targetLanguage,
          model: model.id,
          total: summary.results.length,
          translated: summary.translated,
          failed: summary.failed,
          skipped: summary.skipped,
          aborted,
          synchronous: true,
        },
      }),
    );
  }
  return summary;
}
