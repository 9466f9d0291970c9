// How far V8 lets the heap grow past its live size before the next full collection. Left to
// itself, V8 picks a factor of up to 4 from how fast it collects, so work that promotes a lot of
// short-lived data to the old generation (an import's or export's batches waiting on the database)
// leaves hundreds of megabytes of garbage: a 300,000-key import grew the api by 210 MB, an
// overwrite re-import by 415 MB. A fixed factor bounds that garbage by what is live, without a hard
// heap cap that would end the process with "heap out of memory". The flag is read at every full
// collection, so setting it at start-up works like passing it to node (measured the same).
import v8 from "node:v8";

/** The default: the next full collection when the old generation has grown 20 % past what was live. */
export const DEFAULT_HEAP_GROWTH_PERCENT = 20;
/** The largest HEAP_GROWTH_PERCENT accepted (a factor of 11). */
export const MAX_HEAP_GROWTH_PERCENT = 1000;

/** Sets the growth factor to 1 + percent/100; 0 leaves V8's own heuristics. */
export function setHeapGrowthPercent(percent: number): void {
  if (!Number.isInteger(percent) || percent < 0) throw new Error(`heap growth percent must be a whole number ≥ 0, got ${percent}`);
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/** HEAP_GROWTH_PERCENT as the api and the worker read it: unset means the default. */
export function heapGrowthPercentOf(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_HEAP_GROWTH_PERCENT;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > MAX_HEAP_GROWTH_PERCENT)
    throw new Error(`HEAP_GROWTH_PERCENT: expected a whole number from 0 to ${MAX_HEAP_GROWTH_PERCENT}, got "${value}"`);
  return n;
}
