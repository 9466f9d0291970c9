// Deployment-level MT settings from the environment; an organization's own `mtEngineKeys`
// (write-only, resolve-mt-engines.ts) take precedence over these.
import type { MtCredentials, MtEngineId } from "./mt-engines";

export interface MtConfig {
  engines: Partial<Record<MtEngineId, MtCredentials>>;
  /** Endpoints from the environment, also used with an organization's own key. */
  endpoints: Partial<Record<MtEngineId, string>>;
  /** Lets organizations set plain-http endpoints (local servers, tests); otherwise https only. */
  allowHttpEndpoints: boolean;
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() ? v.trim() : undefined);

export function mtConfigFromEnv(env: Record<string, unknown>): MtConfig {
  const endpoints: MtConfig["endpoints"] = {};
  const engines: MtConfig["engines"] = {};
  const endpointVars: Record<MtEngineId, string> = {
    deepl: "DEEPL_ENDPOINT",
    google: "GOOGLE_TRANSLATE_ENDPOINT",
    azure: "AZURE_TRANSLATOR_ENDPOINT",
    amazon: "AMAZON_TRANSLATE_ENDPOINT",
  };
  for (const [engine, name] of Object.entries(endpointVars) as [MtEngineId, string][]) {
    const url = str(env[name]);
    if (url) endpoints[engine] = url;
  }
  const deepl = str(env.DEEPL_API_KEY);
  if (deepl) engines.deepl = { apiKey: deepl, endpoint: endpoints.deepl };
  const google = str(env.GOOGLE_TRANSLATE_API_KEY);
  if (google) engines.google = { apiKey: google, endpoint: endpoints.google };
  const azure = str(env.AZURE_TRANSLATOR_KEY);
  if (azure) engines.azure = { apiKey: azure, region: str(env.AZURE_TRANSLATOR_REGION), endpoint: endpoints.azure };
  const awsId = str(env.AMAZON_TRANSLATE_ACCESS_KEY_ID);
  const awsSecret = str(env.AMAZON_TRANSLATE_SECRET_ACCESS_KEY);
  const awsRegion = str(env.AMAZON_TRANSLATE_REGION);
  if (awsId && awsSecret && awsRegion)
    engines.amazon = { apiKey: awsId, secretKey: awsSecret, region: awsRegion, endpoint: endpoints.amazon };
  return { engines, endpoints, allowHttpEndpoints: /^(1|true|yes)$/i.test(str(env.MT_ALLOW_HTTP_ENDPOINTS) ?? "") };
}
