import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, type TestMember } from "../../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

const UNAUTHORIZED = { statusCode: 401, message: "Unauthorized", error: "Unauthorized" };
const FORBIDDEN = { statusCode: 403, message: "Forbidden resource", error: "Forbidden" };
const PROJECT_NOT_FOUND = { statusCode: 404, message: "Project not found", error: "Not Found" };
const TOKEN_NOT_FOUND = { statusCode: 404, message: "Token not found", error: "Not Found" };

let server: TestServer;
let owner: TestUser;
let developer: TestMember;
let translator: TestMember;
let projectA: string;
let projectB: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Owner");
  developer = await addMember(server, owner, "developer", { name: "Dev" });
  translator = await addMember(server, owner, "translator");
  projectA = (
    await server.request("POST", "/api/projects", {
      apiKey: owner.apiKey,
      body: { name: "A", sourceLanguage: "en", targetLanguages: ["de"] },
    })
  ).body._id;
  projectB = (await server.request("POST", "/api/projects", { apiKey: owner.apiKey, body: { name: "B", sourceLanguage: "en" } })).body._id;
});
afterAll(async () => {
  await server.close();
});

async function createProjectToken(
  who: { cookie?: string; apiKey?: string },
  projectId: string,
  body: Record<string, unknown> = { name: "ci" },
) {
  return server.request("POST", `/api/projects/${projectId}/tokens`, { ...who, body });
}

