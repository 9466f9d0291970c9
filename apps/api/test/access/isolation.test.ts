// Tenant isolation: another organization (and a project token of another project) gets 404 —
// never 403, never data — for every project, key and translation id of the first organization.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

let server: TestServer;
let alice: TestUser;
let mallory: TestUser;
let projectId: string;
let keyId: string;
let historyId: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUpUser(server, "Alice");
  mallory = await signUpUser(server, "Mallory");
  const project = await server.request("POST", "/api/projects", {
    apiKey: alice.apiKey,
    body: { name: "Secret", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  projectId = project.body._id;
  keyId = (await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: alice.apiKey, body: { key: "secret.key" } })).body._id;
  await server.request("PUT", `/api/projects/${projectId}/keys/${keyId}/translations/de`, {
    apiKey: alice.apiKey,
    body: { value: "Geheim" },
  });
  const history = await server.request("GET", `/api/projects/${projectId}/keys/${keyId}/translations/de/history`, { apiKey: alice.apiKey });
  historyId = history.body[0]._id;
});
afterAll(async () => {
  await server.close();
});

const PROJECT_NOT_FOUND = { statusCode: 404, message: "Project not found", error: "Not Found" };

function everyRoute(): [string, string, unknown?][] {
  const p = `/api/projects/${projectId}`;
  const t = `${p}/keys/${keyId}/translations/de`;
  return [
    ["GET", p],
    ["PATCH", p, { name: "pwned" }],
    ["DELETE", p],
    ["POST", `${p}/restore`],
    ["DELETE", `${p}/permanent`],
    ["POST", `${p}/languages`, { language: "fr" }],
    ["DELETE", `${p}/languages/de`],
    ["GET", `${p}/keys`],
    ["POST", `${p}/keys`, { key: "x" }],
    ["GET", `${p}/keys/${keyId}`],
    ["PATCH", `${p}/keys/${keyId}`, { key: "renamed" }],
    ["DELETE", `${p}/keys/${keyId}`],
    ["POST", `${p}/keys/bulk`, { keys: [{ key: "x" }] }],
    ["PATCH", `${p}/keys/bulk`, { keys: [{ _id: keyId, key: "y" }] }],
    ["DELETE", `${p}/keys/bulk`, { keyIds: [keyId] }],
    ["GET", `${p}/translations/de`],
    ["POST", `${p}/translations/overwrite`, { translations: [{ key: "secret.key", language: "de", value: "x" }] }],
    ["GET", `${p}/keys/${keyId}/translations`],
    ["PUT", t, { value: "x" }],
    ["PATCH", `${t}/status`, { status: "approved" }],
    ["GET", `${t}/history`],
    ["POST", `${t}/revert`],
    ["POST", `${t}/revert/${historyId}`],
    ["GET", `/api/v1/projects/${projectId}/keys/${keyId}`],
  ];
}

describe("another organization", () => {
  it("gets 404 'Project not found' on every project, key and translation route, by API key and by session", async () => {
    for (const auth of [{ apiKey: mallory.apiKey }, { cookie: mallory.cookie }]) {
      for (const [method, path, body] of everyRoute()) {
        const res = await server.request(method, path, { ...auth, body });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body, `${method} ${path}`).toEqual(PROJECT_NOT_FOUND);
      }
    }
  });

  it("left everything untouched and cannot see the project in its list", async () => {
    const list = await server.request("GET", "/api/projects?includeArchived=true", { apiKey: mallory.apiKey });
    expect(list.body).toEqual([]);
    const key = await server.request("GET", `/api/projects/${projectId}/keys/${keyId}`, { apiKey: alice.apiKey });
    expect(key.body).toMatchObject({ key: "secret.key" });
    const page = await server.request("GET", `/api/projects/${projectId}/translations/de`, { apiKey: alice.apiKey });
    expect(page.body.data[0]).toMatchObject({ value: "Geheim", status: "translated" });
    const project = await server.request("GET", `/api/projects/${projectId}`, { apiKey: alice.apiKey });
    expect(project.body).toMatchObject({ name: "Secret", archived: false, targetLanguages: ["de"] });
  });

  it("cannot reach the first organization's key through a project of its own", async () => {
    const own = await server.request("POST", "/api/projects", {
      apiKey: mallory.apiKey,
      body: { name: "Mine", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    const p = `/api/projects/${own.body._id}`;
    const KEY_NOT_FOUND = { statusCode: 404, message: "Key not found", error: "Not Found" };
    expect((await server.request("GET", `${p}/keys/${keyId}`, { apiKey: mallory.apiKey })).body).toEqual(KEY_NOT_FOUND);
    expect(
      (await server.request("PUT", `${p}/keys/${keyId}/translations/de`, { apiKey: mallory.apiKey, body: { value: "x" } })).body,
    ).toEqual(KEY_NOT_FOUND);
    expect((await server.request("GET", `${p}/keys/${keyId}/translations/de/history`, { apiKey: mallory.apiKey })).body).toEqual(
      KEY_NOT_FOUND,
    );
    expect((await server.request("GET", `${p}/keys/${keyId}/translations`, { apiKey: mallory.apiKey })).body).toEqual(KEY_NOT_FOUND);
    const bulk = await server.request("DELETE", `${p}/keys/bulk`, { apiKey: mallory.apiKey, body: { keyIds: [keyId] } });
    expect(bulk.body).toEqual({ deleted: 0, notFound: [keyId] });
    const update = await server.request("PATCH", `${p}/keys/bulk`, {
      apiKey: mallory.apiKey,
      body: { keys: [{ _id: keyId, key: "stolen" }] },
    });
    expect(update.body).toEqual({ updated: 0, notFound: [keyId], errors: [] });
    const overwrite = await server.request("POST", `${p}/translations/overwrite`, {
      apiKey: mallory.apiKey,
      body: { translations: [{ key: "secret.key", language: "de", value: "x" }] },
    });
    expect(overwrite.body).toEqual({ overwritten: 0, notFound: [{ key: "secret.key", namespace: "", language: "de" }] });
    expect(await server.db.prisma.key.count({ where: { id: keyId, key: "secret.key" } })).toBe(1);
  });
});

describe("a project token", () => {
  it("sees only its own project: the organization's other projects are 404", async () => {
    const other = await server.request("POST", "/api/projects", {
      apiKey: alice.apiKey,
      body: { name: "Other", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    const token = await server.request("POST", `/api/projects/${other.body._id}/tokens`, { cookie: alice.cookie, body: { name: "ci" } });
    expect(token.status).toBe(201);
    const apiKey = token.body.token as string;
    expect((await server.request("GET", `/api/projects/${other.body._id}/keys`, { apiKey })).status).toBe(200);
    for (const [method, path, body] of everyRoute()) {
      const res = await server.request(method, path, { apiKey, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual(PROJECT_NOT_FOUND);
    }
  });
});
