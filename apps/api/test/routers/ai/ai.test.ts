// AI translation endpoints against a local server speaking the providers' wire formats, with the
// real SDKs pointed at it: status, model selection, the prompt's contents, confidence handling,
// the placeholder check, upstream errors and retries, and the synchronous batch with what it saves.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeAiProviders, patchSettings, seedProject, startFakeAiProviders } from "../../helpers/fake-ai-providers";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let fake: FakeAiProviders;

beforeAll(async () => {
  fake = await startFakeAiProviders();
  // No deployment keys: organizations bring their own (settings.aiProviderKeys).
  server = await startTestServer({
    OPENAI_BASE_URL: fake.openaiUrl,
    ANTHROPIC_BASE_URL: fake.anthropicUrl,
    AI_RETRY_BASE_MS: "20",
    AI_MAX_CONCURRENCY: "2",
    // A deployment pointing one public id at another vendor model (a local server's, say).
    AI_MODEL_MAP: "modelB-4o-mini=local-small-model",
  });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
beforeEach(() => fake.reset());

async function openAiUser(): Promise<TestUser> {
  const user = await signUpUser(server);
  await patchSettings(server, user, { aiProviderKeys: { provider_b: "sk-test" } });
  return user;
}

const translateBody = (keyId: string, extra: Record<string, unknown> = {}) => ({
  keyId,
  sourceLanguage: "en",
  targetLanguage: "de",
  sourceText: "Save {name}",
  keyName: "doc.save",
  ...extra,
});

describe("GET /ai/status", () => {
  it("lists only the providers configured for the organization", async () => {
    const user = await signUpUser(server);
    const { projectId } = await seedProject(server, user, []);
    const none = await server.request("GET", `/api/projects/${projectId}/ai/status`, { apiKey: user.apiKey });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ configured: false, availableProviders: [], availableModels: [] });

    await patchSettings(server, user, { aiProviderKeys: { provider_b: "sk-test" } });
    const one = await server.request("GET", `/api/v1/projects/${projectId}/ai/status`, { apiKey: user.apiKey });
    expect(one.body.configured).toBe(true);
    expect(one.body.availableProviders).toEqual(["provider_b"]);
    expect(one.body.availableModels.map((m: { id: string }) => m.id)).toEqual([
      "modelB-4o-mini",
      "modelB-4o",
      "modelB-5",
      "modelB-5-mini",
      "modelB-5.2",
    ]);
    expect(one.body.availableModels[1]).toEqual({ id: "modelB-4o", displayName: "Model B 4o", provider: "provider_b" });

    await patchSettings(server, user, { aiProviderKeys: { provider_a: "sk-ant" } });
    const both = await server.request("GET", `/api/projects/${projectId}/ai/status`, { apiKey: user.apiKey });
    expect(both.body.availableProviders).toEqual(["provider_a", "provider_b"]);
    expect(both.body.availableModels).toHaveLength(8);
  });

  it("answers 404 for another organization's project and 403 for a token without the ai scope", async () => {
    const owner = await openAiUser();
    const other = await openAiUser();
    const { projectId } = await seedProject(server, owner, []);
    const foreign = await server.request("GET", `/api/projects/${projectId}/ai/status`, { apiKey: other.apiKey });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ statusCode: 404, message: "Project not found", error: "Not Found" });
    const token = await server.request("POST", `/api/organizations/${owner.orgId}/tokens`, {
      cookie: owner.cookie,
      body: { name: "ro", scopes: ["projects:read"] },
    });
    expect(token.status).toBe(201);
    const scoped = await server.request("GET", `/api/projects/${projectId}/ai/status`, { apiKey: token.body.token });
    expect(scoped.status).toBe(403);
    expect(scoped.body).toEqual({ statusCode: 403, message: "Forbidden resource", error: "Forbidden" });
  });
});

