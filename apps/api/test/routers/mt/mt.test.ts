// Machine translation engines through HTTP and GraphQL, each engine a local server speaking its
// vendor's wire format (fake-mt-engines.ts) that the organization points its endpoint at: keys
// write-only, the vendor's auth header and request shape, placeholders/ICU/markup protected and
// restored, a lost placeholder refused, 429s retried, auth failures reported, the concurrency
// limit shared, and values saved with source "mt" and the engine in history.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { patchSettings, seedProject } from "../../helpers/fake-ai-providers";
import { type FakeEngine, startFakeEngine, type Vendor } from "../../helpers/fake-mt-engines";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
const engines = {} as Record<Vendor, FakeEngine>;
const VENDORS: Vendor[] = ["deepl", "google", "azure", "amazon"];

beforeAll(async () => {
  for (const v of VENDORS) engines[v] = await startFakeEngine(v);
  server = await startTestServer({ AI_RETRY_BASE_MS: "10", AI_MAX_CONCURRENCY: "2", MT_ALLOW_HTTP_ENDPOINTS: "true" });
});
afterAll(async () => {
  await server.close();
  for (const v of VENDORS) await engines[v].close();
});
beforeEach(() => {
  for (const v of VENDORS) engines[v].reset();
});

function keysFor(vendor: Vendor, key = engines[vendor].key): Record<string, unknown> {
  const endpoint = engines[vendor].url;
  if (vendor === "amazon") return { apiKey: key, secretKey: "secret-access-key", region: "eu-west-1", endpoint };
  if (vendor === "azure") return { apiKey: key, region: "westeurope", endpoint };
  return { apiKey: key, endpoint };
}

async function userWith(vendor: Vendor, key?: string): Promise<TestUser> {
  const user = await signUpUser(server);
  await patchSettings(server, user, { mtEngineKeys: { [vendor]: keysFor(vendor, key) } });
  return user;
}

const SOURCES = {
  "a.greet": "Hello {name} & <b>welcome</b>",
  "a.files": "{count, plural, one {# file} other {# files}} in %1$s",
};

async function translated(_projectId: string, keyId: string, language: string) {
  return server.db.prisma.translation.findUnique({ where: { keyId_language: { keyId, language } } });
}

