// Which MT engines an organization can use, with which credentials: its own write-only
// `settings.mtEngineKeys` first, then the deployment's environment keys. An organization's key
// without an endpoint of its own uses the deployment's endpoint for that engine.
import type { MtConfig } from "./mt-config";
import { MT_ENGINE_IDS, type MtCredentials, type MtEngineId } from "./mt-engines";

export type MtCredentialsMap = Partial<Record<MtEngineId, MtCredentials>>;

const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() ? v.trim() : undefined);

function orgCredential(engine: MtEngineId, raw: unknown, envEndpoint: string | undefined): MtCredentials | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const r = raw as Record<string, unknown>;
  const apiKey = str(r.apiKey);
  if (!apiKey) return undefined;
  const cred: MtCredentials = { apiKey, endpoint: str(r.endpoint) ?? envEndpoint };
  if (str(r.secretKey)) cred.secretKey = str(r.secretKey);
  if (str(r.region)) cred.region = str(r.region);
  if (engine === "amazon" && (!cred.secretKey || !cred.region)) return undefined;
  return cred;
}

export function mtCredentialsOf(settings: unknown, mt: MtConfig | undefined): MtCredentialsMap {
  const s = (settings && typeof settings === "object" ? settings : {}) as Record<string, unknown>;
  const keys = (s.mtEngineKeys && typeof s.mtEngineKeys === "object" ? s.mtEngineKeys : {}) as Record<string, unknown>;
  const out: MtCredentialsMap = {};
  for (const engine of MT_ENGINE_IDS) {
    const chosen = orgCredential(engine, keys[engine], mt?.endpoints[engine]) ?? mt?.engines[engine];
    if (chosen) out[engine] = chosen;
  }
  return out;
}

/** An endpoint an organization may set: an absolute https URL (http too when the deployment allows it). */
export function endpointProblem(raw: string, allowHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "not an absolute URL";
  }
  if (url.protocol !== "https:" && !(allowHttp && url.protocol === "http:")) {
    return allowHttp ? "must be an http or https URL" : "must be an https URL";
  }
  if (url.username || url.password || url.search || url.hash) return "must not carry credentials, a query or a fragment";
  return null;
}
