// Batch job events: persisted first (AiJobEvent, increasing id = the SSE `id:`), published after
// commit as a NOTIFY carrying only the job id, so listeners read what is new from the table and
// a missed notification can never lose an event.
import type { Database, Prisma } from "@locale/db";

type Tx = Prisma.TransactionClient;

export type JobEventName = "start" | "progress" | "complete" | "cancelled";

export interface StoredJobEvent {
  id: string;
  event: JobEventName;
  data: Record<string, unknown>;
}

/** Channel of a job's events (payload: the job id). */
export const jobEventsChannel = (jobId: string) => `ai_job_events_${jobId.replace(/-/g, "")}`;

/** Wakes workers when a job is queued (payload: the job id). */
export const AI_JOBS_CHANNEL = "ai_jobs_queued";

export async function appendJobEvent(tx: Tx, jobId: string, event: JobEventName, data: Record<string, unknown>): Promise<string> {
  const row = await tx.aiJobEvent.create({ data: { jobId, event, data: data as Prisma.InputJsonValue }, select: { id: true } });
  return row.id.toString();
}

export async function publishJobEvents(db: Database, jobId: string): Promise<void> {
  await db.notify(jobEventsChannel(jobId), jobId);
}

export async function readJobEventsAfter(db: Database, jobId: string, afterId: bigint): Promise<StoredJobEvent[]> {
  const rows = await db.prisma.aiJobEvent.findMany({ where: { jobId, id: { gt: afterId } }, orderBy: { id: "asc" }, take: 1000 });
  return rows.map((r) => ({ id: r.id.toString(), event: r.event as JobEventName, data: r.data as Record<string, unknown> }));
}

/** Tells workers at once that a job was cancelled (payload: the job id); the flag on the row is the truth. */
export const AI_JOB_CANCEL_CHANNEL = "ai_jobs_cancelled";

/** `AiJob.lockedBy` of a job handed to the queue but not yet claimed by a worker. */
export const AI_QUEUE_RESERVATION = "queue";

export const TERMINAL_EVENTS: readonly JobEventName[] = ["complete", "cancelled"];
export const FINISHED_JOB_STATUSES = ["completed", "cancelled", "aborted"];
