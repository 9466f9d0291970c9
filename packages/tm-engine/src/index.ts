// The typed loader of the native TM engine (src/engine.c, built by scripts/build.mjs into
// build/tm_engine.node). The service calls loadTmEngine() and falls back to the database search
// when it returns null (addon not built, other platform, or TM_ENGINE_DISABLE=1).
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

export type TmEngineSimd = "avx512" | "avx2" | "scalar";

export interface TmEngineSearchResult {
  /** Entry ids (canonical lower-case UUID text), parallel to `similarities`, best first. */
  ids: string[];
  similarities: number[];
}

export interface TmEngineBandResult {
  /** Per query: the highest threshold some entry's similarity reaches, 0 when none reaches the lowest. */
  bands: number[];
  /** Per query: an entry reaching that threshold (a witness, to check it still exists), null for 0. */
  ids: (string | null)[];
}

export interface TmEngineIndex {
  /**
   * Appends entries. ids: UUID strings as 36-char canonical text (stored as 16 bytes); texts:
   * normalised sources. An id already present is replaced. Throws TypeError on bad input (lengths
   * differ, non-string, malformed UUID), leaving the index unchanged. Very large calls become
   * visible to concurrent searches in batches of 65,536 entries.
   */
  add(ids: string[], texts: string[]): void;
  /** Removes entries by id (unknown ids are ignored); returns how many were removed. */
  remove(ids: string[]): number;
  /** Live entries. */
  readonly size: number;
  /** Approximate bytes held by the index (texts, ids, counts, buckets, id table, dictionary). */
  readonly bytes: number;
  /**
   * Every live entry whose similarity to `query` is >= minSimilarity (integer 1..100) AND >= the
   * similarity of the `limit`-th best such entry (limit >= 1), so all entries tied at the cut are
   * included. Runs off the JavaScript thread. Bad arguments throw a TypeError synchronously.
   */
  search(query: string, minSimilarity: number, limit: number): Promise<TmEngineSearchResult>;
  /**
   * For many queries at once, how far the best match of each reaches: the highest of `thresholds`
   * (ascending integers 1..100) that some entry's similarity reaches, exactly as a search with
   * limit 1 would rank it, without ranking. Queries run in parallel, one per thread, and each stops
   * as soon as an entry reaches the highest threshold. Bad arguments throw a TypeError synchronously.
   */
  searchBands(queries: string[], thresholds: number[]): Promise<TmEngineBandResult>;
  /** Frees the memory (waits for running searches); further calls throw. */
  close(): void;
}

export interface TmEngineIndexOptions {
  /** Threads one search may use. Default: the number of CPUs, at least 1, at most 8. */
  threads?: number;
  /** Kernel path; "auto" is the best this processor has. Tests and benchmarks pick the others. */
  simd?: "auto" | TmEngineSimd;
  /** The character-count pre-filter (default true); off only to measure what it saves. */
  prefilter?: boolean;
}

export interface TmEngine {
  createIndex(options?: TmEngineIndexOptions): TmEngineIndex;
  /** The best kernel path of this processor. */
  readonly simd: TmEngineSimd;
  /** Every path this processor can run, best first (always ends with "scalar"). */
  readonly paths: readonly TmEngineSimd[];
}

/** The raw addon: functions over an opaque handle. */
interface NativeAddon {
  readonly simd: TmEngineSimd;
  createIndex(threads: number, simd: string, prefilter: boolean): object;
  add(index: object, ids: string[], texts: string[]): void;
  remove(index: object, ids: string[]): number;
  size(index: object): number;
  bytes(index: object): number;
  search(index: object, query: string, minSimilarity: number, limit: number): Promise<TmEngineSearchResult>;
  bands(index: object, queries: string[], thresholds: number[]): Promise<TmEngineBandResult>;
  close(index: object): void;
}

const SIMD_PATHS: readonly TmEngineSimd[] = ["avx512", "avx2", "scalar"];

class NativeIndex implements TmEngineIndex {
  readonly #addon: NativeAddon;
  readonly #handle: object;

  constructor(addon: NativeAddon, handle: object) {
    this.#addon = addon;
    this.#handle = handle;
  }
  add(ids: string[], texts: string[]): void {
    this.#addon.add(this.#handle, ids, texts);
  }
  remove(ids: string[]): number {
    return this.#addon.remove(this.#handle, ids);
  }
  get size(): number {
    return this.#addon.size(this.#handle);
  }
  get bytes(): number {
    return this.#addon.bytes(this.#handle);
  }
  search(query: string, minSimilarity: number, limit: number): Promise<TmEngineSearchResult> {
    return this.#addon.search(this.#handle, query, minSimilarity, limit);
  }
  searchBands(queries: string[], thresholds: number[]): Promise<TmEngineBandResult> {
    return this.#addon.bands(this.#handle, queries, thresholds);
  }
  close(): void {
    this.#addon.close(this.#handle);
  }
}

function defaultThreads(): number {
  return Math.min(8, Math.max(1, availableParallelism()));
}

function engineOf(addon: NativeAddon): TmEngine {
  const paths = SIMD_PATHS.slice(SIMD_PATHS.indexOf(addon.simd));
  return {
    simd: addon.simd,
    paths,
    createIndex(options = {}) {
      if (typeof options !== "object" || options === null) throw new TypeError("options must be an object");
      const { threads = defaultThreads(), simd = "auto", prefilter = true } = options;
      if (typeof prefilter !== "boolean") throw new TypeError("prefilter must be a boolean");
      return new NativeIndex(addon, addon.createIndex(threads, simd, prefilter));
    },
  };
}

let loaded: { engine: TmEngine | null; error: unknown } | undefined;

/** The native engine, or null when it was not built or cannot load on this machine. Never throws. */
export function loadTmEngine(): TmEngine | null {
  if (!loaded) {
    try {
      if (process.env.TM_ENGINE_DISABLE === "1") throw new Error("disabled by TM_ENGINE_DISABLE=1");
      const file = fileURLToPath(new URL("../build/tm_engine.node", import.meta.url));
      const addon = createRequire(import.meta.url)(file) as NativeAddon;
      if (!SIMD_PATHS.includes(addon.simd)) throw new Error("the addon is not the TM engine");
      loaded = { engine: engineOf(addon), error: null };
    } catch (error) {
      loaded = { engine: null, error };
    }
  }
  return loaded.engine;
}

/** Why loadTmEngine() returned null (for a log line), or null when it loaded. */
export function tmEngineLoadError(): unknown {
  loadTmEngine();
  return loaded?.error ?? null;
}
