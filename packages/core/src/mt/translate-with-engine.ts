// One string through an MT engine: protect placeholders/ICU/markup → engine call (holding one of
// the organization's call slots shared with the LLMs, org-call-slots.ts; retried on 429/5xx) →
// restore → placeholder check. A translation that lost a protected piece is refused. The source
// text's characters count against the organization's AI characters quota like an LLM call.
import type { AiConfig } from "../ai/ai-config";
import { withOrgCallSlot } from "../ai/org-call-slots";
import { checkPlaceholders } from "../ai/placeholder-check";
import { ProviderError } from "../ai/provider-error";
import { withRetries } from "../ai/retry";
import { aiCharactersOf, chargeAiCharacters } from "../limits/ai-characters";
import type { RuntimeDeps } from "../runtime/core-runtime";
import { requestEngineTranslation } from "./engine-client";
import { MT_ENGINES, type MtCredentials, type MtEngineId } from "./mt-engines";
import { protectText, restoreText } from "./protect-text";

export interface EngineTranslateInput {
  organizationId: string;
  engine: MtEngineId;
  credentials: MtCredentials;
  sourceLanguage: string;
  targetLanguage: string;
  sourceText: string;
  signal?: AbortSignal;
}

export async function translateWithEngine(on: RuntimeDeps, ai: AiConfig, input: EngineTranslateInput): Promise<string> {
  const { db } = on;
  const { markup, displayName } = MT_ENGINES[input.engine];
  const guarded = protectText(input.sourceText, markup);
  // Charged once per string, before the call (its retries included), as translateString does.
  await chargeAiCharacters(db, ai.quotas, input.organizationId, aiCharactersOf(input.sourceText));
  const slot = { limit: ai.maxConcurrency, leaseMs: ai.callLeaseMs, signal: input.signal };
  const raw = await withOrgCallSlot(on, input.organizationId, slot, () =>
    withRetries(
      () =>
        requestEngineTranslation({
          engine: input.engine,
          credentials: input.credentials,
          sourceLanguage: input.sourceLanguage,
          targetLanguage: input.targetLanguage,
          text: guarded.text,
          timeoutMs: ai.requestTimeoutMs,
          signal: input.signal,
        }),
      { maxRetries: ai.maxRetries, baseMs: ai.retryBaseMs, signal: input.signal },
    ),
  );
  const translation = restoreText(raw, guarded.pieces, markup);
  if (translation === null) {
    throw new ProviderError(`${displayName} did not keep every protected placeholder or tag; the translation was refused`, null, false);
  }
  if (!translation.trim()) throw new ProviderError(`${displayName} returned an empty translation`, null, false);
  const problem = checkPlaceholders(input.sourceText, translation);
  if (problem) throw new ProviderError(problem, null, false);
  return translation;
}
