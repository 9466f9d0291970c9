// One item of a pre-translation job (AiJob of kind `pretranslate`): a context match, then the TM's
// best entry at the job's threshold, then the job's fallback (an MT engine or an LLM) if it has
// one; each value is saved the way its origin prescribes (source `tm`, `mt` or `ai`, with its
// history author). ai/run-ai-job.ts does the rest exactly as for an AI batch.

import type { AiJob, Prisma } from "@locale/db";
import type { AiConfig } from "../ai/ai-config";
import { findModel } from "../ai/model-registry";
import { loadAiOrgSettings, translateString } from "../ai/translate-string";
import { MT_ENGINES } from "../mt/mt-engines";
import { mtCredentialsOf } from "../mt/resolve-mt-engines";
import { translateWithEngine } from "../mt/translate-with-engine";
import type { RuntimeDeps } from "../runtime/core-runtime";
import { normalizeTmText } from "../tm/tm-similarity";
import { saveMachineTranslationInTx } from "../translations/save-machine-translation";
import { saveTmMatchesInTx, type TmMatchSaveResult } from "../translations/save-tm-matches";
import { findContextMatches } from "./context-matches";
import { findExactTmMatches } from "./exact-tm-matches";
import { pretranslateOptionsOf } from "./pretranslate-options";
import { findTmMatch } from "./tm-match";

type Tx = Prisma.TransactionClient;

export type ItemOrigin = "context" | "exact" | "fuzzy" | "mt" | "ai";

export interface PretranslateItem {
  keyId: string;
  key: string;
  namespace: string;
  description: string;
  sourceText: string;
}

export interface PretranslateOutcome {
  status: "translated" | "skipped";
  translation?: string;
  confidence?: number;
  origin?: ItemOrigin;
  similarity?: number;
  error?: string;
}

export interface PretranslateHandler {
  /** Why the fallback cannot run any more (its key was removed), or null. */
  unavailable: string | null;
  translate(item: PretranslateItem, signal: AbortSignal): Promise<PretranslateOutcome>;
  /** Saves within the job's transaction; false when the value is no longer untranslated. */
  save(tx: Tx, item: PretranslateItem, outcome: PretranslateOutcome): Promise<boolean>;
  /** No fallback: every value comes from the TM, so the job runs in chunks (matchMany, saveMany). */
  tmOnly: boolean;
  /**
   * A TM-only job's outcomes for many items at once, as translate() answers them one by one: the
   * context matches and the identical stored sources in one query each, then (below 100) the TM
   * search for each item left.
   */
  matchMany(items: PretranslateItem[]): Promise<PretranslateOutcome[]>;
  /** Saves many TM outcomes (all `translated`) in the job's transaction, in one go. */
  saveMany(tx: Tx, items: PretranslateItem[], outcomes: PretranslateOutcome[]): Promise<TmMatchSaveResult[]>;
}

