// Translation keys over REST: CRUD, list filters and pagination edges, bulk operations, roles,
// activity, and the documented error bodies.

import { createSession } from "@locale/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Key Owner");
});
afterAll(async () => {
  await server.close();
});

const FORBIDDEN = { statusCode: 403, message: "Forbidden resource", error: "Forbidden" };
const UNAUTHORIZED = { statusCode: 401, message: "Unauthorized", error: "Unauthorized" };
const KEY_NOT_FOUND = { statusCode: 404, message: "Key not found", error: "Not Found" };

async function newProject(targetLanguages = ["de", "fr"]): Promise<string> {
  const res = await server.request("POST", "/api/projects", {
    apiKey: owner.apiKey,
    body: { name: "Keys", sourceLanguage: "en", targetLanguages },
  });
  expect(res.status).toBe(201);
  return res.body._id;
}

async function newKey(projectId: string, body: Record<string, unknown>) {
  const res = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body });
  expect(res.status).toBe(201);
  return res.body as { _id: string; key: string };
}

async function memberWithRole(role: "developer" | "translator" | "reviewer"): Promise<string> {
  const user = await signUpUser(server, `A ${role}`);
  await server.db.prisma.membership.create({ data: { organizationId: owner.orgId, userId: user.userId, role } });
  const { secret } = await createSession(server.db, user.userId, owner.orgId);
  return `sid=${secret}`;
}

