// Odd paths and query values: dot segments never reach another operation, NUL in a path id or a
// query value is a 4xx, and huge page numbers get an answer instead of a crash.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../helpers/raw-request";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

let server: TestServer;
let user: TestUser;
let projectId: string;
let keyId: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server);
  const project = await server.request("POST", "/api/projects", {
    apiKey: user.apiKey,
    body: { name: "Paths", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  projectId = project.body._id;
  const key = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: user.apiKey, body: { key: "greeting" } });
  keyId = key.body._id;
});
afterAll(async () => {
  await server.close();
});

const DOTS = ["..", ".", "%2e%2e", "%2E%2e", ".%2E", "%2e", "%2E%2E%2f", "..%2f", "..;", "\\..", "%5c.."];

describe("dot segments", () => {
  it("never let DELETE .../comments/<dots> delete the key, nor PATCH .../keys/<dots> change the project", async () => {
    for (const prefix of ["/api", "/api/v1"]) {
      for (const dots of DOTS) {
        const del = await rawRequest(server.url, "DELETE", `${prefix}/projects/${projectId}/keys/${keyId}/comments/${dots}`, {
          headers: { "x-api-key": user.apiKey },
        });
        expect(del.status, `${prefix} DELETE comments/${dots}`).toBeGreaterThanOrEqual(400);
        expect(del.status).toBeLessThan(500);
        expect(del.body).toMatchObject({ statusCode: del.status, error: expect.any(String), message: expect.any(String) });
        const patch = await rawRequest(server.url, "PATCH", `${prefix}/projects/${projectId}/keys/${dots}`, {
          headers: { "x-api-key": user.apiKey, "content-type": "application/json" },
          body: JSON.stringify({ name: "Renamed through a dot segment" }),
        });
        expect(patch.status, `${prefix} PATCH keys/${dots}`).toBeGreaterThanOrEqual(400);
        expect(patch.status).toBeLessThan(500);
        const tokens = await rawRequest(server.url, "DELETE", `${prefix}/projects/${projectId}/tokens/${dots}`, {
          headers: { "x-api-key": user.apiKey },
        });
        expect(tokens.status, `${prefix} DELETE tokens/${dots}`).toBeGreaterThanOrEqual(400);
        expect(tokens.status).toBeLessThan(500);
      }
    }
    const key = await server.request("GET", `/api/projects/${projectId}/keys/${keyId}`, { apiKey: user.apiKey });
    expect(key.status).toBe(200);
    const project = await server.request("GET", `/api/projects/${projectId}`, { apiKey: user.apiKey });
    expect(project.body).toMatchObject({ name: "Paths", archived: false });
  });

  it("answers a HEAD of no route 404, without a body", async () => {
    for (const target of ["/api/no-such-route", "/api/v1/projects/x/no-such-route"]) {
      const res = await rawRequest(server.url, "HEAD", target, { headers: { "x-api-key": user.apiKey } });
      expect(res.status, target).toBe(404);
      expect(res.text).toBe("");
    }
  });

  it("answers a path with a dot segment 404 with the standard body, before any handler", async () => {
    const res = await rawRequest(server.url, "DELETE", `/api/projects/${projectId}/keys/${keyId}/comments/%2e%2e`, {
      headers: { "x-api-key": user.apiKey },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, message: "Route not found", error: "Not Found" });
    // Also on reads, and for plain (non-adapter) routes such as the export download.
    for (const target of [`/api/projects/${projectId}/keys/%2E`, `/api/v1/projects/${projectId}/export/../keys`]) {
      const get = await rawRequest(server.url, "GET", target, { headers: { "x-api-key": user.apiKey } });
      expect(get.status, target).toBe(404);
      expect(get.body).toEqual({ statusCode: 404, message: "Route not found", error: "Not Found" });
    }
  });

  it("still serves ids and values that merely contain dots", async () => {
    const res = await rawRequest(server.url, "GET", `/api/projects/${projectId}/keys?search=a..b`, {
      headers: { "x-api-key": user.apiKey },
    });
    expect(res.status).toBe(200);
    const missing = await rawRequest(server.url, "GET", `/api/projects/${projectId}/keys/...`, { headers: { "x-api-key": user.apiKey } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, message: "Key not found", error: "Not Found" });
  });
});

describe("NUL in paths and queries", () => {
  it("answers %00 in a path id or in ?search= with a 4xx and the standard body", async () => {
    for (const target of [
      `/api/projects/${projectId}%00`,
      `/api/projects/${projectId}/keys/%00`,
      `/api/projects/${projectId}/keys?search=%00`,
      `/api/projects/${projectId}/keys?search=a%00b&tag=%00`,
      `/api/v1/projects/${projectId}/translations/de%00`,
    ]) {
      const res = await server.request("GET", target, { apiKey: user.apiKey });
      expect(res.status, target).toBeGreaterThanOrEqual(400);
      expect(res.status, target).toBeLessThan(500);
      expect(res.body).toMatchObject({ statusCode: res.status, error: expect.any(String), message: expect.any(String) });
    }
  });
});

describe("page numbers out of range", () => {
  it("answers huge page numbers on every paginated list with 200 and an empty page, or the documented 400", async () => {
    const lists = [
      `/api/projects/${projectId}/keys`,
      `/api/projects/${projectId}/translations/de`,
      `/api/projects/${projectId}/activity`,
      `/api/organizations/${user.orgId}/activity`,
      `/api/organizations/${user.orgId}/tm`,
    ];
    for (const list of lists) {
      for (const page of ["99999999999999999999999", "1e300", "9007199254740991", "2147483648"]) {
        const res = await server.request("GET", `${list}?page=${page}`, { apiKey: user.apiKey });
        expect([200, 400], `${list}?page=${page}`).toContain(res.status);
        if (res.status === 200) expect(res.body.data).toEqual([]);
        else expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request", issues: [{ path: "page" }] });
      }
      const huge = await server.request("GET", `${list}?page=2147483648`, { apiKey: user.apiKey });
      expect(huge.status).toBe(200);
      expect(huge.body.meta).toMatchObject({ page: 2147483648, limit: 50 });
      const overflow = await server.request("GET", `${list}?page=99999999999999999999999`, { apiKey: user.apiKey });
      expect(overflow.body).toEqual({
        statusCode: 400,
        message: "page: must be an integer from 1 to 9007199254740991",
        error: "Bad Request",
        issues: [{ path: "page", message: "must be an integer from 1 to 9007199254740991" }],
      });
      const limit = await server.request("GET", `${list}?limit=99999999999999999999999`, { apiKey: user.apiKey });
      expect(limit.status).toBe(200);
      expect(limit.body.meta.limit).toBe(200);
      const infinite = await server.request("GET", `${list}?limit=1e400`, { apiKey: user.apiKey });
      expect(infinite.status).toBe(400);
    }
  });
});