export async function pretranslateHandler(on: RuntimeDeps, ai: AiConfig, job: AiJob): Promise<PretranslateHandler> {
  const { db } = on;
  const options = pretranslateOptionsOf(job.options);
  const { fallback } = options;
  const org = await db.prisma.organization.findUnique({ where: { id: job.organizationId }, select: { settings: true } });
  const mtCredentials = fallback.type === "mt" ? mtCredentialsOf(org?.settings, ai.mt)[fallback.engine] : undefined;
  const model = fallback.type === "ai" ? findModel(fallback.model) : undefined;
  const aiOrg = fallback.type === "ai" ? await loadAiOrgSettings(db, job.organizationId, ai) : undefined;
  const aiCredentials = model && aiOrg ? aiOrg.credentials[model.provider] : undefined;
  let unavailable: string | null = null;
  if (fallback.type === "mt" && !mtCredentials) unavailable = `${MT_ENGINES[fallback.engine].displayName} is no longer configured`;
  if (fallback.type === "ai" && !aiCredentials) unavailable = `The AI provider of model ${fallback.model} is no longer configured`;
  const base = { organizationId: job.organizationId, sourceLanguage: job.sourceLanguage, targetLanguage: job.targetLanguage };

  return {
    unavailable,
    tmOnly: fallback.type === "none",
    async matchMany(items) {
      const context = await findContextMatches(db, { ...base, projectId: job.projectId, keyIds: items.map((i) => i.keyId) });
      const exact = await findExactTmMatches(db.prisma, {
        ...base,
        // a text that normalises to nothing has no match in the TM search either
        texts: items.filter((i) => !context.has(i.keyId) && normalizeTmText(i.sourceText) !== "").map((i) => i.sourceText),
      });
      const outcomes: PretranslateOutcome[] = [];
      for (const item of items) {
        const contextMatch = context.get(item.keyId);
        const exactMatch = exact.get(item.sourceText);
        const match =
          contextMatch !== undefined
            ? { origin: "context" as const, translation: contextMatch, similarity: 100 }
            : exactMatch !== undefined
              ? { origin: "exact" as const, translation: exactMatch, similarity: 100 }
              : options.minSimilarity < 100
                ? await findTmMatch(on, { ...base, sourceText: item.sourceText, minSimilarity: options.minSimilarity })
                : null;
        outcomes.push(
          match
            ? { status: "translated", translation: match.translation, origin: match.origin, similarity: match.similarity }
            : { status: "skipped", error: "No translation-memory match" },
        );
      }
      return outcomes;
    },
    saveMany(tx, items, outcomes) {
      return saveTmMatchesInTx(tx, {
        ...base,
        projectId: job.projectId,
        jobId: job.id,
        items: items.map((item, n) => ({
          keyId: item.keyId,
          key: item.key,
          sourceText: item.sourceText,
          translation: outcomes[n]!.translation!,
          match: outcomes[n]!.origin as "context" | "exact" | "fuzzy",
          similarity: outcomes[n]!.similarity ?? 100,
        })),
      });
    },
    async translate(item, signal) {
      const context = await findContextMatches(db, { ...base, projectId: job.projectId, keyIds: [item.keyId] });
      const match = await findTmMatch(on, {
        ...base,
        sourceText: item.sourceText,
        contextMatch: context.get(item.keyId),
        minSimilarity: options.minSimilarity,
      });
      if (match) return { status: "translated", translation: match.translation, origin: match.origin, similarity: match.similarity };
      if (fallback.type === "mt") {
        const translation = await translateWithEngine(on, ai, {
          ...base,
          engine: fallback.engine,
          credentials: mtCredentials!,
          sourceText: item.sourceText,
          signal,
        });
        return { status: "translated", translation, origin: "mt" };
      }
      if (fallback.type === "ai") {
        const answer = await translateString(on, ai, {
          ...base,
          projectId: job.projectId,
          keyId: item.keyId,
          keyName: item.key,
          keyDescription: item.description,
          namespace: item.namespace,
          sourceText: item.sourceText,
          tone: aiOrg!.toneInstructions,
          model: model!,
          credentials: aiCredentials!,
          signal,
        });
        return { status: "translated", translation: answer.translation, confidence: answer.confidence, origin: "ai" };
      }
      return { status: "skipped", error: "No translation-memory match" };
    },
    save(tx, item, outcome) {
      const common = {
        ...base,
        projectId: job.projectId,
        keyId: item.keyId,
        key: item.key,
        sourceText: item.sourceText,
        translation: outcome.translation!,
        jobId: job.id,
      };
      if (outcome.origin === "mt" && fallback.type === "mt")
        return saveMachineTranslationInTx(tx, { ...common, origin: "mt", engine: fallback.engine });
      if (outcome.origin === "ai")
        return saveMachineTranslationInTx(tx, { ...common, origin: "ai", confidence: outcome.confidence!, model: job.model });
      return saveMachineTranslationInTx(tx, {
        ...common,
        origin: "tm",
        match: outcome.origin as "context" | "exact" | "fuzzy",
        similarity: outcome.similarity ?? 100,
      });
    },
  };
}
