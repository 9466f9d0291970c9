// Objects of deleted screenshots (SCREENSHOT_STORAGE=s3). The transaction that deletes the rows — of
// one screenshot, or of a whole project — also writes each storageKey to ScreenshotObjectCleanup;
// after the commit the objects are deleted and their row removed. A storage that does not answer
// never blocks or undoes the delete: the row stays, and the sweep (the worker, every few minutes)
// retries it with a growing delay. A row is only written for a committed delete, so nothing still
// shown is ever removed.
import type { Prisma } from "@locale/db";
import type { SystemContext } from "../context";
import { deleteScreenshotObjectsOrThrow } from "./s3-store";
import { DEFAULT_SCREENSHOT_CONFIG } from "./screenshot-config";

/** Retry delay after the n-th failure: 1 min, 2, 4, … at most 6 hours. */
export const cleanupRetryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);

/** Rows one sweep takes. */
const SWEEP_BATCH = 200;

/** Queues the objects of these screenshots' storage keys; call it in the deleting transaction. */
export async function queueObjectCleanup(tx: Prisma.TransactionClient, storageKeys: string[]): Promise<void> {
  if (storageKeys.length === 0) return;
  await tx.screenshotObjectCleanup.createMany({ data: storageKeys.map((storageKey) => ({ storageKey })), skipDuplicates: true });
}

/** Queues every object of a project's screenshots (before the project's rows are deleted). */
export async function queueProjectObjectCleanup(tx: Prisma.TransactionClient, projectId: string): Promise<string[]> {
  const rows = await tx.screenshot.findMany({
    where: { projectId, storage: "s3", storageKey: { not: null } },
    select: { storageKey: true },
  });
  const keys = rows.map((r) => r.storageKey as string);
  await queueObjectCleanup(tx, keys);
  return keys;
}

export interface CleanupResult {
  deleted: number;
  failed: number;
}

export type CleanupLog = (failure: { storageKey: string; attempts: number; error: string }) => void;

/**
 * Deletes the objects of queued keys (the given ones, or those due) and removes their rows; a
 * failure is recorded on its row (attempts, lastError, nextAttemptAt) and passed to `log` (by
 * default the configuration's `onCleanupFailure`).
 * Without object storage configured nothing is attempted: the rows wait for it.
 */
export async function runObjectCleanup(
  ctx: SystemContext,
  options: { storageKeys?: string[]; now?: Date; log?: CleanupLog } = {},
): Promise<CleanupResult> {
  const config = ctx.config.screenshots ?? DEFAULT_SCREENSHOT_CONFIG;
  const storage = config.storage;
  const log = options.log ?? config.onCleanupFailure;
  const result: CleanupResult = { deleted: 0, failed: 0 };
  if (storage.kind !== "s3") return result;
  const now = options.now ?? new Date();
  const prisma = ctx.db.prisma;
  const due = await prisma.screenshotObjectCleanup.findMany({
    where: options.storageKeys ? { storageKey: { in: options.storageKeys } } : { nextAttemptAt: { lte: now } },
    orderBy: { nextAttemptAt: "asc" },
    take: options.storageKeys ? undefined : SWEEP_BATCH,
  });
  for (const row of due) {
    try {
      await deleteScreenshotObjectsOrThrow(ctx.runtime.s3Clients, storage, row.storageKey);
      await prisma.screenshotObjectCleanup.deleteMany({ where: { storageKey: row.storageKey } });
      result.deleted++;
    } catch (err) {
      const attempts = row.attempts + 1;
      const error = err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 500) : String(err).slice(0, 500);
      await prisma.screenshotObjectCleanup.updateMany({
        where: { storageKey: row.storageKey },
        data: { attempts, lastError: error, nextAttemptAt: new Date(now.getTime() + cleanupRetryDelayMs(attempts)) },
      });
      result.failed++;
      log?.({ storageKey: row.storageKey, attempts, error });
    }
  }
  return result;
}

/** After a commit: deletes the queued objects without holding up the caller; what fails stays queued. */
export function cleanUpAfterCommit(ctx: SystemContext, storageKeys: string[]): Promise<void> {
  if (storageKeys.length === 0) return Promise.resolve();
  return runObjectCleanup(ctx, { storageKeys }).then(
    () => undefined,
    // The database itself failed: the rows (if committed) wait for the sweep.
    () => undefined,
  );
}
