// The OpenAPI document states the rate limits (docs/api-rules.md, "Rate limits"): every response
// of every operation documents the RateLimit-* headers, every operation documents its 429 with
// Retry-After, and the headers the document names are the ones a real answer carries.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer } from "../helpers/test-server";

const NAMES = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];
const METHODS = ["get", "put", "post", "delete", "patch"];

type Header = { $ref?: string; required?: boolean; schema?: { type?: string } };
type Response = { headers?: Record<string, Header> };
type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
  components: { headers?: Record<string, Header> };
};

let server: TestServer;
let doc: Doc;

beforeAll(async () => {
  server = await startTestServer();
  doc = (await server.request("GET", "/api/openapi.json")).body;
});
afterAll(() => server?.close());

function operations(): [string, { responses: Record<string, Response> }][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map(
      (m) => [`${m.toUpperCase()} ${path}`, item[m]!] as [string, { responses: Record<string, Response> }],
    ),
  );
}

describe("rate limits in the OpenAPI document", () => {
  it("defines the RateLimit-* headers once, as integers the operator may turn off (not required)", () => {
    for (const name of NAMES) {
      expect(doc.components.headers?.[name], name).toMatchObject({ required: false, schema: { type: "integer" } });
    }
  });

  it("every response of every operation carries RateLimit-*, and every operation documents 429 with Retry-After", () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const [op, operation] of ops) {
      const responses = Object.entries(operation.responses);
      expect(responses.length, op).toBeGreaterThan(0);
      for (const [status, response] of responses) {
        for (const name of NAMES) {
          if (response.headers?.[name]?.$ref !== `#/components/headers/${name}`) missing.push(`${op} ${status} ${name}`);
        }
      }
      const tooMany = operation.responses["429"];
      if (!tooMany) missing.push(`${op} 429`);
      else if (tooMany.headers?.["Retry-After"]?.required !== true) missing.push(`${op} 429 Retry-After`);
    }
    expect(missing).toEqual([]);
  });

  it("the headers the document names are on real answers, success and error alike", async () => {
    const user = await signUpUser(server);
    const ok = await server.request("GET", "/api/auth/me", { apiKey: user.apiKey });
    const notFound = await server.request("GET", "/api/projects/00000000-0000-7000-8000-000000000000", { apiKey: user.apiKey });
    expect([ok.status, notFound.status]).toEqual([200, 404]);
    expect(doc.paths["/auth/me"]?.get?.responses["200"]?.headers).toBeDefined();
    expect(doc.paths["/projects/{id}"]?.get?.responses["404"]?.headers).toBeDefined();
    for (const res of [ok, notFound]) {
      for (const name of NAMES) expect(Number(res.headers.get(name)), name).toBeGreaterThanOrEqual(0);
    }
  });
});
