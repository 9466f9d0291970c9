// The pure rules behind AI translation: deployment configuration, model selection order,
// confidence clamping and the placeholder/ICU check.

import {
  aiConfigFromEnv,
  aiOrgSettingsOf,
  checkPlaceholders,
  clampConfidence,
  parseModelMap,
  retryAfterMsOf,
  selectModel,
} from "@locale/core/ai";
import { describe, expect, it } from "vitest";

const headers = (h: Record<string, string>) => new Headers(h);

describe("deployment configuration", () => {
  it("reads keys, base URLs and DEFAULT_AI_PROVIDER as a model id or a provider id", () => {
    const byProvider = aiConfigFromEnv({
      OPENAI_API_KEY: "k",
      OPENAI_BASE_URL: "http://local/v1",
      DEFAULT_AI_PROVIDER: "provider_b",
      AI_MAX_CONCURRENCY: 3,
    });
    expect(byProvider.providers).toEqual({ provider_b: { apiKey: "k", baseUrl: "http://local/v1" } });
    expect(byProvider.defaultProvider).toBe("provider_b");
    expect(byProvider.maxConcurrency).toBe(3);
    expect(aiConfigFromEnv({ DEFAULT_AI_PROVIDER: "modelA-opus-4-6" }).defaultModel).toBe("modelA-opus-4-6");
    expect(() => aiConfigFromEnv({ DEFAULT_AI_PROVIDER: "gpt-4o" })).toThrow(/DEFAULT_AI_PROVIDER/);
  });

  it("parses AI_MODEL_MAP as JSON or a comma list and refuses unknown ids", () => {
    expect(parseModelMap('{"modelB-4o": "gpt-4o-2024-11-20"}')).toEqual({ "modelB-4o": "gpt-4o-2024-11-20" });
    expect(parseModelMap("modelB-4o=a, modelA-haiku-4-5=b")).toEqual({ "modelB-4o": "a", "modelA-haiku-4-5": "b" });
    expect(() => parseModelMap("modelC=x")).toThrow(/unknown model id "modelC"/);
    expect(parseModelMap(undefined)).toEqual({});
  });

  it("prefers an organization's own key over the deployment's, keeping the deployment base URL", () => {
    const ai = aiConfigFromEnv({ OPENAI_API_KEY: "env", OPENAI_BASE_URL: "http://local/v1", ANTHROPIC_BASE_URL: "http://a" });
    const org = aiOrgSettingsOf(
      { aiProviderKeys: { provider_a: "own-a", provider_b: "own-b" }, aiProvider: "provider_a", toneInstructions: "Formal" },
      ai,
    );
    expect(org.credentials).toEqual({
      provider_a: { apiKey: "own-a", baseUrl: "http://a" },
      provider_b: { apiKey: "own-b", baseUrl: "http://local/v1" },
    });
    expect(org.aiProvider).toBe("provider_a");
    expect(org.toneInstructions).toBe("Formal");
    expect(aiOrgSettingsOf({}, ai).credentials).toEqual({ provider_b: { apiKey: "env", baseUrl: "http://local/v1" } });
  });
});

describe("model selection", () => {
  const both = aiOrgSettingsOf({ aiProviderKeys: { provider_a: "a", provider_b: "b" } }, undefined);
  it("follows request → project → deployment default → organization provider → fallback", () => {
    const env = aiConfigFromEnv({ DEFAULT_AI_PROVIDER: "modelB-5" });
    const orgB = { ...both, aiProvider: "provider_b" as const };
    expect(selectModel({ requestModel: "modelA-haiku-4-5", preferredModel: "modelB-5-mini" }, env, orgB).id).toBe("modelA-haiku-4-5");
    expect(selectModel({ preferredModel: "modelB-5-mini" }, env, orgB).id).toBe("modelB-5-mini");
    expect(selectModel({}, env, orgB).id).toBe("modelB-5");
    expect(selectModel({}, aiConfigFromEnv({ DEFAULT_AI_PROVIDER: "provider_a" }), orgB).id).toBe("modelA-sonnet-4-6");
    expect(selectModel({}, undefined, orgB).id).toBe("modelB-4o");
    expect(selectModel({}, undefined, both).id).toBe("modelA-sonnet-4-6");
  });

  it("refuses an explicit choice whose provider is not configured, and nothing configured at all", () => {
    const onlyB = aiOrgSettingsOf({ aiProviderKeys: { provider_b: "b" } }, undefined);
    expect(() => selectModel({ preferredModel: "modelA-opus-4-6" }, undefined, onlyB)).toThrow(/provider_a/);
    expect(() => selectModel({}, aiConfigFromEnv({ DEFAULT_AI_PROVIDER: "provider_a" }), onlyB)).toThrow(/provider_a/);
    expect(selectModel({}, undefined, onlyB).id).toBe("modelB-4o");
    expect(() => selectModel({}, undefined, aiOrgSettingsOf({}, undefined))).toThrow(/No AI provider is configured/);
  });
});

describe("provider answers", () => {
  it("clamps confidence to a whole number in 0–100", () => {
    expect([
      clampConfidence(150),
      clampConfidence(-1),
      clampConfidence(0.5),
      clampConfidence("88"),
      clampConfidence(null),
      clampConfidence(42.4),
    ]).toEqual([100, 0, 50, 88, 0, 42]);
  });

  it("reads retry-after in seconds, as an HTTP date, and retry-after-ms", () => {
    expect(retryAfterMsOf(headers({ "retry-after": "2" }))).toBe(2000);
    expect(retryAfterMsOf(headers({ "retry-after-ms": "150", "retry-after": "9" }))).toBe(150);
    expect(retryAfterMsOf(headers({ "retry-after": new Date(10_000).toUTCString() }), 7_000)).toBe(3000);
    expect(retryAfterMsOf(headers({}))).toBeNull();
  });
});

describe("placeholder and ICU check", () => {
  it("accepts translations that keep every placeholder, in any order", () => {
    expect(checkPlaceholders("Hi {name}, %1$s of %2$s {{app}}", "{{app}}: %2$s von %1$s, hallo {name}")).toBeNull();
    expect(checkPlaceholders("100% sure, {count, number} items", "100 % sicher, {count, number} Artikel")).toBeNull();
    expect(
      checkPlaceholders("{n, plural, =0 {none} one {# item} other {# items}}", "{n, plural, =0 {keine} one {# Artikel} other {# Artikel}}"),
    ).toBeNull();
    expect(
      checkPlaceholders("{g, select, f {She has {n}} other {They have {n}}}", "{g, select, f {Sie hat {n}} other {Sie haben {n}}}"),
    ).toBeNull();
  });

  it("names what is missing, extra or broken", () => {
    expect(checkPlaceholders("Hi {name}", "Hallo")).toBe("Placeholder check failed: missing placeholder {name}");
    expect(checkPlaceholders("%s files", "%d Dateien")).toBe("Placeholder check failed: missing placeholder %s; unexpected placeholder %d");
    expect(checkPlaceholders("{n, plural, one {#} other {#}}", "{n, plural, one {#} other {#}")).toMatch(/ICU syntax error/);
    expect(checkPlaceholders("{n, select, a {x} other {y}}", "{n, plural, one {x} other {y}}")).toMatch(
      /missing ICU select.*unexpected ICU plural/,
    );
  });
});
