// Regressions for what the OpenAPI fuzzer found outside the hardening list, each pinned by the
// smallest request that showed it.
import { createTestDb } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FuzzServer, startFuzzServer } from "../helpers/fuzz/fuzz-server";
import { signUpUser, type TestUser } from "../helpers/test-server";

describe("found by the fuzzer", () => {
  let server: FuzzServer;
  let owner: TestUser;
  let projectId: string;
  let keyId: string;

  beforeAll(async () => {
    server = await startFuzzServer(await createTestDb());
    owner = await signUpUser(server, "Fuzz finding");
    const project = await server.request("POST", "/api/projects", {
      apiKey: owner.apiKey,
      body: { name: "Findings", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    projectId = project.body._id;
    const key = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: "greeting" } });
    keyId = key.body._id;
  });

  afterAll(async () => {
    await server?.close();
    await server?.db.close();
  });

  it("refuses an AI provider key that cannot travel in an HTTP header (it made every AI call answer 502)", async () => {
    const res = await server.request("PATCH", `/api/organizations/${owner.orgId}`, {
      apiKey: owner.apiKey,
      body: { settings: { aiProviderKeys: { provider_a: "sk-ключ⏤" } } },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(res.body.issues).toEqual([expect.objectContaining({ message: "An API key holds only visible ASCII characters (no spaces)" })]);
    const translate = await server.request("POST", `/api/projects/${projectId}/ai/translate`, {
      apiKey: owner.apiKey,
      body: { keyId, sourceLanguage: "en", targetLanguage: "de", sourceText: "Hello", keyName: "greeting" },
    });
    expect(translate.status).toBe(200);
    const accepted = await server.request("PATCH", `/api/organizations/${owner.orgId}`, {
      apiKey: owner.apiKey,
      body: { settings: { aiProviderKeys: { provider_a: "sk-ant-valid_KEY-123" } } },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.settings.aiProvidersConfigured).toEqual({ provider_a: true, provider_b: false });
  });
});
