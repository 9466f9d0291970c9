// Which providers an organization can use, and with which credentials: its own write-only
// `settings.aiProviderKeys` first (a key string, or `{apiKey, baseUrl}` for an OpenAI- or
// Anthropic-compatible server of its choice), then the deployment's environment keys.
import type { AiConfig, ProviderCredentials } from "./ai-config";
import { PROVIDER_IDS, type ProviderId } from "./model-registry";

export type ProviderCredentialsMap = Partial<Record<ProviderId, ProviderCredentials>>;

export interface AiOrgSettings {
  aiProvider?: ProviderId;
  toneInstructions?: string;
  credentials: ProviderCredentialsMap;
}

function orgCredential(raw: unknown, envBaseUrl: string | undefined): ProviderCredentials | undefined {
  if (typeof raw === "string" && raw.trim()) return { apiKey: raw.trim(), baseUrl: envBaseUrl };
  if (raw && typeof raw === "object") {
    const { apiKey, baseUrl } = raw as { apiKey?: unknown; baseUrl?: unknown };
    if (typeof apiKey === "string" && apiKey.trim()) {
      return { apiKey: apiKey.trim(), baseUrl: typeof baseUrl === "string" && baseUrl.trim() ? baseUrl.trim() : envBaseUrl };
    }
  }
  return undefined;
}

/** Reads the AI-related parts of `Organization.settings` merged with the deployment configuration. */
export function aiOrgSettingsOf(settings: unknown, ai: AiConfig | undefined): AiOrgSettings {
  const s = (settings && typeof settings === "object" ? settings : {}) as Record<string, unknown>;
  const keys = (s.aiProviderKeys && typeof s.aiProviderKeys === "object" ? s.aiProviderKeys : {}) as Record<string, unknown>;
  const credentials: ProviderCredentialsMap = {};
  for (const provider of PROVIDER_IDS) {
    const own = orgCredential(keys[provider], ai?.baseUrls[provider]);
    const fromEnv = ai?.providers[provider];
    const chosen = own ?? fromEnv;
    if (chosen) credentials[provider] = chosen;
  }
  return {
    aiProvider: s.aiProvider === "provider_a" || s.aiProvider === "provider_b" ? s.aiProvider : undefined,
    toneInstructions: typeof s.toneInstructions === "string" && s.toneInstructions.trim() ? s.toneInstructions : undefined,
    credentials,
  };
}
