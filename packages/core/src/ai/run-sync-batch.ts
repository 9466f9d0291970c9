// The synchronous batches' loop (AI and MT alike): candidates run `concurrency` at a time, each
// translated and saved by the caller's function, and the batch gives up after
// MAX_CONSECUTIVE_FAILURES consecutive failures (a provider outage); keys never attempted are
// reported as skipped.
import type { BatchCandidate, BatchCandidates } from "./list-batch-candidates";

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

/** What the caller's function reports for one key: saved (with what), or saved by someone else meanwhile. */
export type SyncItemOutcome = { saved: true; translation: string; confidence?: number } | { saved: false };

export async function runSyncBatch(
  candidates: BatchCandidates,
  concurrency: number,
  translateAndSave: (c: BatchCandidate) => Promise<SyncItemOutcome>,
): Promise<SyncBatchResult & { aborted: boolean }> {
  const { keys } = candidates;
  const results: (BatchItemResult | undefined)[] = new Array(keys.length);
  let consecutiveFailures = 0;
  let next = 0;

  async function lane(): Promise<void> {
    while (next < keys.length && consecutiveFailures < MAX_CONSECUTIVE_FAILURES) {
      const index = next++;
      const c = keys[index]!;
      const base = { keyId: c.keyId, key: c.key };
      try {
        const outcome = await translateAndSave(c);
        consecutiveFailures = 0;
        results[index] = outcome.saved
          ? {
              ...base,
              status: "translated",
              translation: outcome.translation,
              ...(outcome.confidence !== undefined ? { confidence: outcome.confidence } : {}),
            }
          : { ...base, status: "skipped", error: "Translated by someone else meanwhile" };
      } catch (err) {
        consecutiveFailures++;
        results[index] = { ...base, status: "failed", error: err instanceof Error ? err.message : String(err) };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, lane));

  const done = results.map(
    (r, i) =>
      r ?? {
        keyId: keys[i]!.keyId,
        key: keys[i]!.key,
        status: "skipped" as const,
        error: `Not attempted: the batch stopped after ${MAX_CONSECUTIVE_FAILURES} consecutive failures`,
      },
  );
  return {
    translated: done.filter((r) => r.status === "translated").length,
    failed: done.filter((r) => r.status === "failed").length,
    skipped: candidates.skipped + done.filter((r) => r.status === "skipped").length,
    results: done,
    aborted: consecutiveFailures >= MAX_CONSECUTIVE_FAILURES,
  };
}
