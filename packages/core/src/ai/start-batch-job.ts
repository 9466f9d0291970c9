// POST /ai/translate/batch/start: records the job and its items (one transaction) and wakes the
// workers' dispatchers (NOTIFY), which put it on the job queue (apps/worker/src/runners/ai-batch.ts).
// The AiJob row stays the source of truth for its state, its lease and its items.
import type { Prisma } from "@locale/db";
import type { ServiceContext } from "../context";
import { type BatchInput, prepareBatch } from "./batch-setup";
import { AI_JOBS_CHANNEL } from "./job-events";
import { listBatchCandidates } from "./list-batch-candidates";

export interface BatchJobStart {
  jobId: string;
  total: number;
  skipped: number;
  totalKeys: number;
  page: number;
  hasMore: boolean;
}

export async function startBatchJob(ctx: ServiceContext, projectId: string, input: BatchInput): Promise<BatchJobStart> {
  const setup = await prepareBatch(ctx, projectId, input);
  const { project } = setup;
  const candidates = await listBatchCandidates(ctx.db, {
    projectId: project.id,
    sourceLanguage: setup.sourceLanguage,
    targetLanguage: setup.targetLanguage,
    limit: setup.limit,
  });
  const job = await ctx.db.prisma.$transaction(async (tx) => {
    const created = await tx.aiJob.create({
      data: {
        organizationId: project.organizationId,
        projectId: project.id,
        createdById: ctx.actor.userId,
        sourceLanguage: setup.sourceLanguage,
        targetLanguage: setup.targetLanguage,
        model: setup.model.id,
        options: setup.options as Prisma.InputJsonValue,
        total: candidates.keys.length,
        skipped: candidates.skipped,
      },
    });
    if (candidates.keys.length > 0) {
      await tx.aiJobItem.createMany({ data: candidates.keys.map((k, position) => ({ jobId: created.id, keyId: k.keyId, position })) });
    }
    return created;
  });
  await ctx.db.notify(AI_JOBS_CHANNEL, job.id);
  return {
    jobId: job.id,
    total: candidates.keys.length,
    skipped: candidates.skipped,
    totalKeys: candidates.totalKeys,
    // Keys pending in earlier active jobs come first in the untranslated list: this job covers the page after them.
    page: Math.floor(candidates.inFlight / setup.limit) + 1,
    hasMore: candidates.available > candidates.keys.length,
  };
}