describe("POST /ai/translate", () => {
  it("refuses with 400 when no provider is configured", async () => {
    const user = await signUpUser(server);
    const { projectId, keyIds } = await seedProject(server, user, [{ key: "doc.save", source: "Save {name}" }]);
    const res = await server.request("POST", `/api/projects/${projectId}/ai/translate`, {
      apiKey: user.apiKey,
      body: translateBody(keyIds["doc.save"]!),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(res.body.message).toMatch(/No AI provider is configured/);
    expect(fake.requests).toHaveLength(0);
  });

  it("sends key, description, comments, neighbours, glossary, TM, tone, style and context, and saves nothing", async () => {
    const user = await openAiUser();
    await patchSettings(server, user, { toneInstructions: "Friendly, informal, no exclamation marks." });
    const { projectId, keyIds } = await seedProject(server, user, [
      { key: "checkout.back", source: "Back to shop", targets: { de: "Zurück zum Shop" } },
      { key: "checkout.pay", source: "Add {count} items to your cart at Acme", description: "Primary button on the checkout page" },
      { key: "checkout.total", source: "Total: %s", targets: { de: "Summe: %s" } },
      { key: "checkout.zeta", source: "Zeta" },
      { key: "zzz.far.away", source: "Unrelated far key" },
    ]);
    const prisma = server.db.prisma;
    const keyId = keyIds["checkout.pay"]!;
    await prisma.comment.create({
      data: { projectId, keyId, authorId: user.userId, authorName: "Owner", body: "Keep it under 30 characters" },
    });
    const glossary = await prisma.glossary.create({
      data: { organizationId: user.orgId, name: "Brand", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    await prisma.glossaryTerm.createMany({
      data: [
        { glossaryId: glossary.id, organizationId: user.orgId, term: "Acme", termLower: "acme", doNotTranslate: true },
        {
          glossaryId: glossary.id,
          organizationId: user.orgId,
          term: "cart",
          termLower: "cart",
          translations: [{ language: "de", value: "Warenkorb", approved: true }],
        },
        {
          glossaryId: glossary.id,
          organizationId: user.orgId,
          term: "wishlist",
          termLower: "wishlist",
          translations: [{ language: "de", value: "Wunschliste", approved: true }],
        },
      ],
    });
    await prisma.tmEntry.create({
      data: {
        organizationId: user.orgId,
        sourceLanguage: "en",
        targetLanguage: "de",
        sourceText: "Add {count} items to your cart",
        targetText: "{count} Artikel in den Warenkorb legen",
        sourceNorm: "add {count} items to your cart",
        pairHash: "h1",
      },
    });

    const res = await server.request("POST", `/api/projects/${projectId}/ai/translate`, {
      apiKey: user.apiKey,
      body: translateBody(keyId, {
        sourceText: "Add {count} items to your cart at Acme",
        keyName: "checkout.pay",
        keyDescription: "Primary button on the checkout page",
        styleInstruction: "Use the informal du",
        additionalContext: "Shown on a mobile screen",
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ translation: "de: Add {count} items to your cart at Acme", confidence: 90, provider: "modelB-4o" });

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.protocol).toBe("openai");
    expect(sent.headers.authorization).toBe("Bearer sk-test");
    expect(sent.model).toBe("gpt-4o");
    expect(sent.body.response_format).toMatchObject({ type: "json_schema", json_schema: { strict: true } });
    expect(sent.system).toContain("Friendly, informal, no exclamation marks.");
    expect(sent.system).toContain("Use the informal du");
    expect(sent.system).toMatch(/placeholder/i);
    expect(sent.user).toContain("Key: checkout.pay");
    expect(sent.user).toContain("Primary button on the checkout page");
    expect(sent.user).toContain("Keep it under 30 characters");
    expect(sent.user).toContain('checkout.back: "Back to shop" → "Zurück zum Shop"');
    expect(sent.user).toContain('checkout.total: "Total: %s" → "Summe: %s"');
    expect(sent.user).not.toContain("Unrelated far key");
    expect(sent.user).toContain('"Acme": DO NOT TRANSLATE');
    expect(sent.user).toContain('"cart": must be translated as "Warenkorb"');
    expect(sent.user).not.toContain("Wunschliste");
    expect(sent.user).toMatch(/\d+% "Add \{count\} items to your cart" → "\{count\} Artikel in den Warenkorb legen"/);
    expect(sent.user).toContain("Shown on a mobile screen");

    // A suggestion only: nothing stored.
    expect(await prisma.translation.findFirst({ where: { keyId, language: "de" } })).toBeNull();
    expect(await prisma.tmEntry.count({ where: { organizationId: user.orgId } })).toBe(1);

    fake.reset();
    const override = await server.request("POST", `/api/projects/${projectId}/ai/translate`, {
      apiKey: user.apiKey,
      body: translateBody(keyId, { toneInstruction: "Very formal, address the reader as Sie." }),
    });
    expect(override.status).toBe(200);
    expect(fake.requests[0]!.system).toContain("Very formal, address the reader as Sie.");
    expect(fake.requests[0]!.system).not.toContain("Friendly, informal");
  });

  it("puts the TM search's exact best matches in the prompt, even behind entries sharing more trigrams", async () => {
    const user = await openAiUser();
    const { projectId, keyIds } = await seedProject(server, user, [{ key: "status.failed", source: "Data error" }]);
    // 24 entries with exactly the trigrams of "data error" (the same two words, swapped) but an
    // edit-distance similarity of 0–8 %, and one typo away from it at 90 %, less alike by trigrams.
    const separators = [
      " ",
      ", ",
      "; ",
      ": ",
      " - ",
      " / ",
      " + ",
      " & ",
      " | ",
      " * ",
      " # ",
      " @ ",
      " = ",
      " ~ ",
      " ^ ",
      " % ",
      " > ",
      " < ",
      " :: ",
      " -> ",
      " => ",
      " // ",
      " ++ ",
      " && ",
    ];
    const crowd = separators.map((s) => `error${s}data`);
    const entry = (sourceText: string, targetText: string, i: number) => ({
      organizationId: user.orgId,
      sourceLanguage: "en",
      targetLanguage: "de",
      sourceText,
      targetText,
      sourceNorm: sourceText.toLowerCase().replace(/\s+/g, " ").trim(),
      pairHash: `pair-${i}`,
      usageCount: 5,
    });
    await server.db.prisma.tmEntry.createMany({
      data: [...crowd.map((s, i) => entry(s, "Fehler Daten", i)), entry("Dta error", "Datenfehler", crowd.length)],
    });
    expect(new Set(crowd).size).toBe(24);

    const res = await server.request("POST", `/api/projects/${projectId}/ai/translate`, {
      apiKey: user.apiKey,
      body: translateBody(keyIds["status.failed"]!, { sourceText: "Data error", keyName: "status.failed" }),
    });
    expect(res.status).toBe(200);
    const memory = fake.requests[0]!.user.split("\n").filter((line) => /^- \d+% /.test(line));
    expect(memory).toEqual(['- 90% "Dta error" → "Datenfehler"']);

    // The same answer as the TM search endpoint's.
    const search = await server.request(
      "GET",
      `/api/organizations/${user.orgId}/tm/search?sourceText=Data%20error&sourceLang=en&targetLang=de&limit=3`,
      { apiKey: user.apiKey },
    );
    expect(search.status).toBe(200);
    expect(search.body.map((m: { sourceText: string; similarity: number }) => [m.sourceText, m.similarity])).toEqual([["Dta error", 90]]);
  });

  it("selects the model: request, then project preferredModel, then the organization's provider, then the fallback", async () => {
    const user = await openAiUser();
    const { projectId, keyIds } = await seedProject(server, user, [{ key: "doc.save", source: "Save {name}" }]);
    const path = `/api/projects/${projectId}/ai/translate`;
    const body = translateBody(keyIds["doc.save"]!);

    // Only provider_b is configured and nothing is chosen: the fallback yields to it.
    let res = await server.request("POST", path, { apiKey: user.apiKey, body });
    expect(res.body.provider).toBe("modelB-4o");
    expect(fake.requests.at(-1)!.model).toBe("gpt-4o");

    res = await server.request("POST", path, { apiKey: user.apiKey, body: { ...body, model: "modelB-4o-mini" } });
    expect(res.body.provider).toBe("modelB-4o-mini");
    expect(fake.requests.at(-1)!.model).toBe("local-small-model"); // AI_MODEL_MAP

    expect(
      (await server.request("PATCH", `/api/projects/${projectId}`, { apiKey: user.apiKey, body: { preferredModel: "modelB-5" } })).status,
    ).toBe(200);
    res = await server.request("POST", path, { apiKey: user.apiKey, body });
    expect(res.body.provider).toBe("modelB-5");
    expect(fake.requests.at(-1)!.model).toBe("gpt-5");
    res = await server.request("POST", path, { apiKey: user.apiKey, body: { ...body, model: "modelB-5.2" } });
    expect(fake.requests.at(-1)!.model).toBe("gpt-5.2");

    // With both providers, no preference: modelA-sonnet-4-6 over the Messages API with a forced tool call.
    await server.request("PATCH", `/api/projects/${projectId}`, { apiKey: user.apiKey, body: { preferredModel: null } });
    await patchSettings(server, user, { aiProviderKeys: { provider_a: "sk-ant" } });
    res = await server.request("POST", path, { apiKey: user.apiKey, body });
    expect(res.status).toBe(200);
    expect(res.body.provider).toBe("modelA-sonnet-4-6");
    const a = fake.requests.at(-1)!;
    expect(a.protocol).toBe("anthropic");
    expect(a.model).toBe("claude-sonnet-4-6");
    // The SDK sends the key as x-api-key or as a bearer token depending on its version.
    expect(`${a.headers["x-api-key"] ?? ""} ${a.headers.authorization ?? ""}`).toContain("sk-ant");
    expect(a.body.tool_choice).toEqual({ type: "tool", name: "submit_translation" });
    expect(a.system).toMatch(/placeholder/i);

    // The organization's aiProvider picks that provider's default tier.
    await patchSettings(server, user, { aiProvider: "provider_b" });
    res = await server.request("POST", path, { apiKey: user.apiKey, body });
    expect(res.body.provider).toBe("modelB-4o");
  });

  it("refuses an unknown model id and a model whose provider is not configured with 400", async () => {
    const user = await openAiUser();
    const { projectId, keyIds } = await seedProject(server, user, [{ key: "doc.save", source: "Save {name}" }]);
    const path = `/api/projects/${projectId}/ai/translate`;
    const unknown = await server.request("POST", path, {
      apiKey: user.apiKey,
      body: translateBody(keyIds["doc.save"]!, { model: "gpt-4o" }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(unknown.body.message).toContain("model");
    expect(unknown.body.issues[0].path).toBe("model");
    const unconfigured = await server.request("POST", path, {
      apiKey: user.apiKey,
      body: translateBody(keyIds["doc.save"]!, { model: "modelA-haiku-4-5" }),
    });
    expect(unconfigured.status).toBe(400);
    expect(unconfigured.body.message).toContain("provider_a");
    expect(unconfigured.body.issues).toEqual([{ path: "model", message: "provider provider_a is not configured" }]);
    const noKey = await server.request("POST", path, { apiKey: user.apiKey, body: translateBody("00000000-0000-0000-0000-000000000000") });
    expect(noKey.status).toBe(404);
    expect(noKey.body).toEqual({ statusCode: 404, message: "Key not found", error: "Not Found" });
    expect(fake.requests).toHaveLength(0);
  });

  it("clamps the model's confidence to 0–100", async () => {
    const user = await openAiUser();
    const { projectId, keyIds } = await seedProject(server, user, [{ key: "doc.save", source: "Save {name}" }]);
    const cases: [unknown, number][] = [
      [250, 100],
      [-7, 0],
      [0.87, 87],
      [73.6, 74],
      ["not a number", 0],
    ];
    for (const [sent, expected] of cases) {
      fake.reply = () => ({ translation: "{name} speichern", confidence: sent });
      const res = await server.request("POST", `/api/projects/${projectId}/ai/translate`, {
        apiKey: user.apiKey,
        body: translateBody(keyIds["doc.save"]!),
      });
      expect(res.status).toBe(200);
      expect(res.body.confidence).toBe(expected);
    }
  });

  it("fails with 502 when the translation breaks placeholders or ICU structure", async () => {
    const user = await openAiUser();
    const { projectId, keyIds } = await seedProject(server, user, [{ key: "files", source: "x" }]);
    const path = `/api/projects/${projectId}/ai/translate`;
    const cases: [string, string, RegExp][] = [
      ["Hello {name}, you have %1$d messages", "Hallo, du hast %1$d Nachrichten", /missing placeholder \{name\}/],
      ["Hello {{user}}", "Hallo {{benutzer}}", /missing placeholder \{\{user\}\}.*unexpected placeholder \{\{benutzer\}\}/],
      ["{n, plural, one {# file} other {# files}}", "{n, plural, one {# Datei}}", /"other"/],
      ["{g, select, male {He} female {She} other {They}}", "{g, select, mann {Er} other {Sie}}", /select "g"/],
      ["{n, plural, one {# file} other {# files}}", "# Dateien", /missing ICU plural/],
    ];
    for (const [source, translation, reason] of cases) {
      fake.reply = () => ({ translation, confidence: 95 });
      const res = await server.request("POST", path, { apiKey: user.apiKey, body: translateBody(keyIds.files!, { sourceText: source }) });
      expect(res.status).toBe(502);
      expect(res.body.error).toBe("Bad Gateway");
      expect(res.body.statusCode).toBe(502);
      expect(res.body.message).toMatch(reason);
    }
    // Plural categories may differ between languages as long as "other" is there.
    fake.reply = () => ({ translation: "{n, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}", confidence: 95 });
    const ok = await server.request("POST", path, {
      apiKey: user.apiKey,
      body: translateBody(keyIds.files!, { sourceText: "{n, plural, one {# file} other {# files}}" }),
    });
    expect(ok.status).toBe(200);
  });

  it("turns an upstream error into 502 with the provider's message, without retrying a 4xx", async () => {
    const user = await openAiUser();
    const { projectId, keyIds } = await seedProject(server, user, [{ key: "doc.save", source: "Save {name}" }]);
    fake.reply = () => ({ status: 401, message: "Incorrect API key provided: sk-test" });
    const res = await server.request("POST", `/api/projects/${projectId}/ai/translate`, {
      apiKey: user.apiKey,
      body: translateBody(keyIds["doc.save"]!),
    });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ statusCode: 502, message: "Incorrect API key provided: sk-test", error: "Bad Gateway" });
    expect(fake.requests).toHaveLength(1);
  });

  it("retries a 429 after the provider's retry-after, and 5xx with backoff", async () => {
    const user = await openAiUser();
    const { projectId, keyIds } = await seedProject(server, user, [{ key: "doc.save", source: "Save {name}" }]);
    let calls = 0;
    fake.reply = (req) =>
      ++calls === 1 ? { status: 429, message: "Rate limit reached", headers: { "retry-after": "1" } } : fake.defaultReply(req);
    const res = await server.request("POST", `/api/projects/${projectId}/ai/translate`, {
      apiKey: user.apiKey,
      body: translateBody(keyIds["doc.save"]!),
    });
    expect(res.status).toBe(200);
    expect(fake.requests).toHaveLength(2);
    const waited = fake.requests[1]!.receivedAt - fake.requests[0]!.receivedAt;
    expect(waited).toBeGreaterThanOrEqual(950);

    fake.reset();
    calls = 0;
    fake.reply = (req) => (++calls <= 2 ? { status: 503, message: "Overloaded" } : fake.defaultReply(req));
    const again = await server.request("POST", `/api/projects/${projectId}/ai/translate`, {
      apiKey: user.apiKey,
      body: translateBody(keyIds["doc.save"]!),
    });
    expect(again.status).toBe(200);
    expect(fake.requests).toHaveLength(3);

    fake.reset();
    fake.reply = () => ({ status: 500, message: "The server had an error" });
    const down = await server.request("POST", `/api/projects/${projectId}/ai/translate`, {
      apiKey: user.apiKey,
      body: translateBody(keyIds["doc.save"]!),
    });
    expect(down.status).toBe(502);
    expect(down.body).toEqual({ statusCode: 502, message: "The server had an error", error: "Bad Gateway" });
    expect(fake.requests).toHaveLength(5); // first attempt + AI_MAX_RETRIES (4)
  });
});

describe("API document", () => {
  it("lists the AI endpoints, including the plain SSE route", async () => {
    const doc = await server.request("GET", "/api/openapi.json");
    const paths = Object.keys(doc.body.paths);
    for (const p of [
      "status",
      "translate",
      "translate/batch",
      "translate/batch/start",
      "translate/batch/stream/{jobId}",
      "translate/batch/cancel/{jobId}",
    ]) {
      expect(paths).toContain(`/projects/{projectId}/ai/${p}`);
    }
  });
});

describe("POST /ai/translate/batch", () => {
  it("translates untranslated keys, reports failures and skips, and saves results as AI output", async () => {
    const user = await openAiUser();
    const { projectId, keyIds } = await seedProject(server, user, [
      { key: "a.one", source: "One {x}" },
      { key: "a.two", source: "Two" },
      { key: "a.three", source: "Three %s" },
      { key: "a.empty", source: "" },
      { key: "a.done", source: "Done", targets: { de: "Fertig" } },
    ]);
    fake.reply = (req) =>
      req.keyName === "a.three" ? { translation: "Drei", confidence: 80 } : { translation: `DE ${req.sourceText}`, confidence: 64 };
    const res = await server.request("POST", `/api/projects/${projectId}/ai/translate/batch`, {
      apiKey: user.apiKey,
      body: { sourceLanguage: "en", targetLanguage: "de" },
    });
    expect(res.status).toBe(200);
    expect(res.body.translated).toBe(2);
    expect(res.body.failed).toBe(1);
    expect(res.body.skipped).toBe(1);
    expect(res.body.results).toEqual([
      { keyId: keyIds["a.one"], key: "a.one", status: "translated", translation: "DE One {x}", confidence: 64 },
      { keyId: keyIds["a.three"], key: "a.three", status: "failed", error: expect.stringMatching(/missing placeholder %s/) },
      { keyId: keyIds["a.two"], key: "a.two", status: "translated", translation: "DE Two", confidence: 64 },
    ]);
    expect(fake.requests.map((r) => r.keyName).sort()).toEqual(["a.one", "a.three", "a.two"]);

    const prisma = server.db.prisma;
    const saved = await prisma.translation.findUnique({ where: { keyId_language: { keyId: keyIds["a.one"]!, language: "de" } } });
    expect(saved).toMatchObject({ value: "DE One {x}", status: "translated", source: "ai", aiConfidence: 64 });
    expect(await prisma.translation.findUnique({ where: { keyId_language: { keyId: keyIds["a.three"]!, language: "de" } } })).toBeNull();
    expect((await prisma.translation.findUnique({ where: { keyId_language: { keyId: keyIds["a.done"]!, language: "de" } } }))!.value).toBe(
      "Fertig",
    );

    const history = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds["a.one"]}/translations/de/history`, {
      apiKey: user.apiKey,
    });
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({
      previousValue: null,
      newValue: "DE One {x}",
      previousStatus: "untranslated",
      newStatus: "translated",
      changedBy: "ai",
      changedByName: null,
      source: "ai",
    });

    const activity = await prisma.activity.findMany({ where: { organizationId: user.orgId, action: "translation.ai_generated" } });
    expect(activity).toHaveLength(2);
    expect(activity.map((a) => a.targetId).sort()).toEqual([keyIds["a.one"], keyIds["a.two"]].sort());
    const batch = await prisma.activity.findMany({ where: { organizationId: user.orgId, action: "translation.batch_completed" } });
    expect(batch).toHaveLength(1);
    expect(batch[0]!.userId).toBe(user.userId);
    expect(batch[0]!.metadata).toMatchObject({ language: "de", model: "modelB-4o", total: 3, translated: 2, failed: 1, skipped: 1 });
    const tm = await prisma.tmEntry.findMany({ where: { organizationId: user.orgId }, orderBy: { sourceText: "asc" } });
    expect(tm.map((t) => [t.sourceText, t.targetText, t.sourceNorm, t.usageCount])).toEqual([
      ["One {x}", "DE One {x}", "one {x}", 1],
      ["Two", "DE Two", "two", 1],
    ]);

    // A second run has only the failed key left; its success bumps nothing else.
    fake.reply = () => ({ translation: "Drei %s", confidence: 70 });
    const second = await server.request("POST", `/api/projects/${projectId}/ai/translate/batch`, {
      apiKey: user.apiKey,
      body: { sourceLanguage: "en", targetLanguage: "de", limit: 500 },
    });
    expect(second.body).toMatchObject({ translated: 1, failed: 0, skipped: 1 });
    expect(second.body.results.map((r: { key: string }) => r.key)).toEqual(["a.three"]);
  });

  it("validates languages and the limit, and keeps other organizations out", async () => {
    const user = await openAiUser();
    const other = await openAiUser();
    const { projectId } = await seedProject(server, user, [{ key: "k", source: "v" }]);
    const path = `/api/projects/${projectId}/ai/translate/batch`;
    const wrongTarget = await server.request("POST", path, { apiKey: user.apiKey, body: { sourceLanguage: "en", targetLanguage: "ja" } });
    expect(wrongTarget.status).toBe(400);
    expect(wrongTarget.body.issues).toEqual([{ path: "targetLanguage", message: "not a target language of the project" }]);
    const missing = await server.request("POST", path, { apiKey: user.apiKey, body: { sourceLanguage: "en" } });
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0].path).toBe("targetLanguage");
    const badLimit = await server.request("POST", path, {
      apiKey: user.apiKey,
      body: { sourceLanguage: "en", targetLanguage: "de", limit: 0 },
    });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.issues[0].path).toBe("limit");
    for (const p of [path, `${path}/start`]) {
      const foreign = await server.request("POST", p, { apiKey: other.apiKey, body: { sourceLanguage: "en", targetLanguage: "de" } });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ statusCode: 404, message: "Project not found", error: "Not Found" });
    }
    expect(fake.requests).toHaveLength(0);
  });
});
