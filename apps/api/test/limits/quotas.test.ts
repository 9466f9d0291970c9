// Per-organization quotas (docs/api-rules.md, "Quotas"): the operator's QUOTA_* defaults and
// QUOTA_OVERRIDES per organization; every write that creates a counted thing refuses with 403 and
// `issues[0].code` `quota.<dimension>` on REST, GraphQL and tRPC, nothing written (an import as a
// whole); admins read usage against limit.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { type FakeAiProviders, patchSettings, startFakeAiProviders } from "../helpers/fake-ai-providers";
import { addMember, tokenOfInviteUrl } from "../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

let server: TestServer;
let fake: FakeAiProviders;

beforeAll(async () => {
  fake = await startFakeAiProviders();
  server = await startTestServer({
    QUOTA_KEYS: "3",
    QUOTA_PROJECTS: "2",
    QUOTA_MEMBERS: "2",
    QUOTA_AI_CHARACTERS_PER_MONTH: "20",
    // The "roomy" organization (by slug) has no keys or projects limit.
    QUOTA_OVERRIDES: JSON.stringify({ roomy: { keys: null, projects: "unlimited" } }),
    OPENAI_BASE_URL: fake.openaiUrl,
    DEFAULT_AI_PROVIDER: "provider_b",
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

const quotaBody = (code: string) => ({
  statusCode: 403,
  message: expect.stringMatching(/quota/),
  error: "Forbidden",
  issues: [{ path: "", code, message: expect.stringMatching(/quota/) }],
});

const graphql = (user: TestUser, query: string, variables: Record<string, unknown> = {}) =>
  server.request("POST", "/graphql", { apiKey: user.apiKey, body: { query, variables } });

function expectGraphqlQuota(res: { status: number; body: any }, code: string): void {
  expect(res.status).toBe(200);
  expect(res.body.errors).toHaveLength(1);
  expect(res.body.errors[0].extensions).toEqual({
    code: "FORBIDDEN",
    statusCode: 403,
    issues: [{ path: "", code, message: expect.stringMatching(/quota/) }],
  });
}

function expectTrpcQuota(res: { status: number; body: any }, code: string): void {
  expect(res.status).toBe(403);
  expect(res.body.error.data).toMatchObject({ httpStatus: 403, code: "FORBIDDEN" });
  expect(res.body.error.appBody).toEqual(quotaBody(code));
}

async function newProject(user: TestUser, name = "App"): Promise<string> {
  const res = await server.request("POST", "/api/projects", {
    apiKey: user.apiKey,
    body: { name, sourceLanguage: "en", targetLanguages: ["de"] },
  });
  if (res.status !== 201) throw new Error(`project: ${res.status} ${res.text}`);
  return res.body._id;
}

const keyCount = (projectId: string) => server.db.prisma.key.count({ where: { projectId } });

async function usageOf(user: TestUser): Promise<Record<string, { used: number; limit: number | null }>> {
  const res = await server.request("GET", "/api/organizations/current/usage", { apiKey: user.apiKey });
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.quotas.map((q: { dimension: string; used: number; limit: number | null }) => [q.dimension, q]));
}

describe("keys quota", () => {
  it("REST, GraphQL and tRPC refuse the key past the quota with 403 quota.keys; nothing is written", async () => {
    const user = await signUpUser(server);
    const projectId = await newProject(user);
    for (const key of ["a", "b", "c"]) {
      expect((await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: user.apiKey, body: { key } })).status).toBe(201);
    }
    const rest = await server.request("POST", `/api/v1/projects/${projectId}/keys`, { apiKey: user.apiKey, body: { key: "d" } });
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual(quotaBody("quota.keys"));

    const gql = await graphql(user, 'mutation($p: ID!) { createKey(projectId: $p, input: {key: "e"}) { id } }', { p: projectId });
    expectGraphqlQuota(gql, "quota.keys");

    const trpc = await server.request("POST", "/trpc/keys.create", { apiKey: user.apiKey, body: { projectId, key: "f" } });
    expectTrpcQuota(trpc, "quota.keys");

    expect(await keyCount(projectId)).toBe(3);
    expect(await server.db.prisma.activity.count({ where: { projectId, action: "key.created" } })).toBe(3);
    expect((await usageOf(user)).keys).toEqual({ dimension: "keys", code: "quota.keys", used: 3, limit: 3 });
  });

  it("concurrent creates never pass the quota together", async () => {
    const user = await signUpUser(server);
    const projectId = await newProject(user);
    const answers = await Promise.all(
      ["a", "b", "c", "d", "e", "f"].map((key) =>
        server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: user.apiKey, body: { key } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 403, 403, 403]);
    expect(await keyCount(projectId)).toBe(3);
  });

  it("counts keys across the organization's projects, archived ones included", async () => {
    const user = await signUpUser(server);
    const first = await newProject(user, "First");
    const second = await newProject(user, "Second");
    for (const key of ["a", "b"]) await server.request("POST", `/api/projects/${first}/keys`, { apiKey: user.apiKey, body: { key } });
    expect((await server.request("DELETE", `/api/projects/${first}`, { apiKey: user.apiKey })).status).toBe(200);
    expect((await server.request("POST", `/api/projects/${second}/keys`, { apiKey: user.apiKey, body: { key: "c" } })).status).toBe(201);
    const refused = await server.request("POST", `/api/projects/${second}/keys`, { apiKey: user.apiKey, body: { key: "d" } });
    expect(refused.body).toEqual(quotaBody("quota.keys"));
  });

  it("a bulk create past the quota is refused as a whole; one within it passes", async () => {
    const user = await signUpUser(server);
    const projectId = await newProject(user);
    await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: user.apiKey, body: { key: "a" } });
    const over = await server.request("POST", `/api/projects/${projectId}/keys/bulk`, {
      apiKey: user.apiKey,
      body: { keys: [{ key: "b" }, { key: "c" }, { key: "d" }] },
    });
    expect(over.status).toBe(403);
    expect(over.body).toEqual(quotaBody("quota.keys"));
    expect(await keyCount(projectId)).toBe(1);
    const gql = await graphql(
      user,
      'mutation($p: ID!) { bulkCreateKeys(projectId: $p, keys: [{key: "x"}, {key: "y"}, {key: "z"}]) { created } }',
      {
        p: projectId,
      },
    );
    expectGraphqlQuota(gql, "quota.keys");
    const trpc = await server.request("POST", "/trpc/keys.bulkCreate", {
      apiKey: user.apiKey,
      body: { projectId, keys: [{ key: "x" }, { key: "y" }, { key: "z" }] },
    });
    expectTrpcQuota(trpc, "quota.keys");
    // Names that exist already add nothing: "a" again plus two new ones fit.
    const within = await server.request("POST", `/api/projects/${projectId}/keys/bulk`, {
      apiKey: user.apiKey,
      body: { keys: [{ key: "a" }, { key: "b" }, { key: "c" }] },
    });
    expect(within.status).toBe(200);
    expect(within.body).toMatchObject({ created: 2, skipped: 1 });
  });

  it("an import that would pass the quota writes nothing at all; one that fits is imported", async () => {
    const user = await signUpUser(server);
    const projectId = await newProject(user);
    await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: user.apiKey, body: { key: "a" } });
    const file = JSON.stringify({ a: "Eins", b: "Zwei", c: "Drei", d: "Vier" });
    const rest = await server.request("POST", `/api/projects/${projectId}/import`, {
      apiKey: user.apiKey,
      body: { language: "de", format: "json-flat", content: file },
    });
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual(quotaBody("quota.keys"));
    const raw = await server.request("POST", `/api/projects/${projectId}/import/de?format=json-flat`, {
      apiKey: user.apiKey,
      rawBody: file,
    });
    expect(raw.status).toBe(403);
    expect(raw.body).toEqual(quotaBody("quota.keys"));
    const gql = await graphql(
      user,
      'mutation($p: ID!, $c: String!) { importFile(projectId: $p, language: "de", format: "json-flat", content: $c) { imported } }',
      { p: projectId, c: file },
    );
    expectGraphqlQuota(gql, "quota.keys");
    const trpc = await server.request("POST", "/trpc/importExport.importFile", {
      apiKey: user.apiKey,
      body: { projectId, language: "de", format: "json-flat", content: file },
    });
    expectTrpcQuota(trpc, "quota.keys");
    // Not even the value of the key that existed: the import is one transaction.
    expect(await keyCount(projectId)).toBe(1);
    expect(await server.db.prisma.translation.count({ where: { projectId, language: "de" } })).toBe(0);
    expect(await server.db.prisma.activity.count({ where: { projectId, action: { in: ["import.completed", "key.imported"] } } })).toBe(0);

    const fits = await server.request("POST", `/api/projects/${projectId}/import`, {
      apiKey: user.apiKey,
      body: { language: "de", format: "json-flat", content: JSON.stringify({ a: "Eins", b: "Zwei", c: "Drei" }) },
    });
    expect(fits.status).toBe(200);
    expect(fits.body).toMatchObject({ imported: 3, keysCreated: 2 });
  });

  it("an organization the operator exempts by slug has no keys or projects limit", async () => {
    const signup = await server.request("POST", "/api/auth/signup", {
      body: { email: `roomy-${Date.now()}@example.com`, password: "correct horse", name: "Roomy", organizationName: "Roomy" },
    });
    expect(signup.status).toBe(201);
    expect(signup.body.organization.slug).toBe("roomy");
    const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0]!;
    const ids: string[] = [];
    for (const name of ["One", "Two", "Three"]) {
      const res = await server.request("POST", "/api/projects", { cookie, body: { name, sourceLanguage: "en", targetLanguages: ["de"] } });
      expect(res.status).toBe(201);
      ids.push(res.body._id);
    }
    const bulk = await server.request("POST", `/api/projects/${ids[0]}/keys/bulk`, {
      cookie,
      body: { keys: ["a", "b", "c", "d", "e"].map((key) => ({ key })) },
    });
    expect(bulk.status).toBe(200);
    const usage = await server.request("GET", "/api/organizations/current/usage", { cookie });
    expect(usage.body.quotas).toEqual([
      { dimension: "keys", code: "quota.keys", used: 5, limit: null },
      { dimension: "projects", code: "quota.projects", used: 3, limit: null },
      { dimension: "members", code: "quota.members", used: 1, limit: 2 },
      { dimension: "aiCharactersPerMonth", code: "quota.aiCharacters", used: 0, limit: 20 },
    ]);
  });
});

