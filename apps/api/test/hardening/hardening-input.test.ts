// Text the database cannot hold and JSON nested deeper than any real request: a clear 400 naming
// the field on REST, tRPC and GraphQL, never a 500; accepted text is echoed exactly as stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

let server: TestServer;
let user: TestUser;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server);
  const project = await server.request("POST", "/api/projects", {
    apiKey: user.apiKey,
    body: { name: "Input", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  projectId = project.body._id;
});
afterAll(async () => {
  await server.close();
});

/** `{"value":[[[…]]]}` nested `levels` deep, as raw JSON text. */
const deepJson = (levels: number, field = "value") => `{"${field}":${"[".repeat(levels)}${"]".repeat(levels)}}`;

describe("NUL and lone surrogates", () => {
  it("refuses NUL and lone surrogates with a 400 naming the field, and stores nothing", async () => {
    const cases: [string, string, string, string][] = [
      ["POST", "/api/projects", '{"name":"\\u0000","sourceLanguage":"en"}', "name"],
      ["POST", `/api/projects/${projectId}/keys`, '{"key":"k1","tags":["\\ud800"]}', "tags.0"],
      ["POST", `/api/projects/${projectId}/keys`, '{"key":"a\\u0000b"}', "key"],
      ["PATCH", `/api/organizations/${user.orgId}`, '{"settings":{"toneInstructions":"\\udc00"}}', "settings.toneInstructions"],
      ["PUT", `/api/projects/${projectId}/keys/none/translations/de`, '{"value":"x\\udbff"}', "value"],
    ];
    for (const [method, path, rawBody, field] of cases) {
      const res = await server.request(method, path, { apiKey: user.apiKey, rawBody });
      expect(res.status, `${method} ${path} ${rawBody}`).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request", issues: [{ path: field }] });
      expect(res.body.message).toMatch(new RegExp(`^${field.replace(".", "\\.")}: must`));
    }
    const keys = await server.request("GET", `/api/projects/${projectId}/keys`, { apiKey: user.apiKey });
    expect(keys.body.meta.total).toBe(0);
    const org = await server.request("GET", `/api/organizations/${user.orgId}`, { apiKey: user.apiKey });
    expect(JSON.stringify(org.body)).not.toContain("\\udc00");
  });

  it("echoes exactly what was stored: astral characters, combining marks, line separators, control characters", async () => {
    const name = "😀 e\u0301 \u2028\u2029 \u0001\u001f tab\there \uFEFF\uFFFD";
    const created = await server.request("POST", "/api/projects", { apiKey: user.apiKey, body: { name, sourceLanguage: "en" } });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe(name);
    const read = await server.request("GET", `/api/projects/${created.body._id}`, { apiKey: user.apiKey });
    expect(read.body.name).toBe(name);
  });

  it("refuses NUL in query values and object keys", async () => {
    const query = await server.request("GET", `/api/projects/${projectId}/keys?search=%00`, { apiKey: user.apiKey });
    expect(query.status).toBe(400);
    expect(query.body).toEqual({
      statusCode: 400,
      message: "search: must not contain NUL characters",
      error: "Bad Request",
      issues: [{ path: "search", message: "must not contain NUL characters" }],
    });
    const key = await server.request("PATCH", `/api/organizations/${user.orgId}`, {
      apiKey: user.apiKey,
      rawBody: '{"settings":{"a\\u0000":1}}',
    });
    expect(key.status).toBe(400);
  });

  it("refuses them over tRPC and in GraphQL variables too", async () => {
    const trpc = await server.request("POST", "/trpc/projects.create", {
      apiKey: user.apiKey,
      rawBody: '{"name":"\\u0000","sourceLanguage":"en"}',
    });
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.message).toBe("name: must not contain NUL characters");
    const gql = await server.request("POST", "/graphql", {
      apiKey: user.apiKey,
      body: {
        query: "mutation($input: CreateProjectInput!) { createProject(input: $input) { id } }",
        variables: { input: { name: "\ud800", sourceLanguage: "en" } },
      },
    });
    expect(gql.status).toBe(400);
    expect(gql.body.errors[0]).toMatchObject({
      message: "variables.input.name: must be valid Unicode text (lone surrogate)",
      extensions: { code: "BAD_USER_INPUT", statusCode: 400 },
    });
  });
});

describe("NUL in an inline GraphQL literal", () => {
  it("is refused before execution with a 400 naming the argument, like a variable", async () => {
    const res = await server.request("POST", "/graphql", {
      apiKey: user.apiKey,
      body: { query: 'mutation { createProject(input: {name: "a\\u0000b", sourceLanguage: "en"}) { id } }' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      message: "createProject.input.name: must not contain NUL characters",
      extensions: { code: "BAD_USER_INPUT", statusCode: 400 },
    });
  });
});

describe("deeply nested JSON", () => {
  const message = "must not be nested more than 64 levels deep";

  it("refuses a body nested thousands of levels deep with a 400 on REST routes", async () => {
    for (const [method, path] of [
      ["POST", "/api/projects"],
      ["PUT", `/api/projects/${projectId}/keys/none/translations/de`],
      ["PATCH", `/api/organizations/${user.orgId}`],
      ["POST", `/api/v1/projects/${projectId}/keys/bulk`],
    ] as const) {
      const res = await server.request(method, path, { apiKey: user.apiKey, rawBody: deepJson(6000) });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
      expect(res.body.issues[0].message).toBe(message);
    }
  });

  it("accepts 64 levels and refuses 65 (a clear bound, far below any recursion limit)", async () => {
    // Nesting inside a field that exists: the schema's own 400 at 64 levels, the depth 400 at 65.
    const ok = await server.request("PATCH", `/api/organizations/${user.orgId}`, { apiKey: user.apiKey, rawBody: deepJson(63) });
    expect(ok.status).toBe(400);
    expect(ok.body.issues[0].message).not.toBe(message);
    const deep = await server.request("PATCH", `/api/organizations/${user.orgId}`, { apiKey: user.apiKey, rawBody: deepJson(64) });
    expect(deep.status).toBe(400);
    expect(deep.body.issues[0]).toEqual({ path: `value${".0".repeat(63)}`, message });
  });

  it("refuses deep input over tRPC and in GraphQL variables", async () => {
    const trpc = await server.request("POST", "/trpc/projects.create", { apiKey: user.apiKey, rawBody: deepJson(6000, "name") });
    expect(trpc.status, trpc.text.slice(0, 300)).toBe(400);
    expect(trpc.body.error.message).toBe(`name${".0".repeat(63)}: ${message}`);
    const gql = await server.request("POST", "/graphql", {
      apiKey: user.apiKey,
      rawBody: `{"query":"query { me { user { id } } }","variables":${deepJson(6000)}}`,
    });
    expect(gql.status).toBe(400);
    expect(gql.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", statusCode: 400 });
  });
});
