// One request to an MT engine: a protected text in, its translation out, failures as
// ProviderErrors (retryable for 429/5xx/lost connections) exactly like the LLM providers', so the
// same retry loop and per-organization call slots apply. DeepL through its official SDK
// (deepl-node), Amazon through @aws-sdk/client-translate; Google Cloud Translation (v2 basic) and
// Azure AI Translator (v3) through their documented REST APIs with fetch, since Google's SDK
// brings gRPC and a large tree and Azure has no maintained text-translation SDK for Node. Every SDK
// retry is off: retry.ts owns retrying.
import { TranslateClient, TranslateTextCommand } from "@aws-sdk/client-translate";
import * as deepl from "deepl-node";
import { ProviderError, retryAfterMsOf } from "../ai/provider-error";
import { MT_ENGINES, type MtCredentials, type MtEngineId } from "./mt-engines";

export interface EngineCall {
  engine: MtEngineId;
  credentials: MtCredentials;
  sourceLanguage: string;
  targetLanguage: string;
  /** Already protected (protect-text.ts). */
  text: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

const endpointOf = (call: EngineCall) => (call.credentials.endpoint || MT_ENGINES[call.engine].defaultEndpoint).replace(/\/+$/, "");

const retryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/** DeepL wants a regional variant for English and Portuguese targets and upper-case codes. */
export function deeplTarget(language: string): string {
  const [base, region] = language.split("-");
  const lower = base!.toLowerCase();
  if (lower === "en") return region ? `en-${region.toUpperCase()}` : "en-US";
  if (lower === "pt") return region ? `pt-${region.toUpperCase()}` : "pt-PT";
  if (lower === "zh") return /hant|tw|hk/i.test(language) ? "zh-HANT" : "zh-HANS";
  return lower;
}

const baseLanguage = (language: string) => language.split("-")[0]!.toLowerCase();

async function callDeepl(call: EngineCall): Promise<string> {
  const translator = new deepl.Translator(call.credentials.apiKey, {
    serverUrl: endpointOf(call),
    maxRetries: 0,
    minTimeout: call.timeoutMs,
  });
  try {
    const result = await translator.translateText(
      call.text,
      baseLanguage(call.sourceLanguage) as deepl.SourceLanguageCode,
      deeplTarget(call.targetLanguage) as deepl.TargetLanguageCode,
      { tagHandling: "xml", ignoreTags: ["x"], preserveFormatting: true },
    );
    return result.text;
  } catch (err) {
    if (err instanceof deepl.TooManyRequestsError) return fail(err.message, 429, true);
    if (err instanceof deepl.QuotaExceededError) return fail(err.message, 456, false);
    if (err instanceof deepl.AuthorizationError) return fail(err.message, 403, false);
    if (err instanceof deepl.ConnectionError) return fail(`Could not connect to DeepL: ${err.message}`, null, err.shouldRetry);
    if (err instanceof deepl.DeepLError) return fail(err.message, null, /Service unavailable|status code: 5\d\d/.test(err.message));
    throw err;
  }
}

function fail(message: string, status: number | null, retryable: boolean, retryAfterMs: number | null = null): never {
  throw new ProviderError(message, status, retryable, retryAfterMs);
}

/** POST JSON to a REST engine; a non-2xx answer becomes a ProviderError carrying the vendor's message. */
async function postJson(call: EngineCall, url: string, headers: Record<string, string>, body: unknown, name: string): Promise<unknown> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (call.signal?.aborted) return fail("Request was aborted", null, false);
    if (timeout.aborted) return fail(`${name} did not answer in time`, null, true);
    return fail(`Could not connect to ${name}: ${(err as Error).message}`, null, true);
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const inner = (json as { error?: { message?: unknown } } | null)?.error?.message;
    const message = typeof inner === "string" && inner ? `${name}: ${inner}` : `${name} answered HTTP ${res.status}`;
    return fail(message, res.status, retryableStatus(res.status), retryAfterMsOf(res.headers));
  }
  return json;
}

async function callGoogle(call: EngineCall): Promise<string> {
  // Cloud Translation Basic (v2): the key in X-Goog-Api-Key keeps it out of URLs and logs.
  const json = (await postJson(
    call,
    `${endpointOf(call)}/language/translate/v2`,
    { "x-goog-api-key": call.credentials.apiKey },
    { q: [call.text], source: call.sourceLanguage, target: call.targetLanguage, format: "html" },
    "Google Cloud Translation",
  )) as { data?: { translations?: { translatedText?: unknown }[] } } | null;
  const out = json?.data?.translations?.[0]?.translatedText;
  if (typeof out !== "string") return fail("Google Cloud Translation returned no translation", null, false);
  return out;
}

async function callAzure(call: EngineCall): Promise<string> {
  const params = new URLSearchParams({ "api-version": "3.0", from: call.sourceLanguage, to: call.targetLanguage, textType: "html" });
  const headers: Record<string, string> = { "Ocp-Apim-Subscription-Key": call.credentials.apiKey };
  if (call.credentials.region) headers["Ocp-Apim-Subscription-Region"] = call.credentials.region;
  const json = (await postJson(call, `${endpointOf(call)}/translate?${params}`, headers, [{ Text: call.text }], "Azure AI Translator")) as
    | { translations?: { text?: unknown }[] }[]
    | null;
  const out = Array.isArray(json) ? json[0]?.translations?.[0]?.text : undefined;
  if (typeof out !== "string") return fail("Azure AI Translator returned no translation", null, false);
  return out;
}

interface AwsErrorShape {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
  $response?: { headers?: Record<string, string> };
}

async function callAmazon(call: EngineCall): Promise<string> {
  const { apiKey, secretKey, region } = call.credentials;
  if (!secretKey || !region) return fail("Amazon Translate needs an access key id, a secret access key and a region", null, false);
  const client = new TranslateClient({
    region,
    credentials: { accessKeyId: apiKey, secretAccessKey: secretKey },
    ...(call.credentials.endpoint ? { endpoint: call.credentials.endpoint } : {}),
    maxAttempts: 1,
  });
  try {
    const res = await client.send(
      new TranslateTextCommand({ Text: call.text, SourceLanguageCode: call.sourceLanguage, TargetLanguageCode: call.targetLanguage }),
      { abortSignal: call.signal },
    );
    if (typeof res.TranslatedText !== "string") return fail("Amazon Translate returned no translation", null, false);
    return res.TranslatedText;
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    const e = (err ?? {}) as AwsErrorShape;
    const status = e.$metadata?.httpStatusCode ?? null;
    const throttled = e.name === "ThrottlingException" || e.name === "TooManyRequestsException" || e.name === "ServiceUnavailableException";
    const retryable = throttled || (status !== null && retryableStatus(status)) || status === null;
    return fail(`Amazon Translate: ${e.message || e.name || "request failed"}`, status, retryable && e.name !== "AbortError");
  } finally {
    client.destroy();
  }
}

/** One attempt; throws ProviderError (retryable or not). */
export function requestEngineTranslation(call: EngineCall): Promise<string> {
  switch (call.engine) {
    case "deepl":
      return callDeepl(call);
    case "google":
      return callGoogle(call);
    case "azure":
      return callAzure(call);
    case "amazon":
      return callAmazon(call);
  }
}
