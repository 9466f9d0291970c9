// Deployment-level AI settings, read from the environment by the api and the worker alike.
import { type QuotaConfig, quotaConfigFromEnv } from "../limits/quota-config";
import { type MtConfig, mtConfigFromEnv } from "../mt/mt-config";
import { findModel, isProviderId, type ProviderId, parseModelMap } from "./model-registry";

export interface ProviderCredentials {
  apiKey: string;
  baseUrl?: string;
}

export interface AiConfig {
  /** Deployment keys; an organization's own `aiProviderKeys` take precedence. */
  providers: Partial<Record<ProviderId, ProviderCredentials>>;
  /** Base URLs from the environment, also used with an organization's own key. */
  baseUrls: Partial<Record<ProviderId, string>>;
  /** `DEFAULT_AI_PROVIDER`: a model id, or a provider id meaning that provider's default model. */
  defaultModel?: string;
  defaultProvider?: ProviderId;
  modelMap: Record<string, string>;
  /** Concurrent provider calls per organization, across every process on the database. */
  maxConcurrency: number;
  /** Lease of a call's slot (AI_JOB_LEASE_MS): a crashed process's slots come free after it. */
  callLeaseMs: number;
  /** Retries of a 429/5xx/connection failure before the item fails. */
  maxRetries: number;
  /** First backoff step; doubles per attempt unless the provider sends retry-after. */
  retryBaseMs: number;
  requestTimeoutMs: number;
  /** QUOTA_*: the AI characters per month of each organization (docs/api-rules.md, "Quotas"). */
  quotas?: QuotaConfig;
  /** MT engines (DeepL, Google, Azure, Amazon); they share the call slots, retries and timeout above. */
  mt: MtConfig;
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() ? v.trim() : undefined);
const int = (v: unknown, def: number, min: number): number => {
  const n = typeof v === "number" ? v : Number(str(v) ?? NaN);
  return Number.isInteger(n) && n >= min ? n : def;
};

export function aiConfigFromEnv(env: Record<string, unknown>): AiConfig {
  const providers: AiConfig["providers"] = {};
  const baseUrls: AiConfig["baseUrls"] = {};
  const aBase = str(env.ANTHROPIC_BASE_URL);
  const bBase = str(env.OPENAI_BASE_URL);
  if (aBase) baseUrls.provider_a = aBase;
  if (bBase) baseUrls.provider_b = bBase;
  const aKey = str(env.ANTHROPIC_API_KEY);
  const bKey = str(env.OPENAI_API_KEY);
  if (aKey) providers.provider_a = { apiKey: aKey, baseUrl: aBase };
  if (bKey) providers.provider_b = { apiKey: bKey, baseUrl: bBase };
  const def = str(env.DEFAULT_AI_PROVIDER);
  let defaultModel: string | undefined;
  let defaultProvider: ProviderId | undefined;
  if (def) {
    if (isProviderId(def)) defaultProvider = def;
    else if (findModel(def)) defaultModel = def;
    else throw new Error(`DEFAULT_AI_PROVIDER: expected a model id or provider_a/provider_b, got "${def}"`);
  }
  return {
    providers,
    baseUrls,
    defaultModel,
    defaultProvider,
    modelMap: parseModelMap(str(env.AI_MODEL_MAP)),
    maxConcurrency: int(env.AI_MAX_CONCURRENCY, 4, 1),
    callLeaseMs: int(env.AI_JOB_LEASE_MS, 30_000, 200),
    maxRetries: int(env.AI_MAX_RETRIES, 4, 0),
    retryBaseMs: int(env.AI_RETRY_BASE_MS, 500, 0),
    requestTimeoutMs: int(env.AI_REQUEST_TIMEOUT_MS, 60_000, 100),
    quotas: quotaConfigFromEnv(env),
    mt: mtConfigFromEnv(env),
  };
}

export const EMPTY_AI_CONFIG: AiConfig = aiConfigFromEnv({});