describe("organization MT keys", () => {
  it("are write-only: reads say which engines are configured, never the key, secret or endpoint", async () => {
    const user = await userWith("amazon");
    await patchSettings(server, user, { mtEngineKeys: { deepl: keysFor("deepl") } });
    const org = await server.request("GET", `/api/organizations/${user.orgId}`, { cookie: user.cookie });
    expect(org.status).toBe(200);
    expect(org.body.settings.mtEnginesConfigured).toEqual({ deepl: true, google: false, azure: false, amazon: true });
    expect(org.text).not.toContain("amazon-test-key");
    expect(org.text).not.toContain("secret-access-key");
    expect(org.text).not.toContain(engines.deepl.url);
    expect(org.body.settings.mtEngineKeys).toBeUndefined();

    await patchSettings(server, user, { mtEngineKeys: { amazon: null } });
    const after = await server.request("GET", `/api/organizations/${user.orgId}`, { cookie: user.cookie });
    expect(after.body.settings.mtEnginesConfigured).toEqual({ deepl: true, google: false, azure: false, amazon: false });
  });

  it("refuses a bad endpoint, an Amazon key without secret or region, and unknown engines with 400", async () => {
    const user = await signUpUser(server);
    const patch = (settings: unknown) =>
      server.request("PATCH", `/api/organizations/${user.orgId}`, { cookie: user.cookie, body: { settings } });
    const bad = await patch({ mtEngineKeys: { deepl: { apiKey: "k", endpoint: "ftp://example.com" } } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/mtEngineKeys\.deepl\.endpoint/);
    expect((await patch({ mtEngineKeys: { deepl: { apiKey: "k", endpoint: "https://u:p@example.com" } } })).status).toBe(400);
    // The webhook address rules: no internal addresses or local names unless WEBHOOK_ALLOWED_HOSTS lists them.
    const internal = await patch({ mtEngineKeys: { google: { apiKey: "k", endpoint: "https://10.1.2.3" } } });
    expect(internal.status).toBe(400);
    expect(internal.body.message).toMatch(/mtEngineKeys\.google\.endpoint: must not point at a loopback, private/);
    expect((await patch({ mtEngineKeys: { azure: { apiKey: "k", endpoint: "https://translator.localhost" } } })).status).toBe(400);
    expect((await patch({ mtEngineKeys: { amazon: { apiKey: "AKIA" } } })).status).toBe(400);
    expect((await patch({ mtEngineKeys: { systran: { apiKey: "k" } } })).status).toBe(400);
    const org = await server.request("GET", `/api/organizations/${user.orgId}`, { cookie: user.cookie });
    expect(org.body.settings.mtEnginesConfigured.deepl).toBe(false);
  });

  it("lists engines per project and refuses a batch with an unconfigured engine", async () => {
    const user = await userWith("google");
    const { projectId } = await seedProject(server, user, [{ key: "a", source: "A" }]);
    const list = await server.request("GET", `/api/projects/${projectId}/mt/engines`, { apiKey: user.apiKey });
    expect(list.status).toBe(200);
    expect(list.body.engines.map((e: { id: string; configured: boolean }) => [e.id, e.configured])).toEqual([
      ["deepl", false],
      ["google", true],
      ["azure", false],
      ["amazon", false],
    ]);
    const res = await server.request("POST", `/api/projects/${projectId}/mt/translate/batch`, {
      apiKey: user.apiKey,
      body: { sourceLanguage: "en", targetLanguage: "de", engine: "deepl" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/DeepL is not configured/);
    expect(engines.deepl.requests).toHaveLength(0);
  });
});

describe.each(VENDORS)("%s", (vendor) => {
  it("sends protected text in the vendor's request shape and saves the restored result as source mt", async () => {
    const user = await userWith(vendor);
    const { projectId, keyIds } = await seedProject(
      server,
      user,
      Object.entries(SOURCES).map(([key, source]) => ({ key, source })),
    );
    const res = await server.request("POST", `/api/projects/${projectId}/mt/translate/batch`, {
      apiKey: user.apiKey,
      body: { sourceLanguage: "en", targetLanguage: "de", engine: vendor },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ translated: 2, failed: 0, skipped: 0 });
    const engine = engines[vendor];
    expect(engine.requests).toHaveLength(2);
    for (const r of engine.requests) {
      // Nothing protected reaches the engine as itself.
      expect(r.text).not.toMatch(/\{name\}|%1\$s|<b>|\{count/);
      expect(r.text).toMatch(/<x id="1"\/>/);
    }
    const greet = engine.requests.find((r) => r.text.startsWith("Hello"))!;
    if (vendor === "amazon") expect(greet.text).toBe('Hello <x id="1"/> & <x id="2"/>welcome<x id="3"/>');
    else expect(greet.text).toBe('Hello <x id="1"/> &amp; <x id="2"/>welcome<x id="3"/>');
    if (vendor === "deepl")
      expect(greet.body).toMatchObject({ tag_handling: "xml", ignore_tags: "x", target_lang: "de", source_lang: "en" });
    if (vendor === "google") expect(greet.body).toMatchObject({ format: "html", source: "en", target: "de" });
    if (vendor === "azure") {
      expect(greet.path).toMatch(/textType=html/);
      expect(greet.headers["ocp-apim-subscription-region"]).toBe("westeurope");
    }
    if (vendor === "amazon") expect(greet.headers.authorization).toMatch(/\/eu-west-1\/translate\/aws4_request/);

    const greetRow = await translated(projectId, keyIds["a.greet"]!, "de");
    expect(greetRow).toMatchObject({ value: "[de]Hello {name}[de] & <b>[de]welcome</b>", status: "translated", source: "mt" });
    const filesRow = await translated(projectId, keyIds["a.files"]!, "de");
    expect(filesRow!.value).toBe("{count, plural, one {#[de] file} other {#[de] files}}[de] in %1$s");

    const history = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds["a.greet"]}/translations/de/history`, {
      apiKey: user.apiKey,
    });
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ changedBy: `mt:${vendor}`, source: "mt", newStatus: "translated" });
    const activity = await server.db.prisma.activity.findMany({
      where: { organizationId: user.orgId, action: "translation.mt_generated" },
    });
    expect(activity).toHaveLength(2);
    expect(activity[0]!.metadata).toMatchObject({ engine: vendor, language: "de" });
  });

  it("retries the vendor's rate-limit answer, and reports its auth failure without saving", async () => {
    const user = await userWith(vendor);
    const { projectId, keyIds } = await seedProject(server, user, [{ key: "k", source: "Save {file}" }]);
    let calls = 0;
    engines[vendor].reply = (req) => (++calls === 1 ? { rateLimited: true } : { translation: `Speichern ${req.text.slice(5)}` });
    const ok = await server.request("POST", `/api/projects/${projectId}/mt/translate/batch`, {
      apiKey: user.apiKey,
      body: { sourceLanguage: "en", targetLanguage: "de", engine: vendor },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.results).toEqual([{ keyId: keyIds.k, key: "k", status: "translated", translation: "Speichern {file}" }]);
    expect(engines[vendor].requests).toHaveLength(2);

    const wrong = await userWith(vendor, "not-the-key");
    const other = await seedProject(server, wrong, [{ key: "k", source: "Save {file}" }]);
    const res = await server.request("POST", `/api/projects/${other.projectId}/mt/translate/batch`, {
      apiKey: wrong.apiKey,
      body: { sourceLanguage: "en", targetLanguage: "de", engine: vendor },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ translated: 0, failed: 1 });
    const expected = { deepl: /Authorization failure/, google: /API key not valid/, azure: /not authorized/, amazon: /security token/ }[
      vendor
    ];
    expect(res.body.results[0].error).toMatch(expected);
    expect(await translated(other.projectId, other.keyIds.k!, "de")).toBeNull();
  });

  it("refuses a translation that lost or invented a placeholder token", async () => {
    const user = await userWith(vendor);
    const { projectId, keyIds } = await seedProject(server, user, [
      { key: "lost", source: "Delete {file}?" },
      { key: "extra", source: "Plain" },
    ]);
    engines[vendor].reply = (req) => ({ translation: req.text.startsWith("Delete") ? "Löschen?" : 'Schlicht <x id="7"/>' });
    const res = await server.request("POST", `/api/projects/${projectId}/mt/translate/batch`, {
      apiKey: user.apiKey,
      body: { sourceLanguage: "en", targetLanguage: "de", engine: vendor },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ translated: 0, failed: 2 });
    for (const r of res.body.results) expect(r.error).toMatch(/did not keep every protected placeholder/);
    expect(await translated(projectId, keyIds.lost!, "de")).toBeNull();
    expect(await translated(projectId, keyIds.extra!, "de")).toBeNull();
  });
});

describe("concurrency and GraphQL", () => {
  it("holds the organization's call limit shared with the LLMs (AI_MAX_CONCURRENCY=2)", async () => {
    const user = await userWith("deepl");
    const keys = Array.from({ length: 8 }, (_, i) => ({ key: `k${i}`, source: `Text ${i}` }));
    const { projectId } = await seedProject(server, user, keys);
    engines.deepl.reply = (req) => ({ translation: `T ${req.text}`, delayMs: 30 });
    const res = await server.request("POST", `/api/projects/${projectId}/mt/translate/batch`, {
      apiKey: user.apiKey,
      body: { sourceLanguage: "en", targetLanguage: "de", engine: "deepl" },
    });
    expect(res.body.translated).toBe(8);
    expect(engines.deepl.maxInFlight).toBeLessThanOrEqual(2);
    expect(await server.db.prisma.aiCallLease.count({ where: { organizationId: user.orgId } })).toBe(0);
  });

  it("answers mtEngines and mtTranslateBatch with the REST validation", async () => {
    const user = await userWith("azure");
    const { projectId, keyIds } = await seedProject(server, user, [{ key: "g", source: "Hi {who}" }]);
    const gql = (query: string, variables: Record<string, unknown>) =>
      server.request("POST", "/graphql", { apiKey: user.apiKey, body: { query, variables } });
    const list = await gql("query($p: ID!) { mtEngines(projectId: $p) { id configured } }", { p: projectId });
    expect(list.body.data.mtEngines.filter((e: { configured: boolean }) => e.configured)).toEqual([{ id: "azure", configured: true }]);

    const mutation = `mutation($p: ID!, $e: String!, $t: String!) {
      mtTranslateBatch(projectId: $p, sourceLanguage: "en", targetLanguage: $t, engine: $e) { translated failed results { key status translation } }
    }`;
    const bad = await gql(mutation, { p: projectId, e: "babelfish", t: "de" });
    expect(bad.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    const notTarget = await gql(mutation, { p: projectId, e: "azure", t: "ja" });
    expect(notTarget.body.errors[0].message).toMatch(/not a target language/);
    expect(engines.azure.requests).toHaveLength(0);

    const ok = await gql(mutation, { p: projectId, e: "azure", t: "fr" });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.mtTranslateBatch).toEqual({
      translated: 1,
      failed: 0,
      results: [{ key: "g", status: "translated", translation: "[fr]Hi {who}" }],
    });
    expect(await translated(projectId, keyIds.g!, "fr")).toMatchObject({ source: "mt", value: "[fr]Hi {who}" });
  });
});
