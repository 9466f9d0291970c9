// Issue 32, item 8 on /graphql: NUL and lone surrogates are refused in inline literals as in
// variables, form-encoded and multipart bodies are refused (415) instead of skipping the variables
// guard, malformed or repeated query-string parameters are a 400, a mutation over GET a 405, and
// every one of these answers has the documented GraphQL error shape — with no error log line.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoggedServer, startLoggedServer } from "../helpers/logged-server";
import { signUpUser, type TestUser } from "../helpers/test-server";

let server: LoggedServer;
let user: TestUser;

const enc = encodeURIComponent;

/** The documented GraphQL error answer (docs/api-rules.md): HTTP `status`, extensions {code, statusCode, issues?}. */
function expectGraphqlError(res: { status: number; body: any; text: string }, status: number, code: string) {
  expect(res.body?.errors?.[0], res.text).toMatchObject({ message: expect.any(String), extensions: { code, statusCode: status } });
  for (const error of res.body.errors) expect(Object.keys(error.extensions).sort()).toEqual(expect.arrayContaining(["code", "statusCode"]));
  expect(res.text).not.toMatch(/originalError|stacktrace|INTERNAL_SERVER_ERROR/);
  expect(res.status).toBe(status);
}

const projectNames = async () => {
  const list = await server.request("GET", "/api/projects?limit=200", { apiKey: user.apiKey });
  return (list.body as Array<{ name: string }>).map((p) => p.name).sort();
};

beforeAll(async () => {
  server = await startLoggedServer();
  user = await signUpUser(server);
  await server.request("POST", "/api/projects", {
    apiKey: user.apiKey,
    body: { name: "P", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  const glossary = await server.request("POST", `/api/organizations/${user.orgId}/glossaries`, {
    apiKey: user.apiKey,
    body: { name: "G", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  expect(glossary.status).toBe(201);
});

afterAll(async () => {
  await server?.close();
});

describe("inline literals", () => {
  it("refuses NUL in tmSearch's and a glossary's terms(search:) literals with a 400 naming the argument", async () => {
    const tm = await server.request("POST", "/graphql", {
      apiKey: user.apiKey,
      body: { query: '{ tmSearch(sourceText: "a\\u0000b", sourceLang: "en", targetLang: "de") { similarity } }' },
    });
    expectGraphqlError(tm, 400, "BAD_USER_INPUT");
    expect(tm.body.errors[0].message).toBe("tmSearch.sourceText: must not contain NUL characters");
    const terms = await server.request("POST", "/graphql", {
      apiKey: user.apiKey,
      body: { query: '{ glossaries { name terms(search: "x\\u0000") { term } } }' },
    });
    expectGraphqlError(terms, 400, "BAD_USER_INPUT");
    expect(terms.body.errors[0].message).toBe("glossaries.terms.search: must not contain NUL characters");
  });

  it("refuses a NUL literal in a mutation over GET's sibling transport too (a query in the query string)", async () => {
    const res = await server.request("GET", `/graphql?query=${enc('{ tmSearch(sourceText: "\\u0000") { similarity } }')}`, {
      apiKey: user.apiKey,
    });
    expectGraphqlError(res, 400, "BAD_USER_INPUT");
  });
});

describe("bodies other than JSON", () => {
  it("refuses form-encoded and multipart bodies with 415, storing nothing", async () => {
    const before = await projectNames();
    const mutation = 'mutation($n: String!) { createProject(input: {name: $n, sourceLanguage: "en"}) { id name } }';
    for (const name of ["a\ud800b", "a\u0000b", "plain"]) {
      const form = await server.request("POST", "/graphql", {
        apiKey: user.apiKey,
        rawBody: `query=${enc(mutation)}&variables=${enc(JSON.stringify({ n: name }))}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expectGraphqlError(form, 415, "BAD_USER_INPUT");
      const boundary = "b0undary";
      const part = (field: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`;
      const multipart = await server.request("POST", "/graphql", {
        apiKey: user.apiKey,
        rawBody: `${part("query", mutation)}${part("variables", JSON.stringify({ n: name }))}--${boundary}--\r\n`,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      });
      expectGraphqlError(multipart, 415, "BAD_USER_INPUT");
    }
    expect(await projectNames()).toEqual(before);
  });

  it("answers a body yoga would parse itself (application/graphql+json) with 415 and no originalError", async () => {
    const res = await server.request("POST", "/graphql", {
      apiKey: user.apiKey,
      rawBody: "{",
      headers: { "content-type": "application/graphql+json" },
    });
    expectGraphqlError(res, 415, "BAD_USER_INPUT");
  });
});

describe("the query string", () => {
  it("answers malformed variables with a 400 and no error log line", async () => {
    for (const variables of ["%7B", enc("[1]"), enc("nope")]) {
      const res = await server.request("GET", `/graphql?query=${enc("{ __typename }")}&variables=${variables}`, { apiKey: user.apiKey });
      expectGraphqlError(res, 400, "BAD_USER_INPUT");
      expect(res.body.errors[0].message).toMatch(/^variables: /);
    }
    expect(server.errorLines()).toEqual([]);
  });

  it("refuses repeated parameters, so the variables yoga reads are the ones the guard checked", async () => {
    const query = enc("query($s: String!) { tmSearch(sourceText: $s) { similarity } }");
    const res = await server.request(
      "GET",
      `/graphql?query=${query}&variables=${enc(JSON.stringify({ s: "\u0000" }))}&variables=${enc("{}")}`,
      { apiKey: user.apiKey },
    );
    expectGraphqlError(res, 400, "BAD_USER_INPUT");
    expect(res.body.errors[0].message).toBe("variables: must be given once");
  });

  it("answers a mutation over GET and other methods with 405", async () => {
    const before = await projectNames();
    const get = await server.request(
      "GET",
      `/graphql?query=${enc('mutation { createProject(input: {name: "g", sourceLanguage: "en"}) { id } }')}`,
      {
        apiKey: user.apiKey,
      },
    );
    expectGraphqlError(get, 405, "METHOD_NOT_ALLOWED");
    const put = await server.request("PUT", "/graphql", { apiKey: user.apiKey, body: { query: "{ __typename }" } });
    expectGraphqlError(put, 405, "METHOD_NOT_ALLOWED");
    expect(put.headers.get("allow")).toBe("GET, POST");
    expect(await projectNames()).toEqual(before);
  });
});

describe("answers outside the schema", () => {
  it("gives unknown paths, malformed and non-object bodies and the CSRF refusal the documented shape", async () => {
    expectGraphqlError(await server.request("GET", "/graphql/nope", { apiKey: user.apiKey }), 404, "NOT_FOUND");
    expectGraphqlError(await server.request("POST", "/graphql", { apiKey: user.apiKey, rawBody: '{"query":' }), 400, "BAD_USER_INPUT");
    expectGraphqlError(await server.request("POST", "/graphql", { apiKey: user.apiKey, rawBody: "[]" }), 400, "BAD_USER_INPUT");
    const csrf = await server.request("POST", "/graphql", {
      body: { query: "{ __typename }" },
      headers: { cookie: user.cookie, origin: "https://evil.example" },
    });
    expectGraphqlError(csrf, 403, "FORBIDDEN");
    const syntax = await server.request("POST", "/graphql", { apiKey: user.apiKey, body: { query: "{ nope" } });
    expect(syntax.body.errors[0].extensions).toEqual({ code: "GRAPHQL_PARSE_FAILED", statusCode: 400 });
    expect(server.errorLines()).toEqual([]);
  });
});
