// Issue 24 item 1: a token mints only tokens it could have been itself — scopes it holds, an
// expiry no later than its own — over REST, GraphQL and tRPC; a project token mints no
// organization token. (docs/api-rules.md "API tokens and scopes".)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Minter");
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function orgToken(body: Record<string, unknown>, apiKey = owner.apiKey): Promise<string> {
  const res = await server.request("POST", `/api/organizations/${owner.orgId}/tokens`, { apiKey, body: { name: `t${++n}`, ...body } });
  if (res.status !== 201) throw new Error(`token: ${res.status} ${res.text}`);
  return res.body.token;
}

type Mint = (
  apiKey: string,
  body: { scopes?: string[] | null; expiresAt?: string | null },
) => Promise<{ ok: boolean; status: string; token?: string }>;

const SURFACES: Record<string, Mint> = {
  REST: async (apiKey, body) => {
    const res = await server.request("POST", `/api/organizations/current/tokens`, { apiKey, body: { name: `rest ${++n}`, ...body } });
    return { ok: res.status === 201, status: `${res.status} ${res.body?.message ?? ""}`, token: res.body?.token };
  },
  GraphQL: async (apiKey, body) => {
    const res = await server.request("POST", "/graphql", {
      apiKey,
      body: {
        query:
          "mutation($name: String!, $scopes: [String!], $expiresAt: DateTime) { createToken(name: $name, scopes: $scopes, expiresAt: $expiresAt) { token } }",
        variables: { name: `gql ${++n}`, ...body },
      },
    });
    const error = res.body.errors?.[0];
    return { ok: !error, status: error ? `${error.extensions?.code} ${error.message}` : "ok", token: res.body.data?.createToken?.token };
  },
  tRPC: async (apiKey, body) => {
    const res = await server.request("POST", "/trpc/tokens.createOrganizationToken", {
      apiKey,
      body: { orgId: "current", name: `trpc ${++n}`, ...body },
    });
    return { ok: res.status === 200, status: `${res.status} ${res.body?.error?.message ?? ""}`, token: res.body?.result?.data?.token };
  },
};

const FORBIDDEN_STATUS: Record<string, RegExp> = { REST: /^403 /, GraphQL: /^FORBIDDEN /, tRPC: /^403 / };

describe.each(Object.keys(SURFACES))("token minting over %s", (surface) => {
  const mint = (apiKey: string, body: Parameters<Mint>[1]) => SURFACES[surface]!(apiKey, body);

  it("refuses a token holding only tokens:manage a token with every scope (scopes: null) or another scope", async () => {
    const narrow = await orgToken({ scopes: ["tokens:manage"] });
    const count = async () => (await server.request("GET", "/api/organizations/current/tokens", { apiKey: owner.apiKey })).body.length;
    const before = await count();
    const all = await mint(narrow, { scopes: null });
    expect(all.status).toMatch(FORBIDDEN_STATUS[surface]!);
    expect(all.status).toMatch(/tokens:manage/);
    const omitted = await mint(narrow, {});
    expect(omitted.status).toMatch(FORBIDDEN_STATUS[surface]!);
    const wider = await mint(narrow, { scopes: ["tokens:manage", "projects:write"] });
    expect(wider.status).toMatch(FORBIDDEN_STATUS[surface]!);
    expect(wider.status).toMatch(/projects:write/);
    expect(await count(), "nothing created").toBe(before);
  });

  it("lets a scoped token mint a token with some of its own scopes, which stays within them", async () => {
    const parent = await orgToken({ scopes: ["tokens:manage", "projects:read"] });
    const child = await mint(parent, { scopes: ["projects:read"] });
    expect(child.status).toMatch(/^(201|200|ok)/);
    expect((await server.request("GET", "/api/projects", { apiKey: child.token! })).status).toBe(200);
    const create = await server.request("POST", "/api/projects", {
      apiKey: child.token!,
      body: { name: "Nope", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    expect(create.status).toBe(403);
  });

  it("lets an unscoped token mint an unscoped one (it holds everything its role allows)", async () => {
    const full = await orgToken({});
    expect((await mint(full, { scopes: null })).ok).toBe(true);
  });

  it("refuses an expiring token a child that never expires or outlives it, and allows an earlier expiry", async () => {
    const expiresAt = new Date(Date.now() + 24 * 3600_000);
    const parent = await orgToken({ expiresAt: expiresAt.toISOString() });
    const forever = await mint(parent, { expiresAt: null });
    expect(forever.status).toMatch(FORBIDDEN_STATUS[surface]!);
    expect(forever.status).toMatch(/expire/);
    const later = await mint(parent, { expiresAt: new Date(expiresAt.getTime() + 1000).toISOString() });
    expect(later.status).toMatch(FORBIDDEN_STATUS[surface]!);
    const same = await mint(parent, { expiresAt: expiresAt.toISOString() });
    expect(same.ok, same.status).toBe(true);
    const sooner = await mint(parent, { expiresAt: new Date(expiresAt.getTime() - 3600_000).toISOString() });
    expect(sooner.ok, sooner.status).toBe(true);
  });

  it("refuses a project token an organization token", async () => {
    const project = await server.request("POST", "/api/projects", {
      apiKey: owner.apiKey,
      body: { name: `P ${++n}`, sourceLanguage: "en", targetLanguages: ["de"] },
    });
    const pt = await server.request("POST", `/api/projects/${project.body._id}/tokens`, { apiKey: owner.apiKey, body: { name: "pt" } });
    expect(pt.status).toBe(201);
    const res = await mint(pt.body.token, { scopes: ["projects:read"] });
    expect(res.status).toMatch(FORBIDDEN_STATUS[surface]!);
  });
});

describe("project tokens minting project tokens", () => {
  it("stay within the minting token's scopes and project", async () => {
    const project = await server.request("POST", "/api/projects", {
      apiKey: owner.apiKey,
      body: { name: `Q ${++n}`, sourceLanguage: "en", targetLanguages: ["de"] },
    });
    const path = `/api/projects/${project.body._id}/tokens`;
    const pt = await server.request("POST", path, { apiKey: owner.apiKey, body: { name: "pt", scopes: ["tokens:manage", "keys:read"] } });
    const escalate = await server.request("POST", path, { apiKey: pt.body.token, body: { name: "child" } });
    expect(escalate.status).toBe(403);
    const wider = await server.request("POST", path, { apiKey: pt.body.token, body: { name: "child", scopes: ["keys:write"] } });
    expect(wider.status).toBe(403);
    const ok = await server.request("POST", path, { apiKey: pt.body.token, body: { name: "child", scopes: ["keys:read"] } });
    expect(ok.status).toBe(201);
    expect(ok.body.projectId).toBe(project.body._id);
  });
});
