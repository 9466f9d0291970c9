// One string through the whole pipeline: context → prompt → provider (throttled per organization
// across processes, org-call-slots.ts; retried on 429/5xx) → placeholder/ICU check. Shared by the
// single endpoint, synchronous batches and the worker's jobs. Failures are ProviderErrors whose
// message is shown to the user.
import type { Database } from "@locale/db";
import { aiCharactersOf, chargeAiCharacters } from "../limits/ai-characters";
import type { RuntimeDeps } from "../runtime/core-runtime";
import type { AiConfig, ProviderCredentials } from "./ai-config";
import { buildPrompt } from "./build-prompt";
import { type GatherInput, gatherPromptContext } from "./gather-prompt-context";
import { type ModelInfo, vendorModelOf } from "./model-registry";
import { withOrgCallSlot } from "./org-call-slots";
import { checkPlaceholders } from "./placeholder-check";
import { type PromptMessages, type ProviderAnswer, requestTranslation } from "./provider-client";
import { ProviderError } from "./provider-error";
import { type AiOrgSettings, aiOrgSettingsOf } from "./resolve-providers";
import { withRetries } from "./retry";

export interface TranslateStringInput extends GatherInput {
  model: ModelInfo;
  credentials: ProviderCredentials;
  signal?: AbortSignal;
  /** The prompt, when the caller already built it (a job prefetches the next item's context). */
  prompt?: Promise<PromptMessages>;
}

export async function preparePrompt(on: RuntimeDeps, input: GatherInput): Promise<PromptMessages> {
  return buildPrompt(await gatherPromptContext(on, input));
}

export async function translateString(on: RuntimeDeps, ai: AiConfig, input: TranslateStringInput): Promise<ProviderAnswer> {
  const { db, runtime } = on;
  const prompt = await (input.prompt ?? preparePrompt(on, input));
  // Charged once per string, before the call (its retries included): the quota caps what is sent.
  await chargeAiCharacters(db, ai.quotas, input.organizationId, aiCharactersOf(input.sourceText));
  const slot = { limit: ai.maxConcurrency, leaseMs: ai.callLeaseMs, signal: input.signal };
  const answer = await withOrgCallSlot(on, input.organizationId, slot, () =>
    withRetries(
      () =>
        requestTranslation(runtime.providerClients, {
          model: input.model,
          vendorModel: vendorModelOf(input.model, ai.modelMap),
          credentials: input.credentials,
          prompt,
          timeoutMs: ai.requestTimeoutMs,
          signal: input.signal,
        }),
      { maxRetries: ai.maxRetries, baseMs: ai.retryBaseMs, signal: input.signal },
    ),
  );
  if (!answer.translation.trim()) throw new ProviderError("The model returned an empty translation", null, false);
  const problem = checkPlaceholders(input.sourceText, answer.translation);
  if (problem) throw new ProviderError(problem, null, false);
  return answer;
}

export async function loadAiOrgSettings(db: Database, organizationId: string, ai: AiConfig | undefined): Promise<AiOrgSettings> {
  const org = await db.prisma.organization.findUnique({ where: { id: organizationId }, select: { settings: true } });
  return aiOrgSettingsOf(org?.settings, ai);
}
