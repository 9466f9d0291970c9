// Model selection (docs/api-rules.md, "AI translation"; README, "Behaviour in detail"): request
// `model` → project `preferredModel` → the deployment default (`DEFAULT_AI_PROVIDER`: a model id,
// or a provider id = that provider's default-tier model) → the organization's `settings.aiProvider`
// (its provider's default-tier model) → modelA-sonnet-4-6.
// A model chosen by any of the first four steps must have its provider configured, else 400:
// silently switching vendor would send the organization's strings somewhere it did not choose.
// Only the last-resort default yields to a configured provider, so an organization that set up
// just an OpenAI-compatible key works without choosing a model anywhere.
import { badRequest } from "../errors/app-error";
import type { AiConfig } from "./ai-config";
import { FALLBACK_MODEL, findModel, MODEL_IDS, type ModelInfo, PROVIDER_DEFAULT_MODEL } from "./model-registry";
import type { AiOrgSettings } from "./resolve-providers";

export interface ModelChoice {
  requestModel?: string | null;
  preferredModel?: string | null;
}

export function pickModelId(choice: ModelChoice, ai: AiConfig | undefined, org: AiOrgSettings): string {
  if (choice.requestModel) return choice.requestModel;
  if (choice.preferredModel) return choice.preferredModel;
  if (ai?.defaultModel) return ai.defaultModel;
  if (ai?.defaultProvider) return PROVIDER_DEFAULT_MODEL[ai.defaultProvider];
  if (org.aiProvider) return PROVIDER_DEFAULT_MODEL[org.aiProvider];
  return FALLBACK_MODEL;
}

export function assertAiConfigured(org: AiOrgSettings): void {
  if (!org.credentials.provider_a && !org.credentials.provider_b) {
    throw badRequest(
      "No AI provider is configured: set an API key in the organization settings (aiProviderKeys) or the server environment",
    );
  }
}

export function selectModel(choice: ModelChoice, ai: AiConfig | undefined, org: AiOrgSettings): ModelInfo {
  assertAiConfigured(org);
  let id = pickModelId(choice, ai, org);
  const nothingChosen = !choice.requestModel && !choice.preferredModel && !ai?.defaultModel && !ai?.defaultProvider && !org.aiProvider;
  if (nothingChosen && !org.credentials.provider_a) {
    id = PROVIDER_DEFAULT_MODEL.provider_b;
  }
  const model = findModel(id);
  if (!model) {
    throw badRequest(`model: unknown model "${id}"; expected one of ${MODEL_IDS.join(", ")}`, [
      { path: "model", message: `unknown model "${id}"` },
    ]);
  }
  if (!org.credentials[model.provider]) {
    throw badRequest(`model: the provider of "${model.id}" (${model.provider}) is not configured for this organization`, [
      { path: "model", message: `provider ${model.provider} is not configured` },
    ]);
  }
  return model;
}
