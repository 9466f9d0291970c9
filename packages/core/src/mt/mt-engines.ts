// The machine translation engines, their public ids and the endpoints they answer on by default.
// Each can be pointed elsewhere (a regional endpoint, DeepL's free API, a proxy, a test server) by
// the deployment (`<ENGINE>_ENDPOINT`) or by an organization's own settings.
export const MT_ENGINE_IDS = ["deepl", "google", "azure", "amazon"] as const;
export type MtEngineId = (typeof MT_ENGINE_IDS)[number];

export interface MtEngineInfo {
  id: MtEngineId;
  displayName: string;
  defaultEndpoint: string;
  /** Whether the engine reads the text as markup, so `<x id="N"/>` tokens pass through untouched. */
  markup: boolean;
}

export const MT_ENGINES: Record<MtEngineId, MtEngineInfo> = {
  deepl: { id: "deepl", displayName: "DeepL", defaultEndpoint: "https://api.deepl.com", markup: true },
  google: { id: "google", displayName: "Google Cloud Translation", defaultEndpoint: "https://translation.googleapis.com", markup: true },
  azure: {
    id: "azure",
    displayName: "Azure AI Translator",
    defaultEndpoint: "https://api.cognitive.microsofttranslator.com",
    markup: true,
  },
  amazon: { id: "amazon", displayName: "Amazon Translate", defaultEndpoint: "", markup: false },
};

export function isMtEngineId(value: unknown): value is MtEngineId {
  return typeof value === "string" && (MT_ENGINE_IDS as readonly string[]).includes(value);
}

/** What a call needs: `apiKey` (for Amazon the access key id), `secretKey` and `region` where the engine wants them. */
export interface MtCredentials {
  apiKey: string;
  secretKey?: string;
  region?: string;
  endpoint?: string;
}