describe("projects quota", () => {
  it("REST, GraphQL and tRPC refuse the project past the quota", async () => {
    const user = await signUpUser(server);
    await newProject(user, "One");
    await newProject(user, "Two");
    const rest = await server.request("POST", "/api/projects", {
      apiKey: user.apiKey,
      body: { name: "Three", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual(quotaBody("quota.projects"));
    const gql = await graphql(user, 'mutation { createProject(input: {name: "Three", sourceLanguage: "en"}) { id } }');
    expectGraphqlQuota(gql, "quota.projects");
    const trpc = await server.request("POST", "/trpc/projects.create", {
      apiKey: user.apiKey,
      body: { name: "Three", sourceLanguage: "en" },
    });
    expectTrpcQuota(trpc, "quota.projects");
    expect(await server.db.prisma.project.count({ where: { organizationId: user.orgId } })).toBe(2);
    expect((await usageOf(user)).projects).toMatchObject({ used: 2, limit: 2 });
  });
});

describe("members quota", () => {
  it("an open invitation takes a seat: the invitation past the quota is refused on every surface", async () => {
    const owner = await signUpUser(server);
    const first = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: owner.cookie,
      body: { email: `seat-${Date.now()}@example.com`, role: "translator" },
    });
    expect(first.status).toBe(201);
    const rest = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: owner.cookie,
      body: { email: `over-${Date.now()}@example.com`, role: "translator" },
    });
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual(quotaBody("quota.members"));
    const gql = await graphql(owner, `mutation { inviteMember(email: "over-gql-${Date.now()}@example.com", role: "translator") { id } }`);
    expectGraphqlQuota(gql, "quota.members");
    const trpc = await server.request("POST", "/trpc/members.invite", {
      apiKey: owner.apiKey,
      body: { orgId: "current", email: `over-trpc-${Date.now()}@example.com`, role: "translator" },
    });
    expectTrpcQuota(trpc, "quota.members");
    // Inviting the same address again replaces its open invitation: no new seat.
    const again = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: owner.cookie,
      body: { email: first.body.email, role: "reviewer" },
    });
    expect(again.status).toBe(201);
    expect((await usageOf(owner)).members).toMatchObject({ used: 2, limit: 2 });
  });

  it("accepting an invitation is refused when the members (after a lowered quota) fill every seat", async () => {
    const owner = await signUpUser(server);
    const quotas = server.config.quotas;
    // The operator raised the quota, two people were invited, then it went back down to 2.
    quotas.overrides[owner.orgId] = { members: 3 };
    const invites = [];
    for (const name of ["ann", "ben"]) {
      const res = await server.request("POST", "/api/organizations/current/members/invite", {
        cookie: owner.cookie,
        body: { email: `${name}-${Date.now()}@example.com`, role: "translator" },
      });
      expect(res.status).toBe(201);
      invites.push(res.body);
    }
    quotas.overrides[owner.orgId] = { members: 2 };
    const accept = (invite: { inviteUrl: string }, name: string) =>
      server.request("POST", "/api/auth/accept-invite", {
        body: { token: tokenOfInviteUrl(invite.inviteUrl), name, password: "member password" },
      });
    // Open invitations past a lowered quota stay valid while members alone leave a seat: first come, first served.
    expect((await accept(invites[0], "Ann")).status).toBe(200);
    const ben = await accept(invites[1], "Ben");
    expect(ben.status).toBe(403);
    expect(ben.body).toEqual(quotaBody("quota.members"));
    // The refusal rolled back: Ben's invitation is still open, nobody joined.
    expect(await server.db.prisma.membership.count({ where: { organizationId: owner.orgId } })).toBe(2);
    expect((await server.db.prisma.invitation.findUnique({ where: { id: invites[1]._id } }))?.acceptedAt).toBeNull();
    delete quotas.overrides[owner.orgId];
  });
});

