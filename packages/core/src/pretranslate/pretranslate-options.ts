// What a pre-translation job stores in AiJob.options, and how its `model` column names the fallback
// for what the TM leaves: a model id (an LLM), `mt:<engine>`, or `tm` (no fallback).
import type { MtEngineId } from "../mt/mt-engines";

export const PRETRANSLATE_KIND = "pretranslate";

export type PretranslateFallback = { type: "none" } | { type: "mt"; engine: MtEngineId } | { type: "ai"; model: string };

export interface PretranslateOptions {
  /** Lowest TM similarity taken: 100 takes context and 100 % matches only. */
  minSimilarity: number;
  fallback: PretranslateFallback;
}

export const fallbackColumn = (fallback: PretranslateFallback): string =>
  fallback.type === "none" ? "tm" : fallback.type === "mt" ? `mt:${fallback.engine}` : fallback.model;

export function pretranslateOptionsOf(options: unknown): PretranslateOptions {
  const o = (options ?? {}) as Partial<PretranslateOptions>;
  return {
    minSimilarity: typeof o.minSimilarity === "number" ? o.minSimilarity : 100,
    fallback: o.fallback ?? { type: "none" },
  };
}
