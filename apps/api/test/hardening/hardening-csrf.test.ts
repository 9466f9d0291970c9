// CSRF guard: the session cookie is found the way the server reads it (a parsed Cookie header, so
// `sid =…` cannot slip past), and a request's Origin is compared with the configured public
// origin and CORS_ORIGINS, never with the Host header the request itself chose.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../helpers/raw-request";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

const FORBIDDEN = { statusCode: 403, message: "Forbidden resource", error: "Forbidden" };

let server: TestServer;
let user: TestUser;
let secret: string;

beforeAll(async () => {
  server = await startTestServer({ CORS_ORIGINS: "https://app.example.com" });
  user = await signUpUser(server);
  secret = user.cookie.split("=")[1]!;
});
afterAll(async () => {
  await server.close();
});

const project = JSON.stringify({ name: "CSRF", sourceLanguage: "en" });

describe("CSRF guard", () => {
  it("refuses a foreign origin whatever the spacing of the session cookie", async () => {
    for (const cookie of [`sid=${secret}`, `sid =${secret}`, ` sid= ${secret}`, `other=1;sid = ${secret}`, `sid="${secret}"`]) {
      const res = await server.request("POST", "/api/projects", {
        rawBody: project,
        headers: { cookie, origin: "https://evil.example" },
      });
      expect(res.status, cookie).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
  });

  it("does not take the Host header as the service's own origin", async () => {
    const res = await rawRequest(server.url, "POST", "/api/projects", {
      headers: { host: "evil.example", origin: "http://evil.example", cookie: user.cookie, "content-type": "application/json" },
      body: project,
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    const gql = await rawRequest(server.url, "POST", "/graphql", {
      headers: { host: "evil.example", origin: "http://evil.example", cookie: user.cookie, "content-type": "application/json" },
      body: JSON.stringify({ query: 'mutation { createProject(input: {name: "x", sourceLanguage: "en"}) { id } }' }),
    });
    expect(gql.status).toBe(403);
  });

  it("accepts the configured public origin and the CORS_ORIGINS, on REST, tRPC and GraphQL", async () => {
    for (const origin of [server.url, "https://app.example.com"]) {
      const res = await server.request("POST", "/api/projects", { rawBody: project, headers: { cookie: user.cookie, origin } });
      expect(res.status, origin).toBe(201);
    }
    // The default public address is loopback: its other loopback names on the same port are the same service.
    const localhost = server.url.replace("127.0.0.1", "localhost");
    expect(
      (await server.request("POST", "/api/projects", { rawBody: project, headers: { cookie: user.cookie, origin: localhost } })).status,
    ).toBe(201);
    const otherPort = await server.request("POST", "/api/projects", {
      rawBody: project,
      headers: { cookie: user.cookie, origin: "http://localhost:1" },
    });
    expect(otherPort.status).toBe(403);
    const referer = await server.request("POST", "/api/projects", {
      rawBody: project,
      headers: { cookie: user.cookie, referer: `${server.url}/app/page` },
    });
    expect(referer.status).toBe(201);
    const trpc = await server.request("POST", "/trpc/projects.create", {
      rawBody: project,
      headers: { cookie: user.cookie, origin: "https://evil.example" },
    });
    expect(trpc.status).toBe(403);
  });

  it("leaves API-key requests and requests without Origin/Referer alone", async () => {
    const key = await server.request("POST", "/api/projects", {
      apiKey: user.apiKey,
      rawBody: project,
      headers: { origin: "https://evil.example" },
    });
    expect(key.status).toBe(201);
    const bare = await server.request("POST", "/api/projects", { rawBody: project, headers: { cookie: `sid =${secret}` } });
    expect(bare.status).toBe(201);
  });
});

describe("anonymous GraphQL introspection", () => {
  it("stays open (the schema is public, like /api/openapi.json) while data needs credentials", async () => {
    const schema = await server.request("POST", "/graphql", { body: { query: "{ __schema { queryType { name } } }" } });
    expect(schema.status).toBe(200);
    expect(schema.body.data.__schema.queryType.name).toBe("Query");
    const data = await server.request("POST", "/graphql", { body: { query: "{ projects { id } }" } });
    expect(data.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    expect(data.body.data).toBeNull();
  });
});
