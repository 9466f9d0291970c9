// JSON bodies are validated as sent: no type coercion (the REST dispatcher coerces query strings
// only; trpc-to-openapi's adapter, which it replaced, coerced bodies too).
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
    body: { name: "P", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  projectId = project.body._id;
});
afterAll(async () => {
  await server.close();
});

describe("JSON body types", () => {
  it('refuses the string "false" for a boolean field instead of reading it as true', async () => {
    // Twice: the adapter used to mutate the shared schema on the first request.
    for (let i = 0; i < 2; i++) {
      const res = await server.request("POST", `/api/projects/${projectId}/import`, {
        apiKey: user.apiKey,
        body: { language: "en", format: "json-flat", content: '{"a":"b"}', overwrite: "false" },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
      expect(res.body.issues[0].path).toBe("overwrite");
    }
  });

  it("still coerces query strings to the numbers they stand for", async () => {
    const res = await server.request("GET", `/api/projects/${projectId}/keys?page=1&limit=2`, { apiKey: user.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ page: 1, limit: 2 });
  });

  it("refuses a body that is not JSON with 415 and the documented shape", async () => {
    const res = await server.request("POST", "/api/projects", {
      apiKey: user.apiKey,
      rawBody: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ statusCode: 415, message: "Content-Type must be application/json", error: "Unsupported Media Type" });
  });
});