describe("project token management", () => {
  it("creates a project token (201): the organization token shape plus projectId, secret shown once", async () => {
    const res = await createProjectToken({ cookie: owner.cookie }, projectA, { name: "CI pipeline", scopes: ["keys:read", "export"] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      name: "CI pipeline",
      token: expect.stringMatching(/^svc_[A-Za-z0-9_-]{43}$/),
      organizationId: owner.orgId,
      projectId: projectA,
      scopes: ["keys:read", "export"],
      expiresAt: null,
      lastUsedAt: null,
      created: expect.any(String),
      tokenSuffix: res.body.token.slice(-4),
    });
    const list = await server.request("GET", `/api/projects/${projectA}/tokens`, { cookie: owner.cookie });
    expect(list.status).toBe(200);
    expect(list.body.map((t: any) => t._id)).toContain(res.body._id);
    expect(list.text).not.toContain(res.body.token);
    const activity = await server.request("GET", `/api/projects/${projectA}/activity?action=api_token.created`, { cookie: owner.cookie });
    expect(activity.body.data[0]).toMatchObject({
      projectId: projectA,
      targetId: res.body._id,
      targetType: "api_token",
      metadata: { tokenId: res.body._id, projectId: projectA },
    });
  });

  it("lists only the tokens of that project: not organization tokens, not other projects' tokens", async () => {
    const a = await createProjectToken({ cookie: owner.cookie }, projectA, { name: "only A" });
    const b = await createProjectToken({ cookie: owner.cookie }, projectB, { name: "only B" });
    const listA = (await server.request("GET", `/api/projects/${projectA}/tokens`, { cookie: owner.cookie })).body.map((t: any) => t._id);
    const listB = (await server.request("GET", `/api/projects/${projectB}/tokens`, { cookie: owner.cookie })).body.map((t: any) => t._id);
    expect(listA).toContain(a.body._id);
    expect(listA).not.toContain(b.body._id);
    expect(listB).toEqual([b.body._id]);
    const orgTokens = (await server.request("GET", "/api/organizations/current/tokens", { cookie: owner.cookie })).body.map(
      (t: any) => t._id,
    );
    expect(orgTokens).not.toContain(a.body._id);
    expect(orgTokens).not.toContain(b.body._id);
  });

  it("revokes at once (then 401), and 404s a token of another project or one already revoked", async () => {
    const t = await createProjectToken({ cookie: owner.cookie }, projectA, { name: "short-lived" });
    expect((await server.request("GET", `/api/projects/${projectA}`, { apiKey: t.body.token })).status).toBe(200);
    const wrongProject = await server.request("DELETE", `/api/projects/${projectB}/tokens/${t.body._id}`, { cookie: owner.cookie });
    expect(wrongProject.status).toBe(404);
    expect(wrongProject.body).toEqual(TOKEN_NOT_FOUND);
    const viaOrg = await server.request("DELETE", `/api/organizations/current/tokens/${t.body._id}`, { cookie: owner.cookie });
    expect(viaOrg.status).toBe(404);
    const res = await server.request("DELETE", `/api/projects/${projectA}/tokens/${t.body._id}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const after = await server.request("GET", `/api/projects/${projectA}`, { apiKey: t.body.token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual(UNAUTHORIZED);
    const again = await server.request("DELETE", `/api/projects/${projectA}/tokens/${t.body._id}`, { cookie: owner.cookie });
    expect(again.body).toEqual(TOKEN_NOT_FOUND);
    const listed = (await server.request("GET", `/api/projects/${projectA}/tokens`, { cookie: owner.cookie })).body.map((x: any) => x._id);
    expect(listed).not.toContain(t.body._id);
  });

  it("follows the token roles: developers create and revoke their own, not others' (403); translators none (403)", async () => {
    const mine = await createProjectToken({ cookie: developer.cookie }, projectA, { name: "dev's" });
    expect(mine.status).toBe(201);
    const owners = await createProjectToken({ cookie: owner.cookie }, projectA, { name: "owner's" });
    const revokeOthers = await server.request("DELETE", `/api/projects/${projectA}/tokens/${owners.body._id}`, {
      cookie: developer.cookie,
    });
    expect(revokeOthers.status).toBe(403);
    expect(revokeOthers.body).toEqual(FORBIDDEN);
    expect(
      (await server.request("DELETE", `/api/projects/${projectA}/tokens/${mine.body._id}`, { cookie: developer.cookie })).body,
    ).toEqual({ success: true });
    for (const [method, path] of [
      ["POST", `/api/projects/${projectA}/tokens`],
      ["GET", `/api/projects/${projectA}/tokens`],
    ] as const) {
      const res = await server.request(method, path, { cookie: translator.cookie, body: method === "POST" ? { name: "x" } : undefined });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
  });

  it("validates the body (400) and answers 404 for another organization's project", async () => {
    const noName = await createProjectToken({ cookie: owner.cookie }, projectA, {});
    expect(noName.status).toBe(400);
    expect(noName.body.issues[0].path).toBe("name");
    const badScope = await createProjectToken({ cookie: owner.cookie }, projectA, { name: "x", scopes: ["everything"] });
    expect(badScope.status).toBe(400);
    expect(badScope.body.issues).toEqual([{ path: "scopes", message: "unknown scope everything" }]);
    const stranger = await signUpUser(server, "Stranger");
    for (const [method, path] of [
      ["POST", `/api/projects/${projectA}/tokens`],
      ["GET", `/api/projects/${projectA}/tokens`],
      ["DELETE", `/api/projects/${projectA}/tokens/whatever`],
    ] as const) {
      const res = await server.request(method, path, { cookie: stranger.cookie, body: method === "POST" ? { name: "x" } : undefined });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(PROJECT_NOT_FOUND);
    }
  });
});

describe("what a project token sees", () => {
  let token: string;
  beforeAll(async () => {
    token = (await createProjectToken({ cookie: owner.cookie }, projectA, { name: "scoped to A" })).body.token;
  });

  it("lists only its project and reads it", async () => {
    const list = await server.request("GET", "/api/projects?includeArchived=true", { apiKey: token });
    expect(list.status).toBe(200);
    expect(list.body.map((p: any) => p._id)).toEqual([projectA]);
    expect((await server.request("GET", `/api/projects/${projectA}`, { apiKey: token })).body._id).toBe(projectA);
  });

  it("works inside its project (keys, comments, activity)", async () => {
    const key = await server.request("POST", `/api/projects/${projectA}/keys`, { apiKey: token, body: { key: "from.project.token" } });
    expect(key.status).toBe(201);
    const comment = await server.request("POST", `/api/projects/${projectA}/keys/${key.body._id}/comments`, {
      apiKey: token,
      body: { body: "via project token" },
    });
    expect(comment.status).toBe(201);
    expect(comment.body.authorId).toBe(owner.userId);
    const activity = await server.request("GET", `/api/projects/${projectA}/activity`, { apiKey: token });
    expect(activity.status).toBe(200);
    expect(activity.body.data.length).toBeGreaterThan(0);
  });

  it("gets 404 for any other project of the organization, on every route", async () => {
    for (const [method, path, body] of [
      ["GET", `/api/projects/${projectB}`, undefined],
      ["PATCH", `/api/projects/${projectB}`, { name: "renamed" }],
      ["GET", `/api/projects/${projectB}/keys`, undefined],
      ["POST", `/api/projects/${projectB}/keys`, { key: "sneaky" }],
      ["GET", `/api/projects/${projectB}/activity`, undefined],
      ["GET", `/api/projects/${projectB}/tokens`, undefined],
      ["POST", `/api/projects/${projectB}/tokens`, { name: "escalate" }],
    ] as const) {
      const res = await server.request(method, path, { apiKey: token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual(PROJECT_NOT_FOUND);
    }
    expect((await server.request("GET", `/api/projects/${projectB}`, { apiKey: owner.apiKey })).body.name).toBe("B");
  });

  it("gets 403 on organization-level endpoints, except glossary and TM reads", async () => {
    for (const [method, path, body] of [
      ["GET", "/api/organizations/current", undefined],
      ["PATCH", "/api/organizations/current", { name: "x" }],
      ["GET", "/api/organizations/current/members", undefined],
      ["POST", "/api/organizations/current/members/invite", { email: "x@example.com", role: "developer" }],
      ["GET", "/api/organizations/current/tokens", undefined],
      ["POST", "/api/organizations/current/tokens", { name: "escalate" }],
      ["GET", "/api/organizations/current/activity", undefined],
      ["POST", "/api/organizations/current/glossaries", { name: "G", sourceLanguage: "en" }],
      ["POST", "/api/projects", { name: "new project", sourceLanguage: "en" }],
    ] as const) {
      const res = await server.request(method, path, { apiKey: token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    const glossaries = await server.request("GET", "/api/organizations/current/glossaries", { apiKey: token });
    expect(glossaries.status).toBe(200);
    const tm = await server.request("GET", "/api/organizations/current/tm", { apiKey: token });
    expect(tm.status).toBe(200);
  });

  it("acts with its creator's current role narrowed by its scopes", async () => {
    const readOnly = (await createProjectToken({ cookie: developer.cookie }, projectA, { name: "ro", scopes: ["keys:read"] })).body.token;
    expect((await server.request("GET", `/api/projects/${projectA}/keys`, { apiKey: readOnly })).status).toBe(200);
    const write = await server.request("POST", `/api/projects/${projectA}/keys`, { apiKey: readOnly, body: { key: "denied" } });
    expect(write.status).toBe(403);
    expect(write.body).toEqual(FORBIDDEN);
    const full = (await createProjectToken({ cookie: developer.cookie }, projectA, { name: "full" })).body.token;
    expect((await server.request("POST", `/api/projects/${projectA}/keys`, { apiKey: full, body: { key: "allowed.before" } })).status).toBe(
      201,
    );
    await server.request("PATCH", `/api/organizations/current/members/${developer.userId}`, {
      cookie: owner.cookie,
      body: { role: "translator" },
    });
    const demoted = await server.request("POST", `/api/projects/${projectA}/keys`, { apiKey: full, body: { key: "denied.after" } });
    expect(demoted.status).toBe(403);
    await server.request("DELETE", `/api/organizations/current/members/${developer.userId}`, { cookie: owner.cookie });
    const removed = await server.request("GET", `/api/projects/${projectA}`, { apiKey: full });
    expect(removed.status).toBe(401);
    expect(removed.body).toEqual(UNAUTHORIZED);
  });
});