describe("AI characters quota", () => {
  it("charges the source text's characters per month and refuses past the quota, before calling the provider", async () => {
    const user = await signUpUser(server);
    await patchSettings(server, user, { aiProviderKeys: { provider_b: "sk-test" } });
    const projectId = await newProject(user);
    const key = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: user.apiKey, body: { key: "save" } });
    const body = (sourceText: string) => ({ keyId: key.body._id, sourceLanguage: "en", targetLanguage: "de", sourceText, keyName: "save" });
    const first = await server.request("POST", `/api/projects/${projectId}/ai/translate`, {
      apiKey: user.apiKey,
      body: body("Save {name}"),
    });
    expect(first.status).toBe(200);
    expect((await usageOf(user)).aiCharactersPerMonth).toMatchObject({ used: 11, limit: 20 });
    expect(fake.requests).toHaveLength(1);

    const over = await server.request("POST", `/api/projects/${projectId}/ai/translate`, {
      apiKey: user.apiKey,
      body: body("Save {name}"),
    });
    expect(over.status).toBe(403);
    expect(over.body).toEqual(quotaBody("quota.aiCharacters"));
    const trpc = await server.request("POST", "/trpc/ai.translate", { apiKey: user.apiKey, body: { projectId, ...body("Save {name}") } });
    expectTrpcQuota(trpc, "quota.aiCharacters");
    expect(fake.requests).toHaveLength(1);

    // Exactly up to the limit is allowed (9 more characters).
    const fits = await server.request("POST", `/api/projects/${projectId}/ai/translate`, { apiKey: user.apiKey, body: body("Hello {x}") });
    expect(fits.status).toBe(200);
    expect((await usageOf(user)).aiCharactersPerMonth).toMatchObject({ used: 20, limit: 20 });

    // A spent month refuses batches up front.
    const batch = await server.request("POST", `/api/projects/${projectId}/ai/translate/batch`, {
      apiKey: user.apiKey,
      body: { sourceLanguage: "en", targetLanguage: "de" },
    });
    expect(batch.status).toBe(403);
    expect(batch.body).toEqual(quotaBody("quota.aiCharacters"));
    const job = await graphql(
      user,
      'mutation($p: ID!) { startAiBatchJob(projectId: $p, sourceLanguage: "en", targetLanguage: "de") { jobId } }',
      {
        p: projectId,
      },
    );
    expectGraphqlQuota(job, "quota.aiCharacters");
    expect(fake.requests).toHaveLength(2);
  });
});

