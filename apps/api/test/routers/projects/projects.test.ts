// Projects over REST: create, list, get, update, archive/restore, permanent delete, languages,
// the /api/v1 prefix, and the documented error bodies.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Project Owner");
});
afterAll(async () => {
  await server.close();
});

const FORBIDDEN = { statusCode: 403, message: "Forbidden resource", error: "Forbidden" };
const NOT_FOUND = { statusCode: 404, message: "Project not found", error: "Not Found" };
const ARCHIVED = { statusCode: 409, message: "Project is archived", error: "Conflict" };

async function newProject(body: Record<string, unknown> = {}) {
  const res = await server.request("POST", "/api/projects", {
    apiKey: owner.apiKey,
    body: { name: "Web", sourceLanguage: "en", targetLanguages: ["de"], ...body },
  });
  expect(res.status).toBe(201);
  return res.body as { _id: string; targetLanguages: string[] };
}

describe("create, list, get", () => {
  it("creates a project with 201 and the documented fields, canonicalising language codes", async () => {
    const res = await server.request("POST", "/api/projects", {
      apiKey: owner.apiKey,
      body: { name: "Mobile", description: "iOS app", sourceLanguage: "en-us", targetLanguages: ["de", "pt-br", "de"] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      name: "Mobile",
      description: "iOS app",
      sourceLanguage: "en-US",
      targetLanguages: ["de", "pt-BR"],
      organization: owner.orgId,
      preferredModel: null,
      archived: false,
      archivedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const got = await server.request("GET", `/api/projects/${res.body._id}`, { apiKey: owner.apiKey });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it("refuses a bad language code, a missing name and the source as a target with 400", async () => {
    const bad = await server.request("POST", "/api/projects", {
      apiKey: owner.apiKey,
      body: { name: "X", sourceLanguage: "not a language!" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      statusCode: 400,
      error: "Bad Request",
      issues: [{ path: "sourceLanguage", message: expect.any(String) }],
    });
    expect(bad.body.message).toContain("sourceLanguage");
    const noName = await server.request("POST", "/api/projects", { apiKey: owner.apiKey, body: { sourceLanguage: "en" } });
    expect(noName.status).toBe(400);
    expect(noName.body.issues[0].path).toBe("name");
    const both = await server.request("POST", "/api/projects", {
      apiKey: owner.apiKey,
      body: { name: "X", sourceLanguage: "en", targetLanguages: ["en"] },
    });
    expect(both.status).toBe(400);
    expect(both.body.issues[0].path).toBe("targetLanguages");
  });

  it("answers malformed JSON with 400, never 500", async () => {
    const res = await server.request("POST", "/api/projects", { apiKey: owner.apiKey, rawBody: '{"name": "x",' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: "Malformed JSON in request body",
      error: "Bad Request",
      issues: [{ path: "", message: "Malformed JSON in request body" }],
    });
  });

  it("lists active projects as a plain array; includeArchived=true adds archived ones", async () => {
    const user = await signUpUser(server, "Lister");
    const mk = async (name: string) =>
      (await server.request("POST", "/api/projects", { apiKey: user.apiKey, body: { name, sourceLanguage: "en" } })).body._id as string;
    const a = await mk("A");
    const b = await mk("B");
    await server.request("DELETE", `/api/projects/${b}`, { apiKey: user.apiKey });
    const active = await server.request("GET", "/api/projects", { apiKey: user.apiKey });
    expect(active.status).toBe(200);
    expect(active.body.map((p: { _id: string }) => p._id)).toEqual([a]);
    const all = await server.request("GET", "/api/projects?includeArchived=true", { apiKey: user.apiKey });
    expect(all.body.map((p: { _id: string }) => p._id)).toEqual([a, b]);
  });

  it("answers the same under /api/v1", async () => {
    const p = await newProject({ name: "Versioned" });
    const v1 = await server.request("GET", `/api/v1/projects/${p._id}`, { apiKey: owner.apiKey });
    expect(v1.status).toBe(200);
    expect(v1.body).toEqual((await server.request("GET", `/api/projects/${p._id}`, { apiKey: owner.apiKey })).body);
    const created = await server.request("POST", "/api/v1/projects", { apiKey: owner.apiKey, body: { name: "V1", sourceLanguage: "fr" } });
    expect(created.status).toBe(201);
  });

  it("answers 404 for an unknown project id", async () => {
    const res = await server.request("GET", "/api/projects/00000000-0000-0000-0000-000000000000", { apiKey: owner.apiKey });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });
});

describe("update", () => {
  it("changes only the included fields", async () => {
    const p = await newProject({ name: "Before", description: "kept" });
    const res = await server.request("PATCH", `/api/projects/${p._id}`, {
      apiKey: owner.apiKey,
      body: { name: "After", preferredModel: "modelB-4o" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "After", description: "kept", targetLanguages: ["de"], preferredModel: "modelB-4o" });
  });

  it("refuses a source-language change and an unknown model with 400, accepts the same source language", async () => {
    const p = await newProject();
    const change = await server.request("PATCH", `/api/projects/${p._id}`, { apiKey: owner.apiKey, body: { sourceLanguage: "fr" } });
    expect(change.status).toBe(400);
    expect(change.body).toEqual({
      statusCode: 400,
      message: "sourceLanguage: cannot be changed after creation",
      error: "Bad Request",
      issues: [{ path: "sourceLanguage", message: "cannot be changed after creation" }],
    });
    const same = await server.request("PATCH", `/api/projects/${p._id}`, { apiKey: owner.apiKey, body: { sourceLanguage: "en" } });
    expect(same.status).toBe(200);
    expect(await server.db.prisma.activity.count({ where: { projectId: p._id, action: "project.updated" } })).toBe(0);
    const model = await server.request("PATCH", `/api/projects/${p._id}`, { apiKey: owner.apiKey, body: { preferredModel: "gpt-4" } });
    expect(model.status).toBe(400);
    expect(model.body.issues[0].path).toBe("preferredModel");
  });
});

describe("archive, restore, permanent delete", () => {
  it("archives (returning the archived project), refuses writes with 409, keeps reads, and restores", async () => {
    const p = await newProject();
    const archived = await server.request("DELETE", `/api/projects/${p._id}`, { apiKey: owner.apiKey });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ _id: p._id, archived: true, archivedAt: expect.any(String) });
    expect((await server.request("GET", `/api/projects/${p._id}`, { apiKey: owner.apiKey })).status).toBe(200);

    const writes = [
      server.request("PATCH", `/api/projects/${p._id}`, { apiKey: owner.apiKey, body: { name: "No" } }),
      server.request("POST", `/api/projects/${p._id}/languages`, { apiKey: owner.apiKey, body: { language: "fr" } }),
      server.request("POST", `/api/projects/${p._id}/keys`, { apiKey: owner.apiKey, body: { key: "k" } }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual(ARCHIVED);
    }

    const restored = await server.request("POST", `/api/projects/${p._id}/restore`, { apiKey: owner.apiKey });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ archived: false, archivedAt: null });
    expect((await server.request("PATCH", `/api/projects/${p._id}`, { apiKey: owner.apiKey, body: { name: "Yes" } })).status).toBe(200);
  });

  it("deletes permanently for an owner session, and refuses an API key with 403", async () => {
    const p = await newProject();
    const keys = await server.request("POST", `/api/projects/${p._id}/keys/bulk`, {
      apiKey: owner.apiKey,
      body: { keys: [{ key: "a" }, { key: "b" }] },
    });
    await server.request("PUT", `/api/projects/${p._id}/keys/${keys.body.keys[0]._id}/translations/de`, {
      apiKey: owner.apiKey,
      body: { value: "A" },
    });
    const byKey = await server.request("DELETE", `/api/projects/${p._id}/permanent`, { apiKey: owner.apiKey });
    expect(byKey.status).toBe(403);
    expect(byKey.body).toEqual(FORBIDDEN);
    const bySession = await server.request("DELETE", `/api/projects/${p._id}/permanent`, { cookie: owner.cookie });
    expect(bySession.status).toBe(200);
    expect(bySession.body).toEqual({ success: true });
    expect((await server.request("GET", `/api/projects/${p._id}`, { apiKey: owner.apiKey })).body).toEqual(NOT_FOUND);
    expect(await server.db.prisma.key.count({ where: { projectId: p._id } })).toBe(0);
    expect(await server.db.prisma.translation.count({ where: { projectId: p._id } })).toBe(0);
    const deleted = await server.db.prisma.activity.findFirst({ where: { action: "project.deleted", targetId: p._id } });
    expect(deleted).toMatchObject({ projectId: null, organizationId: owner.orgId });
  });
});

describe("languages", () => {
  it("adds a target language (adding it again is a no-op) and removes one", async () => {
    const p = await newProject();
    const added = await server.request("POST", `/api/projects/${p._id}/languages`, { apiKey: owner.apiKey, body: { language: "fr-ca" } });
    expect(added.status).toBe(200);
    expect(added.body.targetLanguages).toEqual(["de", "fr-CA"]);
    const again = await server.request("POST", `/api/projects/${p._id}/languages`, { apiKey: owner.apiKey, body: { language: "fr-CA" } });
    expect(again.body.targetLanguages).toEqual(["de", "fr-CA"]);
    const removed = await server.request("DELETE", `/api/projects/${p._id}/languages/de`, { apiKey: owner.apiKey });
    expect(removed.status).toBe(200);
    expect(removed.body.targetLanguages).toEqual(["fr-CA"]);
  });

  it("refuses a bad language code and the source language with 400", async () => {
    const p = await newProject();
    const bad = await server.request("POST", `/api/projects/${p._id}/languages`, {
      apiKey: owner.apiKey,
      body: { language: "zz_bad code" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ statusCode: 400, error: "Bad Request", issues: [{ path: "language" }] });
    const source = await server.request("POST", `/api/projects/${p._id}/languages`, { apiKey: owner.apiKey, body: { language: "en" } });
    expect(source.status).toBe(400);
    const removeSource = await server.request("DELETE", `/api/projects/${p._id}/languages/en`, { apiKey: owner.apiKey });
    expect(removeSource.status).toBe(400);
  });
});
