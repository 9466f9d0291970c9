import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, type TestMember } from "../../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

const UNAUTHORIZED = { statusCode: 401, message: "Unauthorized", error: "Unauthorized" };
const FORBIDDEN = { statusCode: 403, message: "Forbidden resource", error: "Forbidden" };
const ORG_NOT_FOUND = { statusCode: 404, message: "Organization not found", error: "Not Found" };

let server: TestServer;
let owner: TestUser;
let admin: TestMember;
let developer: TestMember;
let translator: TestMember;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Olga");
  admin = await addMember(server, owner, "admin", { withApiKey: true });
  developer = await addMember(server, owner, "developer", { withApiKey: true });
  translator = await addMember(server, owner, "translator");
});
afterAll(async () => {
  await server.close();
});

describe("GET /api/organizations/current", () => {
  it("returns the organization with default settings to the owner", async () => {
    const res = await server.request("GET", "/api/organizations/current", { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: owner.orgId,
      name: "Olga's organization",
      slug: expect.stringMatching(/^olga-s-organization/),
      settings: {
        tmAutoAdd: true,
        aiProvidersConfigured: { provider_a: false, provider_b: false },
        mtEnginesConfigured: { deepl: false, google: false, azure: false, amazon: false },
      },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it("answers the same record under the organization's own id and under /api/v1", async () => {
    const byId = await server.request("GET", `/api/organizations/${owner.orgId}`, { apiKey: owner.apiKey });
    expect(byId.status).toBe(200);
    expect(byId.body._id).toBe(owner.orgId);
    const v1 = await server.request("GET", "/api/v1/organizations/current", { apiKey: admin.apiKey });
    expect(v1.status).toBe(200);
    expect(v1.body._id).toBe(owner.orgId);
  });

  it("is refused to developers and translators (403), and to no credentials (401)", async () => {
    for (const who of [{ cookie: developer.cookie }, { apiKey: developer.apiKey }, { cookie: translator.cookie }]) {
      const res = await server.request("GET", "/api/organizations/current", who);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    const anonymous = await server.request("GET", "/api/organizations/current");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(UNAUTHORIZED);
  });

  it("answers 404 for another organization's id", async () => {
    const other = await signUpUser(server, "Other");
    const res = await server.request("GET", `/api/organizations/${other.orgId}`, { cookie: owner.cookie });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(ORG_NOT_FOUND);
    const patch = await server.request("PATCH", `/api/organizations/${other.orgId}`, {
      cookie: owner.cookie,
      body: { name: "Taken over" },
    });
    expect(patch.status).toBe(404);
    expect(patch.body).toEqual(ORG_NOT_FOUND);
    expect((await server.request("GET", "/api/organizations/current", { cookie: other.cookie })).body.name).toBe("Other's organization");
  });
});

describe("PATCH /api/organizations/current", () => {
  it("merges settings: fields left out keep their values", async () => {
    const first = await server.request("PATCH", "/api/organizations/current", {
      cookie: owner.cookie,
      body: { settings: { defaultSourceLanguage: "en-us", aiProvider: "provider_b", toneInstructions: "Friendly, informal." } },
    });
    expect(first.status).toBe(200);
    expect(first.body.settings).toEqual({
      defaultSourceLanguage: "en-US",
      aiProvider: "provider_b",
      toneInstructions: "Friendly, informal.",
      tmAutoAdd: true,
      aiProvidersConfigured: { provider_a: false, provider_b: false },
      mtEnginesConfigured: { deepl: false, google: false, azure: false, amazon: false },
    });
    const second = await server.request("PATCH", "/api/organizations/current", {
      apiKey: admin.apiKey,
      body: { settings: { defaultTranslationWorkflow: "review-required", tmAutoAdd: false } },
    });
    expect(second.status).toBe(200);
    expect(second.body.settings).toEqual({
      defaultSourceLanguage: "en-US",
      aiProvider: "provider_b",
      toneInstructions: "Friendly, informal.",
      defaultTranslationWorkflow: "review-required",
      tmAutoAdd: false,
      aiProvidersConfigured: { provider_a: false, provider_b: false },
      mtEnginesConfigured: { deepl: false, google: false, azure: false, amazon: false },
    });
    const read = await server.request("GET", "/api/organizations/current", { cookie: owner.cookie });
    expect(read.body.settings).toEqual(second.body.settings);
  });

  it("removes a setting given as null (back to its default)", async () => {
    const res = await server.request("PATCH", "/api/organizations/current", {
      cookie: owner.cookie,
      body: { settings: { toneInstructions: null, tmAutoAdd: null } },
    });
    expect(res.status).toBe(200);
    expect(res.body.settings.toneInstructions).toBeUndefined();
    expect(res.body.settings.tmAutoAdd).toBe(true);
    expect(res.body.settings.aiProvider).toBe("provider_b");
  });

  it("renames the organization and keeps the slug", async () => {
    const before = await server.request("GET", "/api/organizations/current", { cookie: owner.cookie });
    const res = await server.request("PATCH", "/api/organizations/current", { cookie: owner.cookie, body: { name: "Acme Localization" } });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("Acme Localization");
    expect(res.body.slug).toBe(before.body.slug);
    expect(res.body.settings).toEqual(before.body.settings);
  });

  it("keeps AI provider keys write-only: reads show only which are configured", async () => {
    const res = await server.request("PATCH", "/api/organizations/current", {
      cookie: owner.cookie,
      body: { settings: { aiProviderKeys: { provider_a: "sk-ant-secret-value" } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.settings.aiProvidersConfigured).toEqual({ provider_a: true, provider_b: false });
    expect(res.text).not.toContain("sk-ant-secret-value");
    expect(res.body.settings.aiProviderKeys).toBeUndefined();

    const both = await server.request("PATCH", "/api/organizations/current", {
      cookie: owner.cookie,
      body: { settings: { aiProviderKeys: { provider_b: "sk-openai-secret" } } },
    });
    expect(both.body.settings.aiProvidersConfigured).toEqual({ provider_a: true, provider_b: true });
    const read = await server.request("GET", "/api/organizations/current", { cookie: owner.cookie });
    expect(read.text).not.toContain("sk-ant-secret-value");
    expect(read.text).not.toContain("sk-openai-secret");
    expect(read.body.settings.aiProvidersConfigured).toEqual({ provider_a: true, provider_b: true });
    const auth = await server.request("GET", "/api/auth/me", { cookie: owner.cookie });
    expect(auth.text).not.toContain("sk-ant-secret-value");

    const stored = await server.db.prisma.organization.findUniqueOrThrow({ where: { id: owner.orgId } });
    expect((stored.settings as { aiProviderKeys: unknown }).aiProviderKeys).toEqual({
      provider_a: "sk-ant-secret-value",
      provider_b: "sk-openai-secret",
    });

    const cleared = await server.request("PATCH", "/api/organizations/current", {
      cookie: owner.cookie,
      body: { settings: { aiProviderKeys: { provider_a: "" } } },
    });
    expect(cleared.body.settings.aiProvidersConfigured).toEqual({ provider_a: false, provider_b: true });
  });

  it("refuses unknown setting names with 400 naming the field", async () => {
    const res = await server.request("PATCH", "/api/organizations/current", {
      cookie: owner.cookie,
      body: { settings: { colour: "blue" } },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'settings: Unrecognized key: "colour"',
      error: "Bad Request",
      issues: [{ path: "settings", message: 'Unrecognized key: "colour"' }],
    });
    const provider = await server.request("PATCH", "/api/organizations/current", {
      cookie: owner.cookie,
      body: { settings: { aiProviderKeys: { provider_c: "x" } } },
    });
    expect(provider.status).toBe(400);
    expect(provider.body.issues).toEqual([{ path: "settings.aiProviderKeys", message: 'Unrecognized key: "provider_c"' }]);
  });

  it("refuses wrong values with 400: provider enum, language code, boolean, name", async () => {
    const provider = await server.request("PATCH", "/api/organizations/current", {
      cookie: owner.cookie,
      body: { settings: { aiProvider: "provider_z" } },
    });
    expect(provider.status).toBe(400);
    expect(provider.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(provider.body.issues[0].path).toBe("settings.aiProvider");

    const language = await server.request("PATCH", "/api/organizations/current", {
      cookie: owner.cookie,
      body: { settings: { defaultSourceLanguage: "not a language!" } },
    });
    expect(language.status).toBe(400);
    expect(language.body).toEqual({
      statusCode: 400,
      message: 'settings.defaultSourceLanguage: "not a language!" is not a valid BCP 47 language code',
      error: "Bad Request",
      issues: [{ path: "settings.defaultSourceLanguage", message: '"not a language!" is not a valid BCP 47 language code' }],
    });

    const bool = await server.request("PATCH", "/api/organizations/current", {
      cookie: owner.cookie,
      body: { settings: { tmAutoAdd: "yes" } },
    });
    expect(bool.status).toBe(400);
    expect(bool.body.issues[0].path).toBe("settings.tmAutoAdd");

    const name = await server.request("PATCH", "/api/organizations/current", { cookie: owner.cookie, body: { name: "   " } });
    expect(name.status).toBe(400);
    expect(name.body.issues[0].path).toBe("name");

    const malformed = await server.request("PATCH", "/api/organizations/current", { cookie: owner.cookie, rawBody: "{bad json" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      statusCode: 400,
      message: "Malformed JSON in request body",
      error: "Bad Request",
      issues: [{ path: "", message: "Malformed JSON in request body" }],
    });

    const after = await server.request("GET", "/api/organizations/current", { cookie: owner.cookie });
    expect(after.body.settings.aiProvider).toBe("provider_b");
  });

  it("is refused to developers and translators (403) and changes nothing", async () => {
    for (const who of [{ cookie: developer.cookie }, { apiKey: developer.apiKey }, { cookie: translator.cookie }]) {
      const res = await server.request("PATCH", "/api/organizations/current", { ...who, body: { name: "Hijacked" } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    expect((await server.request("GET", "/api/organizations/current", { cookie: owner.cookie })).body.name).toBe("Acme Localization");
  });

  it("is refused to an admin token without the organization:manage scope", async () => {
    const scoped = await server.request("POST", "/api/organizations/current/tokens", {
      cookie: admin.cookie,
      body: { name: "read only", scopes: ["projects:read"] },
    });
    expect(scoped.status).toBe(201);
    const res = await server.request("PATCH", "/api/organizations/current", {
      apiKey: scoped.body.token,
      body: { settings: { tmAutoAdd: false } },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    const withScope = await server.request("POST", "/api/organizations/current/tokens", {
      cookie: admin.cookie,
      body: { name: "org", scopes: ["organization:manage"] },
    });
    const ok = await server.request("GET", "/api/organizations/current", { apiKey: withScope.body.token });
    expect(ok.status).toBe(200);
  });
});
