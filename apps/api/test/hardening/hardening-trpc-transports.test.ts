// Issue 32, item 8 on /trpc: a procedure reached with the wrong method is a 405, a repeated `input`
// cannot slip past the input guard, bodies the JSON parser refuses answer in tRPC's envelope, and
// none of these client mistakes writes an error line to the log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../../src/routers";
import { proceduresOf, procedureType } from "../../src/trpc/procedure-internals";
import { type LoggedServer, startLoggedServer } from "../helpers/logged-server";
import { signUpUser, type TestUser } from "../helpers/test-server";

let server: LoggedServer;
let user: TestUser;
let projectId: string;

const procedures = Object.entries(proceduresOf(appRouter)).map(([path, p]) => ({ path, type: procedureType(p) }));
const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));

/** The documented tRPC error answer (docs/api-rules.md) for `status`. */
function expectTrpcError(res: { status: number; body: any }, status: number, code: string) {
  expect(res.body?.error, JSON.stringify(res.body)).toMatchObject({
    message: expect.any(String),
    code: expect.any(Number),
    data: { httpStatus: status, code },
    appBody: { statusCode: status, message: expect.any(String), error: expect.any(String) },
  });
  expect(res.status).toBe(status);
}

beforeAll(async () => {
  server = await startLoggedServer();
  user = await signUpUser(server);
  const project = await server.request("POST", "/api/projects", {
    apiKey: user.apiKey,
    body: { name: "Transports", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  projectId = project.body._id;
});

afterAll(async () => {
  await server?.close();
});

describe("the wrong method on /trpc", () => {
  it("answers 405 for every mutation over GET and every query over POST, and logs no error", async () => {
    expect(procedures.filter((p) => p.type === "mutation").length).toBeGreaterThan(20);
    for (const { path, type } of procedures) {
      const res =
        type === "mutation"
          ? await server.request("GET", `/trpc/${path}?input=${enc({})}`, { apiKey: user.apiKey })
          : await server.request("POST", `/trpc/${path}`, { apiKey: user.apiKey, body: {} });
      expectTrpcError(res, 405, "METHOD_NOT_SUPPORTED");
    }
    const put = await server.request("PUT", "/trpc/projects.list", { apiKey: user.apiKey, body: {} });
    expectTrpcError(put, 405, "METHOD_NOT_SUPPORTED");
    expect(server.errorLines()).toEqual([]);
  });
});

describe("a repeated input", () => {
  it("is refused with a 400, so the one tRPC reads is the one the guard checked", async () => {
    const hostile = enc({ projectId, search: "a\u0000b" });
    const res = await server.request("GET", `/trpc/keys.list?input=${hostile}&input=${enc({ projectId })}`, { apiKey: user.apiKey });
    expectTrpcError(res, 400, "BAD_REQUEST");
    expect(res.body.error.appBody.issues).toEqual([{ path: "input", message: "must be given once" }]);
    const single = await server.request("GET", `/trpc/keys.list?input=${hostile}`, { apiKey: user.apiKey });
    expectTrpcError(single, 400, "BAD_REQUEST");
    expect(single.body.error.message).toBe("search: must not contain NUL characters");
  });

  it("checks every input of a batch", async () => {
    const batch = enc({ 0: { id: projectId }, 1: { projectId, search: "\ud800" } });
    const res = await server.request("GET", `/trpc/projects.get,keys.list?batch=1&input=${batch}`, { apiKey: user.apiKey });
    expectTrpcError(res, 400, "BAD_REQUEST");
    expect(res.body.error.message).toBe("1.search: must be valid Unicode text (lone surrogate)");
  });
});

describe("bodies refused before tRPC", () => {
  it("answer malformed JSON, other charsets and the CSRF refusal in tRPC's envelope, not the REST body", async () => {
    const malformed = await server.request("POST", "/trpc/projects.create", { apiKey: user.apiKey, rawBody: '{"name":' });
    expectTrpcError(malformed, 400, "BAD_REQUEST");
    const charset = await server.request("POST", "/trpc/projects.create", {
      apiKey: user.apiKey,
      rawBody: "{}",
      headers: { "content-type": "application/json; charset=latin1" },
    });
    expectTrpcError(charset, 415, "UNSUPPORTED_MEDIA_TYPE");
    const unknown = await server.request("GET", "/trpc/nope.nope", { apiKey: user.apiKey });
    expectTrpcError(unknown, 404, "NOT_FOUND");
    const csrf = await server.request("POST", "/trpc/projects.create", {
      rawBody: '{"name":"x","sourceLanguage":"en"}',
      headers: { cookie: user.cookie, origin: "https://evil.example" },
    });
    expectTrpcError(csrf, 403, "FORBIDDEN");
    expect(server.errorLines()).toEqual([]);
  });
});
