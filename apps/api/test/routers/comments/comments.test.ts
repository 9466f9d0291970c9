import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, type TestMember } from "../../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

const UNAUTHORIZED = { statusCode: 401, message: "Unauthorized", error: "Unauthorized" };
const FORBIDDEN = { statusCode: 403, message: "Forbidden resource", error: "Forbidden" };
const COMMENT_NOT_FOUND = { statusCode: 404, message: "Comment not found", error: "Not Found" };
const KEY_NOT_FOUND = { statusCode: 404, message: "Key not found", error: "Not Found" };
const PROJECT_NOT_FOUND = { statusCode: 404, message: "Project not found", error: "Not Found" };

let server: TestServer;
let owner: TestUser;
let admin: TestMember;
let translator: TestMember;
let reviewer: TestMember;
let projectId: string;
let keyId: string;
let otherKeyId: string;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Owen");
  admin = await addMember(server, owner, "admin", { name: "Ada" });
  translator = await addMember(server, owner, "translator", { name: "Tom" });
  reviewer = await addMember(server, owner, "reviewer", { name: "Rae" });
  const project = await server.request("POST", "/api/projects", {
    apiKey: owner.apiKey,
    body: { name: "App", sourceLanguage: "en", targetLanguages: ["de", "fr"] },
  });
  projectId = project.body._id;
  const key = await server.request("POST", `/api/projects/${projectId}/keys`, {
    apiKey: owner.apiKey,
    body: { key: "checkout.title", namespace: "shop" },
  });
  expect(key.status).toBe(201);
  keyId = key.body._id;
  otherKeyId = (await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: "checkout.total" } }))
    .body._id;
  base = `/api/projects/${projectId}/keys/${keyId}/comments`;
});
afterAll(async () => {
  await server.close();
});

const post = (who: { cookie?: string; apiKey?: string }, body: unknown, path = base) => server.request("POST", path, { ...who, body });

describe("POST and GET comments", () => {
  it("creates a comment (201) with the documented fields and records comment.created", async () => {
    const res = await post({ cookie: translator.cookie }, { body: "Is “checkout” a verb or a noun here?", language: "de" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      keyId,
      projectId,
      language: "de",
      authorId: translator.userId,
      authorName: "Tom",
      body: "Is “checkout” a verb or a noun here?",
      parentId: null,
      mentions: [],
      resolved: false,
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updatedAt: expect.any(String),
    });
    const activity = await server.request("GET", `/api/projects/${projectId}/activity?action=comment.created`, { cookie: owner.cookie });
    expect(activity.body.data[0]).toMatchObject({
      action: "comment.created",
      userId: translator.userId,
      userName: "Tom",
      projectId,
      targetId: res.body._id,
      targetType: "comment",
      metadata: { commentId: res.body._id, keyId, key: "checkout.title", namespace: "shop", language: "de", parentId: null },
    });
  });

  it("threads replies of the same key and lists everything in creation order", async () => {
    const key = (await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: "thread.key" } }))
      .body._id;
    const path = `/api/projects/${projectId}/keys/${key}/comments`;
    const first = await post({ cookie: reviewer.cookie }, { body: "First" }, path);
    const reply = await post({ apiKey: owner.apiKey }, { body: "A reply", parentId: first.body._id }, path);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ parentId: first.body._id, language: null, authorId: owner.userId, authorName: "Owen" });
    const third = await post({ cookie: admin.cookie }, { body: "Third", language: "FR" }, path);
    expect(third.body.language).toBe("fr");
    const list = await server.request("GET", path, { cookie: translator.cookie });
    expect(list.status).toBe(200);
    expect(list.body.map((c: any) => c.body)).toEqual(["First", "A reply", "Third"]);
    expect(list.body[1].parentId).toBe(first.body._id);
  });

  it("refuses a reply to a comment of another key, or to an unknown comment (400)", async () => {
    const elsewhere = await post(
      { cookie: admin.cookie },
      { body: "On the other key" },
      `/api/projects/${projectId}/keys/${otherKeyId}/comments`,
    );
    for (const parentId of [elsewhere.body._id, "00000000-0000-0000-0000-000000000000"]) {
      const res = await post({ cookie: admin.cookie }, { body: "Reply", parentId });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: "parentId: must be a comment of the same key",
        error: "Bad Request",
        issues: [{ path: "parentId", message: "must be a comment of the same key" }],
      });
    }
  });

  it("validates body and language (400)", async () => {
    const empty = await post({ cookie: admin.cookie }, { body: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0].path).toBe("body");
    const blank = await post({ cookie: admin.cookie }, { body: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({
      statusCode: 400,
      message: "body: must not be empty",
      error: "Bad Request",
      issues: [{ path: "body", message: "must not be empty" }],
    });
    const missing = await post({ cookie: admin.cookie }, { language: "de" });
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0].path).toBe("body");
    const foreign = await post({ cookie: admin.cookie }, { body: "x", language: "ja" });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({
      statusCode: 400,
      message: 'language: "ja" is not a language of this project',
      error: "Bad Request",
      issues: [{ path: "language", message: '"ja" is not a language of this project' }],
    });
    const invalid = await post({ cookie: admin.cookie }, { body: "x", language: "!!" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues[0].path).toBe("language");
  });

  it("answers 404 for an unknown key, a key of another project, and another organization's project", async () => {
    const unknownKey = await server.request("GET", `/api/projects/${projectId}/keys/00000000-0000-0000-0000-000000000000/comments`, {
      cookie: owner.cookie,
    });
    expect(unknownKey.status).toBe(404);
    expect(unknownKey.body).toEqual(KEY_NOT_FOUND);
    const second = (await server.request("POST", "/api/projects", { apiKey: owner.apiKey, body: { name: "Second", sourceLanguage: "en" } }))
      .body._id;
    const crossProject = await post({ cookie: owner.cookie }, { body: "x" }, `/api/projects/${second}/keys/${keyId}/comments`);
    expect(crossProject.status).toBe(404);
    expect(crossProject.body).toEqual(KEY_NOT_FOUND);
    const stranger = await signUpUser(server, "Stranger");
    for (const [method, path, body] of [
      ["GET", base, undefined],
      ["POST", base, { body: "intrusion" }],
    ] as const) {
      const res = await server.request(method, path, { apiKey: stranger.apiKey, body });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(PROJECT_NOT_FOUND);
    }
  });

  it("requires credentials (401)", async () => {
    expect((await server.request("GET", base)).body).toEqual(UNAUTHORIZED);
    expect((await post({}, { body: "x" })).body).toEqual(UNAUTHORIZED);
  });
});

