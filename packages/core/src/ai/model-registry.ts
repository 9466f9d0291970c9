// The eight public model ids (SPEC.md "AI model identifiers"), their display names, providers and
// default vendor model names (DECISIONS.md "AI"). Vendor names can be overridden by configuration.
export type ProviderId = "provider_a" | "provider_b";

export interface ModelInfo {
  id: string;
  displayName: string;
  provider: ProviderId;
  vendorModel: string;
}

export const MODELS: readonly ModelInfo[] = [
  { id: "modelA-haiku-4-5", displayName: "Model A Haiku 4.5", provider: "provider_a", vendorModel: "claude-haiku-4-5" },
  { id: "modelA-sonnet-4-6", displayName: "Model A Sonnet 4.6", provider: "provider_a", vendorModel: "claude-sonnet-4-6" },
  { id: "modelA-opus-4-6", displayName: "Model A Opus 4.6", provider: "provider_a", vendorModel: "claude-opus-4-6" },
  { id: "modelB-4o-mini", displayName: "Model B 4o mini", provider: "provider_b", vendorModel: "gpt-4o-mini" },
  { id: "modelB-4o", displayName: "Model B 4o", provider: "provider_b", vendorModel: "gpt-4o" },
  { id: "modelB-5", displayName: "Model B 5", provider: "provider_b", vendorModel: "gpt-5" },
  { id: "modelB-5-mini", displayName: "Model B 5 mini", provider: "provider_b", vendorModel: "gpt-5-mini" },
  { id: "modelB-5.2", displayName: "Model B 5.2", provider: "provider_b", vendorModel: "gpt-5.2" },
] as const;

export const MODEL_IDS = MODELS.map((m) => m.id) as [string, ...string[]];

export function findModel(id: string): ModelInfo | undefined {
  return MODELS.find((m) => m.id === id);
}
