// The TM's answer for one key of a pre-translation or the leverage report, in order: a context
// match, then the best entry of the per-key TM search (rankTmEntries: the same ranking as
// GET /tm/search, so both agree for every key), 100 % when the source text is identical.
import type { RuntimeDeps } from "../runtime/core-runtime";
import { rankTmEntries } from "../tm/rank-tm-entries";

export type TmMatchOrigin = "context" | "exact" | "fuzzy";

export interface TmMatch {
  origin: TmMatchOrigin;
  translation: string;
  similarity: number;
}

export interface TmMatchInput {
  organizationId: string;
  sourceLanguage: string;
  targetLanguage: string;
  sourceText: string;
  /** The context match's translation, when the key has one (findContextMatches). */
  contextMatch?: string;
  /** Lowest similarity accepted: 100 for exact matches only. */
  minSimilarity: number;
}

export async function findTmMatch(on: RuntimeDeps, input: TmMatchInput): Promise<TmMatch | null> {
  if (input.contextMatch !== undefined) return { origin: "context", translation: input.contextMatch, similarity: 100 };
  const [best] = await rankTmEntries(on, {
    organizationId: input.organizationId,
    sourceText: input.sourceText,
    sourceLang: input.sourceLanguage,
    targetLang: input.targetLanguage,
    minSimilarity: input.minSimilarity,
    limit: 1,
  });
  if (!best) return null;
  return { origin: best.similarity >= 100 ? "exact" : "fuzzy", translation: best.targetText, similarity: best.similarity };
}