describe("PATCH /comments/:commentId with a bare JSON string", () => {
  let commentId: string;
  beforeAll(async () => {
    commentId = (await post({ cookie: translator.cookie }, { body: "Original text" })).body._id;
  });

  it("lets the author replace the text with a bare JSON string body", async () => {
    const res = await server.request("PATCH", `${base}/${commentId}`, {
      cookie: translator.cookie,
      rawBody: JSON.stringify("Edited “text”"),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: commentId, body: "Edited “text”", authorId: translator.userId, keyId, projectId });
    const list = await server.request("GET", base, { cookie: owner.cookie });
    expect(list.body.find((c: any) => c._id === commentId).body).toBe("Edited “text”");
  });

  it("works for the author's API key and under /api/v1", async () => {
    const mine = (await post({ apiKey: owner.apiKey }, { body: "By key" })).body._id;
    const res = await server.request("PATCH", `/api/v1/projects/${projectId}/keys/${keyId}/comments/${mine}`, {
      apiKey: owner.apiKey,
      rawBody: '"Edited by key"',
    });
    expect(res.status).toBe(200);
    expect(res.body.body).toBe("Edited by key");
  });

  it("is the author's alone: admins and owners get 403 too", async () => {
    for (const who of [{ cookie: admin.cookie }, { apiKey: owner.apiKey }, { cookie: reviewer.cookie }]) {
      const res = await server.request("PATCH", `${base}/${commentId}`, { ...who, rawBody: '"Not yours"' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
  });

  it("refuses bodies that are not a non-empty JSON string (400), and malformed JSON", async () => {
    const expected = {
      statusCode: 400,
      message: 'body: must be a JSON string holding the new comment text, e.g. "Looks good"',
      error: "Bad Request",
      issues: [{ path: "body", message: "must be a JSON string holding the new comment text" }],
    };
    for (const rawBody of ['{"body":"object"}', "42", "null", '["a"]']) {
      const res = await server.request("PATCH", `${base}/${commentId}`, { cookie: translator.cookie, rawBody });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(expected);
    }
    const none = await server.request("PATCH", `${base}/${commentId}`, { cookie: translator.cookie });
    expect(none.status).toBe(400);
    expect(none.body).toEqual(expected);
    const empty = await server.request("PATCH", `${base}/${commentId}`, { cookie: translator.cookie, rawBody: '"  "' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      statusCode: 400,
      message: "body: must not be empty",
      error: "Bad Request",
      issues: [{ path: "body", message: "must not be empty" }],
    });
    const malformed = await server.request("PATCH", `${base}/${commentId}`, { cookie: translator.cookie, rawBody: '"unterminated' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      statusCode: 400,
      message: "Malformed JSON in request body",
      error: "Bad Request",
      issues: [{ path: "", message: "Malformed JSON in request body" }],
    });
    const list = await server.request("GET", base, { cookie: owner.cookie });
    expect(list.body.find((c: any) => c._id === commentId).body).toBe("Edited “text”");
  });

  it("answers 401 without credentials, 404 for unknown or foreign comments", async () => {
    const anonymous = await server.request("PATCH", `${base}/${commentId}`, { rawBody: '"x"' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(UNAUTHORIZED);
    const unknown = await server.request("PATCH", `${base}/00000000-0000-0000-0000-000000000000`, {
      cookie: translator.cookie,
      rawBody: '"x"',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(COMMENT_NOT_FOUND);
    // The comment exists, but not under that key.
    const wrongKey = await server.request("PATCH", `/api/projects/${projectId}/keys/${otherKeyId}/comments/${commentId}`, {
      cookie: translator.cookie,
      rawBody: '"x"',
    });
    expect(wrongKey.status).toBe(404);
    expect(wrongKey.body).toEqual(COMMENT_NOT_FOUND);
    const stranger = await signUpUser(server, "Outsider");
    const foreign = await server.request("PATCH", `${base}/${commentId}`, { apiKey: stranger.apiKey, rawBody: '"x"' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(PROJECT_NOT_FOUND);
  });

  it("applies the CSRF rule to cookie requests with a bare string body too", async () => {
    const res = await server.request("PATCH", `${base}/${commentId}`, {
      cookie: translator.cookie,
      headers: { origin: "https://evil.example" },
      rawBody: '"csrf"',
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    const objectBody = await server.request("PATCH", `${base}/${commentId}`, {
      cookie: translator.cookie,
      headers: { origin: "https://evil.example" },
      rawBody: "{}",
    });
    expect(objectBody.status).toBe(403);
    const list = await server.request("GET", base, { cookie: owner.cookie });
    expect(list.body.find((c: any) => c._id === commentId).body).toBe("Edited “text”");
  });

  it("is described in the OpenAPI document next to the adapter's operations", async () => {
    const doc = await server.request("GET", "/api/openapi.json");
    const item = doc.body.paths["/projects/{projectId}/keys/{keyId}/comments/{commentId}"];
    expect(item.patch.requestBody.content["application/json"].schema.type).toBe("string");
    expect(item.delete).toBeDefined();
    expect(doc.body.paths["/projects/{projectId}/keys/{keyId}/comments/{commentId}/resolve"].patch).toBeDefined();
  });
});

describe("PATCH /comments/:commentId/resolve", () => {
  it("toggles resolved for any member, and is not swallowed by the edit route", async () => {
    const id = (await post({ cookie: translator.cookie }, { body: "Resolve me" })).body._id;
    const on = await server.request("PATCH", `${base}/${id}/resolve`, { cookie: reviewer.cookie });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ _id: id, resolved: true, body: "Resolve me" });
    const off = await server.request("PATCH", `${base}/${id}/resolve`, { apiKey: owner.apiKey });
    expect(off.status).toBe(200);
    expect(off.body.resolved).toBe(false);
    const again = await server.request("PATCH", `${base}/${id}/resolve`, { cookie: translator.cookie, body: {} });
    expect(again.body.resolved).toBe(true);
    expect(
      (await server.request("PATCH", `${base}/00000000-0000-0000-0000-000000000000/resolve`, { cookie: translator.cookie })).body,
    ).toEqual(COMMENT_NOT_FOUND);
  });
});

describe("GET comments filters", () => {
  it("filters by language and by resolved state", async () => {
    const key = (await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: "filters.key" } }))
      .body._id;
    const path = `/api/projects/${projectId}/keys/${key}/comments`;
    const de = (await post({ apiKey: owner.apiKey }, { body: "German", language: "de" }, path)).body._id;
    const fr = (await post({ apiKey: owner.apiKey }, { body: "French", language: "fr" }, path)).body._id;
    const general = (await post({ apiKey: owner.apiKey }, { body: "Whole key" }, path)).body._id;
    await server.request("PATCH", `${path}/${fr}/resolve`, { apiKey: owner.apiKey });
    const ids = async (query: string) =>
      (await server.request("GET", `${path}${query}`, { apiKey: owner.apiKey })).body.map((c: any) => c._id);
    expect(await ids("?language=DE")).toEqual([de]);
    expect(await ids("?resolved=true")).toEqual([fr]);
    expect(await ids("?resolved=false")).toEqual([de, general]);
    expect(await ids("?language=fr&resolved=false")).toEqual([]);
    const bad = await server.request("GET", `${path}?resolved=yes`, { apiKey: owner.apiKey });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe("resolved");
  });
});

describe("DELETE /comments/:commentId", () => {
  it("lets the author delete; answers {success: true}; replies go with the thread", async () => {
    const parent = await post({ cookie: translator.cookie }, { body: "Parent" });
    const reply = await post({ cookie: reviewer.cookie }, { body: "Reply", parentId: parent.body._id });
    const res = await server.request("DELETE", `${base}/${parent.body._id}`, { cookie: translator.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const ids = (await server.request("GET", base, { cookie: owner.cookie })).body.map((c: any) => c._id);
    expect(ids).not.toContain(parent.body._id);
    expect(ids).not.toContain(reply.body._id);
    const again = await server.request("DELETE", `${base}/${parent.body._id}`, { cookie: translator.cookie });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(COMMENT_NOT_FOUND);
  });

  it("lets owners and admins delete anyone's comment, but not other roles (403)", async () => {
    const a = (await post({ cookie: translator.cookie }, { body: "moderate me" })).body._id;
    const b = (await post({ cookie: translator.cookie }, { body: "and me" })).body._id;
    const byReviewer = await server.request("DELETE", `${base}/${a}`, { cookie: reviewer.cookie });
    expect(byReviewer.status).toBe(403);
    expect(byReviewer.body).toEqual(FORBIDDEN);
    expect((await server.request("DELETE", `${base}/${a}`, { cookie: admin.cookie })).body).toEqual({ success: true });
    expect((await server.request("DELETE", `${base}/${b}`, { apiKey: owner.apiKey })).body).toEqual({ success: true });
  });
});

describe("archived projects and scopes", () => {
  it("keeps comments readable but refuses writes (409) once the project is archived", async () => {
    const p = (await server.request("POST", "/api/projects", { apiKey: owner.apiKey, body: { name: "Old", sourceLanguage: "en" } })).body
      ._id;
    const k = (await server.request("POST", `/api/projects/${p}/keys`, { apiKey: owner.apiKey, body: { key: "k" } })).body._id;
    const path = `/api/projects/${p}/keys/${k}/comments`;
    const c = (await post({ apiKey: owner.apiKey }, { body: "Before archive" }, path)).body._id;
    expect((await server.request("DELETE", `/api/projects/${p}`, { apiKey: owner.apiKey })).status).toBe(200);
    const conflict = { statusCode: 409, message: "Project is archived", error: "Conflict" };
    expect((await post({ apiKey: owner.apiKey }, { body: "After" }, path)).body).toEqual(conflict);
    expect((await server.request("PATCH", `${path}/${c}`, { apiKey: owner.apiKey, rawBody: '"edit"' })).body).toEqual(conflict);
    expect((await server.request("PATCH", `${path}/${c}/resolve`, { apiKey: owner.apiKey })).body).toEqual(conflict);
    const list = await server.request("GET", path, { apiKey: owner.apiKey });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
  });

  it("needs comments:read / comments:write scopes on tokens", async () => {
    const readOnly = await server.request("POST", "/api/organizations/current/tokens", {
      cookie: admin.cookie,
      body: { name: "ro", scopes: ["comments:read"] },
    });
    const key = readOnly.body.token;
    expect((await server.request("GET", base, { apiKey: key })).status).toBe(200);
    const write = await post({ apiKey: key }, { body: "nope" });
    expect(write.status).toBe(403);
    expect(write.body).toEqual(FORBIDDEN);
  });
});
