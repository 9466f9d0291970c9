// POST /ai/translate/batch/cancel/:jobId. A job no worker holds yet is cancelled here and now (with
// its `cancelled` event); a running one is flagged, and its worker stops before the next item
// and emits `cancelled` itself. A finished job cannot be cancelled (409).
import type { ServiceContext } from "../context";
import { conflict } from "../errors/app-error";
import { AI_JOB_CANCEL_CHANNEL, AI_QUEUE_RESERVATION, appendJobEvent, FINISHED_JOB_STATUSES, publishJobEvents } from "./job-events";
import { loadAiJob } from "./load-ai-job";

export async function cancelBatchJob(
  ctx: ServiceContext,
  projectId: string,
  jobId: string,
): Promise<{ jobId: string; status: "cancelled" }> {
  const job = await loadAiJob(ctx, projectId, jobId);
  const finishedHere = await ctx.db.prisma.$transaction(async (tx) => {
    // Row lock: a worker's claim (FOR UPDATE SKIP LOCKED) cannot take the job while we decide.
    const [row] = await tx.$queryRawUnsafe<
      { status: string; lockedBy: string | null; translated: number; failed: number; total: number }[]
    >(`SELECT status, "lockedBy", translated, failed, total FROM "AiJob" WHERE id = $1 FOR UPDATE`, job.id);
    if (!row || FINISHED_JOB_STATUSES.includes(row.status)) throw conflict("Job is already finished");
    if (row.lockedBy === null || row.lockedBy === AI_QUEUE_RESERVATION) {
      await tx.aiJob.update({ where: { id: job.id }, data: { status: "cancelled", cancelRequested: true, finishedAt: new Date() } });
      await tx.aiJobItem.updateMany({ where: { jobId: job.id, status: "pending" }, data: { status: "skipped" } });
      await appendJobEvent(tx, job.id, "cancelled", { jobId: job.id, translated: row.translated, failed: row.failed, total: row.total });
      return true;
    }
    await tx.aiJob.update({ where: { id: job.id }, data: { cancelRequested: true } });
    return false;
  });
  if (finishedHere) await publishJobEvents(ctx.db, job.id);
  else await ctx.db.notify(AI_JOB_CANCEL_CHANNEL, job.id);
  return { jobId: job.id, status: "cancelled" };
}