describe("create, get, update, delete", () => {
  it("creates a key with 201 and defaults, and reads it back", async () => {
    const projectId = await newProject();
    const res = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: "home.title" } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      key: "home.title",
      description: "",
      tags: [],
      namespace: "",
      projectId,
      maxLength: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const got = await server.request("GET", `/api/projects/${projectId}/keys/${res.body._id}`, { apiKey: owner.apiKey });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it("answers 409 with the standard body for a duplicate name in the same namespace only", async () => {
    const projectId = await newProject();
    await newKey(projectId, { key: "dup", description: "first", tags: ["a", "a", "b"] });
    const dup = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: "dup" } });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ statusCode: 409, message: 'Key "dup" already exists in this project', error: "Conflict" });
    const other = await server.request("POST", `/api/projects/${projectId}/keys`, {
      apiKey: owner.apiKey,
      body: { key: "dup", namespace: "admin" },
    });
    expect(other.status).toBe(201);
    expect(other.body.namespace).toBe("admin");
    const dupNs = await server.request("POST", `/api/projects/${projectId}/keys`, {
      apiKey: owner.apiKey,
      body: { key: "dup", namespace: "admin" },
    });
    expect(dupNs.body).toEqual({ statusCode: 409, message: 'Key "dup" already exists in namespace "admin"', error: "Conflict" });
  });

  it("validates key names: 1-1000 characters, not only whitespace, a string", async () => {
    const projectId = await newProject();
    const cases: [unknown, string][] = [
      [" \n\t", "key: must not be only whitespace"],
      ["", "key: must not be empty"],
      ["x".repeat(1001), "key: must be at most 1000 characters"],
    ];
    for (const [key, message] of cases) {
      const res = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message, error: "Bad Request", issues: [{ path: "key", message: message.slice(5) }] });
    }
    expect(
      (await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: "x".repeat(1000) } })).status,
    ).toBe(201);
    // A key is kept exactly: a gettext msgid often starts with spaces or ends with "\n".
    const padded = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: "  Usage:\n" } });
    expect(padded.status).toBe(201);
    expect(padded.body.key).toBe("  Usage:\n");
    const wrongType = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: 42 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ statusCode: 400, error: "Bad Request", issues: [{ path: "key" }] });
    expect(wrongType.body.message).toContain("key");
    const missing = await server.request("POST", `/api/projects/${projectId}/keys`, {
      apiKey: owner.apiKey,
      body: { description: "no name" },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0].path).toBe("key");
    const malformed = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, rawBody: "{key:" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ statusCode: 400, message: "Malformed JSON in request body", error: "Bad Request" });
  });

  it("updates only the included fields and refuses renaming onto an existing name with 409", async () => {
    const projectId = await newProject();
    const a = await newKey(projectId, { key: "a", description: "desc", tags: ["t1"] });
    await newKey(projectId, { key: "b" });
    const res = await server.request("PATCH", `/api/projects/${projectId}/keys/${a._id}`, { apiKey: owner.apiKey, body: { tags: ["t2"] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key: "a", description: "desc", tags: ["t2"], namespace: "" });
    const clash = await server.request("PATCH", `/api/projects/${projectId}/keys/${a._id}`, { apiKey: owner.apiKey, body: { key: "b" } });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ statusCode: 409, message: 'Key "b" already exists in this project', error: "Conflict" });
    const moved = await server.request("PATCH", `/api/projects/${projectId}/keys/${a._id}`, {
      apiKey: owner.apiKey,
      body: { key: "b", namespace: "other" },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ key: "b", namespace: "other", description: "desc" });
    const bad = await server.request("PATCH", `/api/projects/${projectId}/keys/${a._id}`, {
      apiKey: owner.apiKey,
      body: { key: " \t " },
    });
    expect(bad.status).toBe(400);
  });

  it("deletes a key with its translations, then answers 404 for it", async () => {
    const projectId = await newProject();
    const k = await newKey(projectId, { key: "gone" });
    await server.request("PUT", `/api/projects/${projectId}/keys/${k._id}/translations/de`, {
      apiKey: owner.apiKey,
      body: { value: "Weg" },
    });
    const res = await server.request("DELETE", `/api/projects/${projectId}/keys/${k._id}`, { apiKey: owner.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await server.db.prisma.translation.count({ where: { keyId: k._id } })).toBe(0);
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const again = await server.request(method, `/api/projects/${projectId}/keys/${k._id}`, {
        apiKey: owner.apiKey,
        body: method === "PATCH" ? { key: "x" } : undefined,
      });
      expect(again.status).toBe(404);
      expect(again.body).toEqual(KEY_NOT_FOUND);
    }
  });

  it("records key.created, key.updated and key.deleted activity with keyId, key and namespace", async () => {
    const projectId = await newProject();
    const k = await newKey(projectId, { key: "tracked", namespace: "ns" });
    await server.request("PATCH", `/api/projects/${projectId}/keys/${k._id}`, { apiKey: owner.apiKey, body: { description: "d" } });
    await server.request("DELETE", `/api/projects/${projectId}/keys/${k._id}`, { apiKey: owner.apiKey });
    const entries = await server.db.prisma.activity.findMany({ where: { projectId, targetId: k._id }, orderBy: { createdAt: "asc" } });
    expect(entries.map((e) => e.action)).toEqual(["key.created", "key.updated", "key.deleted"]);
    for (const e of entries) expect(e.metadata).toMatchObject({ keyId: k._id, key: "tracked", namespace: "ns" });
    expect(entries[0]).toMatchObject({ userId: expect.any(String), userName: "Key Owner", targetType: "key" });
  });
});

