import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer } from "../../helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const UNAUTHORIZED = { statusCode: 401, message: "Unauthorized", error: "Unauthorized" };
const FORBIDDEN = { statusCode: 403, message: "Forbidden resource", error: "Forbidden" };

describe("sign-up, login, logout, me", () => {
  it("signs up as owner of a new organization and sets an HttpOnly session cookie", async () => {
    const res = await server.request("POST", "/api/auth/signup", {
      body: { email: "Ann@Example.com", password: "password1", name: "Ann" },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({ _id: expect.any(String), email: "ann@example.com", name: "Ann" });
    expect(res.body.organization).toMatchObject({ name: "Ann's organization", slug: "ann-s-organization" });
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^sid=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = setCookie.split(";")[0]!;
    const me = await server.request("GET", "/api/auth/me", { cookie });
    expect(me.status).toBe(200);
    expect(me.body.role).toBe("owner");
    expect(me.body.user.email).toBe("ann@example.com");
  });

  it("refuses a duplicate e-mail with 409 and a short password with 400", async () => {
    await server.request("POST", "/api/auth/signup", { body: { email: "dup@example.com", password: "password1", name: "D" } });
    const dup = await server.request("POST", "/api/auth/signup", { body: { email: "dup@example.com", password: "password1", name: "D" } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe("Conflict");
    const short = await server.request("POST", "/api/auth/signup", { body: { email: "s@example.com", password: "short", name: "S" } });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(short.body.message).toContain("password");
    expect(short.body.issues[0].path).toBe("password");
  });

  it("logs in with the right password, refuses the wrong one with 401, and logout revokes the session", async () => {
    await server.request("POST", "/api/auth/signup", { body: { email: "bob@example.com", password: "password1", name: "Bob" } });
    const wrong = await server.request("POST", "/api/auth/login", { body: { email: "bob@example.com", password: "nope-nope" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ statusCode: 401, error: "Unauthorized" });
    const ok = await server.request("POST", "/api/auth/login", { body: { email: "bob@example.com", password: "password1" } });
    expect(ok.status).toBe(200);
    expect(ok.body.role).toBe("owner");
    const cookie = ok.headers.get("set-cookie")!.split(";")[0]!;
    expect((await server.request("POST", "/api/auth/logout", { cookie })).body).toEqual({ success: true });
    const after = await server.request("GET", "/api/auth/me", { cookie });
    expect(after.status).toBe(401);
    expect(after.body).toEqual(UNAUTHORIZED);
  });

  it("answers 401 with the documented body without credentials or with a bad key", async () => {
    expect((await server.request("GET", "/api/projects")).body).toEqual(UNAUTHORIZED);
    const bad = await server.request("GET", "/api/projects", { apiKey: "svc_notarealtoken" });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual(UNAUTHORIZED);
  });

  it("refuses a cookie-authenticated write from a foreign origin (CSRF) but accepts same-origin and API keys", async () => {
    const user = await signUpUser(server);
    const foreign = await server.request("POST", "/api/projects", {
      cookie: user.cookie,
      headers: { origin: "https://evil.example" },
      body: { name: "P", sourceLanguage: "en" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(FORBIDDEN);
    const nullOrigin = await server.request("POST", "/api/projects", {
      cookie: user.cookie,
      headers: { origin: "null" },
      body: { name: "P", sourceLanguage: "en" },
    });
    expect(nullOrigin.status).toBe(403);
    const same = await server.request("POST", "/api/projects", {
      cookie: user.cookie,
      headers: { origin: server.url },
      body: { name: "P", sourceLanguage: "en" },
    });
    expect(same.status).toBe(201);
    const key = await server.request("POST", "/api/projects", {
      apiKey: user.apiKey,
      headers: { origin: "https://evil.example" },
      body: { name: "P2", sourceLanguage: "en" },
    });
    expect(key.status).toBe(201);
  });
});

describe("organization API tokens", () => {
  it("creates a token shown once, lists it without the secret, records lastUsedAt, and revocation is immediate", async () => {
    const user = await signUpUser(server);
    const created = await server.request("POST", `/api/organizations/${user.orgId}/tokens`, {
      cookie: user.cookie,
      body: { name: "ci", scopes: ["projects:read"] },
    });
    expect(created.status).toBe(201);
    expect(created.body.token).toMatch(/^svc_[A-Za-z0-9_-]{43,}$/);
    expect(created.body).toMatchObject({
      name: "ci",
      organizationId: user.orgId,
      scopes: ["projects:read"],
      expiresAt: null,
      lastUsedAt: null,
    });
    const key = created.body.token as string;
    expect((await server.request("GET", "/api/projects", { apiKey: key })).status).toBe(200);
    const list = await server.request("GET", `/api/organizations/${user.orgId}/tokens`, { cookie: user.cookie });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(key);
    const listed = list.body.find((t: { _id: string }) => t._id === created.body._id);
    expect(listed.lastUsedAt).not.toBeNull();
    expect(listed.token).toBeUndefined();
    const revoked = await server.request("DELETE", `/api/organizations/${user.orgId}/tokens/${created.body._id}`, { cookie: user.cookie });
    expect(revoked.body).toEqual({ success: true });
    expect((await server.request("GET", "/api/projects", { apiKey: key })).body).toEqual(UNAUTHORIZED);
    const after = await server.request("GET", `/api/organizations/${user.orgId}/tokens`, { cookie: user.cookie });
    expect(after.body.some((t: { _id: string }) => t._id === created.body._id)).toBe(false);
  });

  it("rejects an expired token with 401 and unknown scopes with 400", async () => {
    const user = await signUpUser(server);
    const expired = await server.request("POST", `/api/organizations/${user.orgId}/tokens`, {
      cookie: user.cookie,
      body: { name: "old", expiresAt: new Date(Date.now() - 1000).toISOString() },
    });
    expect(expired.status).toBe(201);
    expect((await server.request("GET", "/api/projects", { apiKey: expired.body.token })).status).toBe(401);
    const bad = await server.request("POST", `/api/organizations/${user.orgId}/tokens`, {
      cookie: user.cookie,
      body: { name: "x", scopes: ["everything"] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("everything");
  });

  it("enforces scopes: a read-only token gets 403 on writes", async () => {
    const user = await signUpUser(server);
    const ro = await server.request("POST", `/api/organizations/${user.orgId}/tokens`, {
      cookie: user.cookie,
      body: { name: "ro", scopes: ["projects:read"] },
    });
    const res = await server.request("POST", "/api/projects", { apiKey: ro.body.token, body: { name: "X", sourceLanguage: "en" } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
  });

  it("gives 404 for another organization's token routes", async () => {
    const a = await signUpUser(server);
    const b = await signUpUser(server);
    const res = await server.request("GET", `/api/organizations/${a.orgId}/tokens`, { apiKey: b.apiKey });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, message: "Organization not found", error: "Not Found" });
  });
});
