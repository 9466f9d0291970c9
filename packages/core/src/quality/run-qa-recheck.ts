// Runs one project's quality recheck for a worker: claims the row (recheck-lease.ts), rechecks batch
// after batch from its cursor (recheckNextBatch, which renews the lease with each batch) until the
// recheck is completed or taken away (a settings change restarted it), and gives the row back when
// it stops before the end. The worker's qa-recheck runner owns only the queue, the timers, the
// NOTIFY listener and its stop switch, and calls this for each `qa.recheck` job.
import type { Database } from "@locale/db";
import { recheckNextBatch } from "./qa-recheck";
import { claimRecheck, releaseRecheck } from "./recheck-lease";

/** What a run needs from the worker that runs it: its database, identity, lease, batch size and stop switch. */
export interface RecheckRunContext {
  db: Database;
  workerId: string;
  leaseMs: number;
  /** Translations per batch (one transaction each). */
  batchSize: number;
  /** True once the worker is stopping; asked before the claim and before each batch (a stopped run gives the row back). */
  isStopping(): boolean;
}

export interface RecheckRun {
  /** False when the row was not this worker's to take (held by another, completed, or the worker stopping). */
  claimed: boolean;
  /** True when the run went to the end: the recheck is completed, or a settings change took it away. */
  done: boolean;
  checked: number;
  changed: number;
}

/** Claims and runs the project's recheck; see the file's header. */
export async function runQaRecheck(run: RecheckRunContext, projectId: string): Promise<RecheckRun> {
  const result: RecheckRun = { claimed: false, done: false, checked: 0, changed: 0 };
  if (run.isStopping() || !(await claimRecheck(run.db, projectId, run.workerId, run.leaseMs))) return result;
  result.claimed = true;
  try {
    // Each batch renews the lease; a settings change meanwhile takes the row away (more: false).
    while (!run.isStopping()) {
      const batch = await recheckNextBatch(run.db, projectId, run.workerId, run.batchSize);
      result.checked += batch.checked;
      result.changed += batch.changed;
      if (!batch.more) {
        result.done = true;
        break;
      }
    }
  } finally {
    // Stopped before the end: give the row back so another worker resumes at once.
    if (!result.done) await releaseRecheck(run.db, projectId, run.workerId).catch(() => {});
  }
  return result;
}