describe("list", () => {
  let projectId: string;
  beforeAll(async () => {
    projectId = await newProject();
    const res = await server.request("POST", `/api/projects/${projectId}/keys/bulk`, {
      apiKey: owner.apiKey,
      body: {
        keys: [
          { key: "menu.file", description: "File menu", tags: ["menu"] },
          { key: "menu.edit", tags: ["menu"] },
          { key: "title", namespace: "admin", description: "Admin page title" },
          { key: "welcome" },
          { key: "farewell", tags: ["rare"] },
        ],
      },
    });
    expect(res.body.created).toBe(5);
    const welcome = res.body.keys.find((k: { key: string }) => k.key === "welcome")._id;
    await server.request("PUT", `/api/projects/${projectId}/keys/${welcome}/translations/de`, {
      apiKey: owner.apiKey,
      body: { value: "Herzlich Willkommen" },
    });
    const file = res.body.keys.find((k: { key: string }) => k.key === "menu.file")._id;
    await server.request("PUT", `/api/projects/${projectId}/keys/${file}/translations/de`, {
      apiKey: owner.apiKey,
      body: { value: "Datei" },
    });
  });

  const list = (query = "") => server.request("GET", `/api/projects/${projectId}/keys${query}`, { apiKey: owner.apiKey });
  const names = (body: { data: { key: string }[] }) => body.data.map((k) => k.key);

  it("returns the envelope, ordered by namespace then key, items carrying _id and id", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 50, total: 5, totalPages: 1 });
    expect(names(res.body)).toEqual(["farewell", "menu.edit", "menu.file", "welcome", "title"]);
    for (const item of res.body.data) expect(item.id).toBe(item._id);
  });

  it("pages: last page short, page 0 is page 1, limit above 200 is clamped", async () => {
    const p2 = await list("?limit=2&page=3");
    expect(p2.body.meta).toEqual({ page: 3, limit: 2, total: 5, totalPages: 3 });
    expect(names(p2.body)).toEqual(["title"]);
    const p0 = await list("?page=0&limit=2");
    expect(p0.body.meta.page).toBe(1);
    expect(names(p0.body)).toEqual(["farewell", "menu.edit"]);
    const big = await list("?limit=500");
    expect(big.status).toBe(200);
    expect(big.body.meta.limit).toBe(200);
    const beyond = await list("?page=9");
    expect(beyond.body.data).toEqual([]);
  });

  it("refuses limit 0, non-numeric and fractional values with 400", async () => {
    for (const [query, path] of [
      ["?limit=0", "limit"],
      ["?limit=abc", "limit"],
      ["?page=1.5", "page"],
      ["?page=x", "page"],
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request", issues: [{ path }] });
      expect(res.body.message).toContain(path);
    }
  });

  it("filters by search over name, description and values (case-insensitive)", async () => {
    expect(names((await list("?search=MENU")).body)).toEqual(["menu.edit", "menu.file"]);
    expect(names((await list("?search=admin%20page")).body)).toEqual(["title"]);
    expect(names((await list("?search=willkommen")).body)).toEqual(["welcome"]);
    expect((await list("?search=nothing-matches")).body.meta).toEqual({ page: 1, limit: 50, total: 0, totalPages: 0 });
  });

  it("filters by namespace, tag and untranslatedIn, and combines filters", async () => {
    expect(names((await list("?namespace=admin")).body)).toEqual(["title"]);
    expect(names((await list("?tag=menu")).body)).toEqual(["menu.edit", "menu.file"]);
    expect(names((await list("?untranslatedIn=de")).body)).toEqual(["farewell", "menu.edit", "title"]);
    expect(names((await list("?untranslatedIn=fr")).body)).toHaveLength(5);
    expect(names((await list("?tag=menu&untranslatedIn=de")).body)).toEqual(["menu.edit"]);
    const notInProject = await list("?untranslatedIn=ja");
    expect(notInProject.status).toBe(404);
    expect(notInProject.body).toEqual({ statusCode: 404, message: "Language not found", error: "Not Found" });
  });
});

