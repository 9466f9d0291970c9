// The eight public model ids, their display names, providers and default vendor model names
// (docs/api-rules.md, "AI translation"). Vendor names can be overridden by configuration
// (`AI_MODEL_MAP`), so a deployment can point an id at a newer snapshot or a local model.
export type ProviderId = "provider_a" | "provider_b";

export const PROVIDER_IDS: readonly ProviderId[] = ["provider_a", "provider_b"];

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

/** The model a provider stands for when only the provider is named (`settings.aiProvider`, `DEFAULT_AI_PROVIDER`). */
export const PROVIDER_DEFAULT_MODEL: Record<ProviderId, string> = {
  provider_a: "modelA-sonnet-4-6",
  provider_b: "modelB-4o",
};

/** The last step of the selection order (docs/api-rules.md, "AI translation"). */
export const FALLBACK_MODEL = "modelA-sonnet-4-6";

export function findModel(id: string): ModelInfo | undefined {
  return MODELS.find((m) => m.id === id);
}

export function isProviderId(value: unknown): value is ProviderId {
  return value === "provider_a" || value === "provider_b";
}

/**
 * Parses `AI_MODEL_MAP`: either JSON (`{"modelB-4o": "gpt-4o-2024-11-20"}`) or a comma list
 * (`modelB-4o=gpt-4o-2024-11-20,modelA-haiku-4-5=claude-3-5-haiku`). Unknown ids are an error,
 * so a typo cannot silently leave the default in place.
 */
export function parseModelMap(raw: string | undefined): Record<string, string> {
  if (!raw?.trim()) return {};
  let entries: [string, string][];
  const text = raw.trim();
  if (text.startsWith("{")) {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    entries = Object.entries(parsed).map(([k, v]) => [k, String(v)]);
  } else {
    entries = text
      .split(",")
      .filter((s) => s.trim())
      .map((pair) => {
        const at = pair.indexOf("=");
        if (at < 1) throw new Error(`AI_MODEL_MAP: expected "<model id>=<vendor model>", got "${pair.trim()}"`);
        return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      });
  }
  const map: Record<string, string> = {};
  for (const [id, vendor] of entries) {
    if (!findModel(id)) throw new Error(`AI_MODEL_MAP: unknown model id "${id}"`);
    if (!vendor) throw new Error(`AI_MODEL_MAP: empty vendor model for "${id}"`);
    map[id] = vendor;
  }
  return map;
}

export function vendorModelOf(model: ModelInfo, overrides: Record<string, string>): string {
  return overrides[model.id] ?? model.vendorModel;
}
