// One translation request to a provider through its official SDK, returning `{translation,
// confidence}`: provider_a via the Messages API with a forced tool call (its structured output),
// provider_b via Chat Completions with a strict JSON schema response format. SDK retries are off:
// retry.ts owns retrying so retry-after and backoff are the same for both providers.
// The SDKs are loaded on the first call, not at start-up: together they cost ~1 s and ~25 MB of
// a process that may never translate (measured at load 10).
import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import type { ProviderCredentials } from "./ai-config";
import type { ModelInfo, ProviderId } from "./model-registry";
import { ProviderError, providerErrorOf } from "./provider-error";

export interface PromptMessages {
  system: string;
  user: string;
}

export interface ProviderAnswer {
  translation: string;
  confidence: number;
}

export interface ProviderCall {
  model: ModelInfo;
  vendorModel: string;
  credentials: ProviderCredentials;
  prompt: PromptMessages;
  timeoutMs: number;
  signal?: AbortSignal;
}

const RESULT_TOOL = "submit_translation";

const RESULT_SCHEMA = {
  type: "object" as const,
  properties: {
    translation: { type: "string", description: "The translated text, placeholders and ICU syntax preserved" },
    confidence: { type: "number", description: "How sure you are that the translation is correct and natural, 0-100" },
  },
  required: ["translation", "confidence"],
  additionalProperties: false,
};

const PROVIDER_NAMES: Record<ProviderId, string> = { provider_a: "Provider A", provider_b: "Provider B" };

/**
 * The SDK clients of one process, one per provider, key, address and timeout (held by its
 * CoreRuntime, never by this module): a client keeps its connection pool, so calls reuse sockets.
 */
export class ProviderClients {
  private readonly clients = new Map<string, Anthropic | OpenAI>();

  async clientFor(provider: ProviderId, credentials: ProviderCredentials, timeoutMs: number): Promise<Anthropic | OpenAI> {
    const cacheKey = `${provider}\0${credentials.apiKey}\0${credentials.baseUrl ?? ""}\0${timeoutMs}`;
    let client = this.clients.get(cacheKey);
    if (!client) {
      const options = { apiKey: credentials.apiKey, baseURL: credentials.baseUrl || undefined, maxRetries: 0, timeout: timeoutMs };
      client =
        provider === "provider_a"
          ? new (await import("@anthropic-ai/sdk")).default(options)
          : new (await import("openai")).default(options);
      if (this.clients.size > 100) this.clients.clear();
      this.clients.set(cacheKey, client);
    }
    return client;
  }

  /** Clients made so far (tests). */
  get size(): number {
    return this.clients.size;
  }
}

/** Confidence as a whole number in 0–100, whatever the model sent (0.87 is read as 87%). */
export function clampConfidence(value: unknown): number {
  let n = typeof value === "string" ? Number(value) : typeof value === "number" ? value : NaN;
  if (!Number.isFinite(n)) return 0;
  if (n > 0 && n < 1) n *= 100;
  return Math.min(100, Math.max(0, Math.round(n)));
}

function answerOf(raw: unknown, providerName: string): ProviderAnswer {
  const obj = raw as { translation?: unknown; confidence?: unknown } | null;
  if (!obj || typeof obj !== "object" || typeof obj.translation !== "string") {
    throw new ProviderError(`${providerName} returned no translation in the expected format`, null, false);
  }
  return { translation: obj.translation, confidence: clampConfidence(obj.confidence) };
}

async function callProviderA(client: Anthropic, call: ProviderCall): Promise<ProviderAnswer> {
  const res = await client.messages.create(
    {
      model: call.vendorModel,
      max_tokens: 4096,
      system: call.prompt.system,
      messages: [{ role: "user", content: call.prompt.user }],
      tools: [{ name: RESULT_TOOL, description: "Submit the translation and your confidence in it.", input_schema: RESULT_SCHEMA }],
      tool_choice: { type: "tool", name: RESULT_TOOL },
    },
    { signal: call.signal },
  );
  const block = res.content.find((b) => b.type === "tool_use" && b.name === RESULT_TOOL);
  if (block?.type !== "tool_use") throw new ProviderError(`${PROVIDER_NAMES.provider_a} did not call the ${RESULT_TOOL} tool`, null, false);
  return answerOf(block.input, PROVIDER_NAMES.provider_a);
}

async function callProviderB(client: OpenAI, call: ProviderCall): Promise<ProviderAnswer> {
  const res = await client.chat.completions.create(
    {
      model: call.vendorModel,
      messages: [
        { role: "system", content: call.prompt.system },
        { role: "user", content: call.prompt.user },
      ],
      response_format: { type: "json_schema", json_schema: { name: "translation_result", strict: true, schema: RESULT_SCHEMA } },
    },
    { signal: call.signal },
  );
  const message = res.choices[0]?.message;
  if (message?.refusal) throw new ProviderError(`${PROVIDER_NAMES.provider_b} refused: ${message.refusal}`, null, false);
  const content = message?.content;
  if (!content) throw new ProviderError(`${PROVIDER_NAMES.provider_b} returned an empty answer`, null, false);
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new ProviderError(`${PROVIDER_NAMES.provider_b} returned invalid JSON`, null, false);
  }
  return answerOf(parsed, PROVIDER_NAMES.provider_b);
}

/** One attempt; throws ProviderError (retryable or not). */
export async function requestTranslation(clients: ProviderClients, call: ProviderCall): Promise<ProviderAnswer> {
  const provider = call.model.provider;
  try {
    const client = await clients.clientFor(provider, call.credentials, call.timeoutMs);
    return provider === "provider_a" ? await callProviderA(client as Anthropic, call) : await callProviderB(client as OpenAI, call);
  } catch (err) {
    throw providerErrorOf(err, PROVIDER_NAMES[provider]);
  }
}