describe("bulk operations", () => {
  it("bulk-creates in one request: existing and repeated names skipped, invalid items reported", async () => {
    const projectId = await newProject();
    await newKey(projectId, { key: "exists" });
    const res = await server.request("POST", `/api/projects/${projectId}/keys/bulk`, {
      apiKey: owner.apiKey,
      body: {
        keys: [
          { key: "one", description: "1" },
          { key: "exists" },
          { key: "  " },
          { key: "two", namespace: "ns", tags: ["x"] },
          { key: "one" },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      created: 2,
      skipped: 2,
      errors: [{ index: 2, key: "  ", message: "key: must not be only whitespace" }],
    });
    expect(res.body.keys.map((k: { key: string; namespace: string }) => [k.key, k.namespace])).toEqual([
      ["one", ""],
      ["two", "ns"],
    ]);
    expect(res.body.keys[0]).toEqual({
      _id: expect.any(String),
      key: "one",
      description: "1",
      tags: [],
      namespace: "",
      projectId,
      maxLength: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const summary = await server.db.prisma.activity.findMany({ where: { projectId, action: "key.created" } });
    expect(summary).toHaveLength(2);
    expect(summary.find((a) => (a.metadata as { bulk?: boolean }).bulk)?.metadata).toMatchObject({ bulk: true, count: 2 });
  });

  it("refuses more than 1000 items with 400 and creates 1000 at once", async () => {
    const projectId = await newProject();
    const keys = Array.from({ length: 1001 }, (_, i) => ({ key: `k${i}` }));
    const tooMany = await server.request("POST", `/api/projects/${projectId}/keys/bulk`, { apiKey: owner.apiKey, body: { keys } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ statusCode: 400, error: "Bad Request", issues: [{ path: "keys" }] });
    expect(await server.db.prisma.key.count({ where: { projectId } })).toBe(0);
    const ok = await server.request("POST", `/api/projects/${projectId}/keys/bulk`, {
      apiKey: owner.apiKey,
      body: { keys: keys.slice(0, 1000) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.created).toBe(1000);
    expect((await server.request("GET", `/api/projects/${projectId}/keys?limit=1`, { apiKey: owner.apiKey })).body.meta.total).toBe(1000);
  });

  it("bulk-updates: changes found keys, lists unknown ids, reports name clashes per item", async () => {
    const projectId = await newProject();
    const a = await newKey(projectId, { key: "a" });
    const b = await newKey(projectId, { key: "b" });
    const c = await newKey(projectId, { key: "c" });
    const res = await server.request("PATCH", `/api/projects/${projectId}/keys/bulk`, {
      apiKey: owner.apiKey,
      body: {
        keys: [
          { _id: a._id, description: "A", tags: ["t"] },
          { _id: "missing-id" },
          { _id: b._id, key: "c" },
          { _id: c._id, key: "c2", namespace: "moved" },
          { _id: b._id, key: "\n" },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      updated: 2,
      notFound: ["missing-id"],
      errors: [
        { index: 2, _id: b._id, message: 'Key "c" already exists in this project' },
        { index: 4, _id: b._id, message: "key: must not be only whitespace" },
      ],
    });
    const got = await server.request("GET", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey });
    expect(got.body.data.map((k: { key: string; namespace: string; description: string }) => [k.namespace, k.key, k.description])).toEqual([
      ["", "a", "A"],
      ["", "b", ""],
      ["moved", "c2", ""],
    ]);
    const tooMany = await server.request("PATCH", `/api/projects/${projectId}/keys/bulk`, {
      apiKey: owner.apiKey,
      body: { keys: Array.from({ length: 1001 }, () => ({ _id: a._id })) },
    });
    expect(tooMany.status).toBe(400);
  });

  it("bulk-deletes with a JSON body, reporting unknown ids, in one transaction", async () => {
    const projectId = await newProject();
    const a = await newKey(projectId, { key: "a" });
    const b = await newKey(projectId, { key: "b" });
    await newKey(projectId, { key: "keep" });
    await server.request("PUT", `/api/projects/${projectId}/keys/${a._id}/translations/de`, { apiKey: owner.apiKey, body: { value: "A" } });
    const res = await server.request("DELETE", `/api/projects/${projectId}/keys/bulk`, {
      apiKey: owner.apiKey,
      body: { keyIds: [a._id, b._id, "nope"] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 2, notFound: ["nope"] });
    expect(await server.db.prisma.translation.count({ where: { keyId: a._id } })).toBe(0);
    const left = await server.request("GET", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey });
    expect(left.body.data.map((k: { key: string }) => k.key)).toEqual(["keep"]);
    const single = await server.request("DELETE", `/api/projects/${projectId}/keys/bulk`, {
      apiKey: owner.apiKey,
      body: { keyIds: ["only-one"] },
    });
    expect(single.body).toEqual({ deleted: 0, notFound: ["only-one"] });
    const tooMany = await server.request("DELETE", `/api/projects/${projectId}/keys/bulk`, {
      apiKey: owner.apiKey,
      body: { keyIds: Array.from({ length: 1001 }, (_, i) => `id${i}`) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ statusCode: 400, error: "Bad Request", issues: [{ path: "keyIds" }] });
  });
});

describe("access", () => {
  it("answers 401 without credentials", async () => {
    const projectId = await newProject();
    const res = await server.request("GET", `/api/projects/${projectId}/keys`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it("lets translators and reviewers read keys but not write them; developers write", async () => {
    const projectId = await newProject();
    const k = await newKey(projectId, { key: "shared" });
    for (const role of ["translator", "reviewer"] as const) {
      const cookie = await memberWithRole(role);
      expect((await server.request("GET", `/api/projects/${projectId}/keys`, { cookie })).status).toBe(200);
      expect((await server.request("GET", `/api/projects/${projectId}/keys/${k._id}`, { cookie })).status).toBe(200);
      const writes = await Promise.all([
        server.request("POST", `/api/projects/${projectId}/keys`, { cookie, body: { key: "new" } }),
        server.request("PATCH", `/api/projects/${projectId}/keys/${k._id}`, { cookie, body: { description: "x" } }),
        server.request("DELETE", `/api/projects/${projectId}/keys/${k._id}`, { cookie }),
        server.request("POST", `/api/projects/${projectId}/keys/bulk`, { cookie, body: { keys: [{ key: "n" }] } }),
        server.request("PATCH", `/api/projects/${projectId}/keys/bulk`, { cookie, body: { keys: [{ _id: k._id, description: "y" }] } }),
        server.request("DELETE", `/api/projects/${projectId}/keys/bulk`, { cookie, body: { keyIds: [k._id] } }),
      ]);
      for (const res of writes) {
        expect(res.status, role).toBe(403);
        expect(res.body).toEqual(FORBIDDEN);
      }
    }
    const dev = await memberWithRole("developer");
    expect((await server.request("POST", `/api/projects/${projectId}/keys`, { cookie: dev, body: { key: "by-dev" } })).status).toBe(201);
  });

  it("refuses a token without the keys:write scope with 403", async () => {
    const projectId = await newProject();
    const token = await server.request("POST", `/api/organizations/${owner.orgId}/tokens`, {
      cookie: owner.cookie,
      body: { name: "ro", scopes: ["keys:read"] },
    });
    expect(token.status).toBe(201);
    const apiKey = token.body.token as string;
    expect((await server.request("GET", `/api/projects/${projectId}/keys`, { apiKey })).status).toBe(200);
    const write = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey, body: { key: "nope" } });
    expect(write.status).toBe(403);
    expect(write.body).toEqual(FORBIDDEN);
  });

  it("answers 413 with the documented body for a request over the size limit", async () => {
    const small = await startTestServer({ MAX_BODY_BYTES: "1000" });
    try {
      const user = await signUpUser(small);
      const p = await small.request("POST", "/api/projects", { apiKey: user.apiKey, body: { name: "P", sourceLanguage: "en" } });
      const res = await small.request("POST", `/api/projects/${p.body._id}/keys/bulk`, {
        apiKey: user.apiKey,
        body: { keys: Array.from({ length: 100 }, (_, i) => ({ key: `key-number-${i}` })) },
      });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ statusCode: 413, message: "Request body is too large", error: "Payload Too Large" });
    } finally {
      await small.close();
    }
  });
});