describe("usage for admins", () => {
  it("REST, GraphQL and tRPC answer usage against limit; a translator is refused", async () => {
    const user = await signUpUser(server);
    const projectId = await newProject(user);
    await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: user.apiKey, body: { key: "a" } });
    const rest = await server.request("GET", `/api/organizations/${user.orgId}/usage`, { apiKey: user.apiKey });
    expect(rest.status).toBe(200);
    expect(rest.body.quotas).toEqual([
      { dimension: "keys", code: "quota.keys", used: 1, limit: 3 },
      { dimension: "projects", code: "quota.projects", used: 1, limit: 2 },
      { dimension: "members", code: "quota.members", used: 1, limit: 2 },
      { dimension: "aiCharactersPerMonth", code: "quota.aiCharacters", used: 0, limit: 20 },
    ]);
    const now = new Date();
    expect(rest.body.period).toEqual({
      start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
      end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    });
    const gql = await graphql(user, "{ organizationUsage { quotas { dimension code used limit } period { start end } } }");
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.organizationUsage).toEqual(rest.body);
    const trpc = await server.request(
      "GET",
      `/trpc/organizations.usage?input=${encodeURIComponent(JSON.stringify({ orgId: "current" }))}`,
      {
        apiKey: user.apiKey,
      },
    );
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data).toEqual(rest.body);
    const translator = await addMember(server, user, "translator");
    const refused = await server.request("GET", "/api/organizations/current/usage", { cookie: translator.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ statusCode: 403, message: "Forbidden resource", error: "Forbidden" });
  });
});

describe("settings", () => {
  it("a bad QUOTA_* value stops start-up naming the setting", () => {
    expect(() => loadConfig({ QUOTA_KEYS: "ten" })).toThrow(/QUOTA_KEYS/);
    expect(() => loadConfig({ QUOTA_OVERRIDES: "{not json" })).toThrow(/QUOTA_OVERRIDES/);
    expect(() => loadConfig({ QUOTA_OVERRIDES: JSON.stringify({ acme: { seats: 3 } }) })).toThrow(/QUOTA_OVERRIDES\.acme\.seats/);
    expect(loadConfig({}).quotas.defaults).toEqual({ keys: null, projects: null, members: null, aiCharactersPerMonth: null });
  });
});
