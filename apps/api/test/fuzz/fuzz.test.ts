// The OpenAPI fuzzer's short run (the long one is `pnpm fuzz`): 2,000 seeded requests over every
// operation of the served document, as two tenants, each request wrong in one place. Any 5xx, any
// answer slower than 10 s, any error body not of the documented shape, any trace of the other
// tenant, and any change to the database by a refused request fails the suite.
import { testBackend } from "@locale/db";
import { describe, expect, it } from "vitest";
import { seedGeneration } from "../helpers/fixture-world";
import { installChangeLog } from "../helpers/fuzz/change-log";
import { formatFigures, formatFindings, runFuzz } from "../helpers/fuzz/fuzz-run";
import { useFuzzServer } from "../helpers/fuzz/fuzz-suite";
import { errorBodyProblem, leakedTraces } from "../helpers/fuzz/response-checks";
import type { RawResult } from "../helpers/fuzz/send-raw";
import { createTenant, type Tenant } from "../helpers/fuzz/tenants";

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const REQUESTS = Number(process.env.FUZZ_SHORT_REQUESTS ?? 2_000);

const answer = (status: number, text: string, contentType = "application/json; charset=utf-8"): RawResult => ({
  status,
  text,
  headers: { "content-type": contentType },
  ms: 1,
  hung: false,
});

describe("the fuzzer's own checks", () => {
  it("accepts the documented error body and names what is wrong with any other", () => {
    expect(errorBodyProblem("GET", answer(404, '{"statusCode":404,"message":"Project not found","error":"Not Found"}'))).toBeNull();
    expect(
      errorBodyProblem(
        "POST",
        answer(
          400,
          '{"statusCode":400,"message":"name: Required","error":"Bad Request","issues":[{"path":["name"],"message":"Required"}]}',
        ),
      ),
    ).toBeNull();
    expect(errorBodyProblem("GET", answer(431, "", ""))).toMatch(/content-type/);
    expect(errorBodyProblem("GET", answer(400, '{"statusCode":400,"message":"x","error":"Bad Request","stack":"at"}'))).toMatch(
      /unexpected fields stack/,
    );
    expect(errorBodyProblem("GET", answer(404, '{"statusCode":400,"message":"x","error":"Bad Request"}'))).toMatch(
      /statusCode 400 on a 404/,
    );
    expect(errorBodyProblem("GET", answer(500, '{"statusCode":500,"message":"x","error":"Server Error"}'))).toMatch(/error "Server Error"/);
  });

  it("finds the other tenant's marker or ids unless the request carried them", () => {
    const other = { marker: "zqBfeedface", allIds: new Set(["id-of-b"]) } as Tenant;
    expect(leakedTraces(answer(200, '{"name":"Project zqBfeedfaceg0"}'), other, "GET /api/projects")).toEqual(["marker zqBfeedface"]);
    expect(leakedTraces(answer(200, '{"notFound":["id-of-b"]}'), other, "DELETE /api/keys/bulk?keyIds=id-of-b")).toEqual([]);
    expect(leakedTraces(answer(200, '{"_id":"id-of-b"}'), other, "GET /api/projects")).toEqual(["id id-of-b"]);
  });
});

describe(`OpenAPI fuzzer on ${testBackend()}`, () => {
  const suite = useFuzzServer();

  it("logs every stored change, and none for a refused request or a token's lastUsedAt", async () => {
    const { server } = suite;
    const log = await installChangeLog(server.db);
    const start = await log.position();
    const signup = await server.request("POST", "/api/auth/signup", {
      body: { email: `change-log-${Date.now()}@example.com`, password: "correct horse battery", name: "Change log" },
    });
    expect(signup.status).toBe(201);
    expect(await log.changesSince(start)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^User:INSERT×1$/), expect.stringMatching(/^Organization:INSERT×1$/)]),
    );
    const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0]!;
    const token = await server.request("POST", `/api/organizations/${signup.body.organization._id}/tokens`, {
      cookie,
      body: { name: "t" },
    });
    expect(token.status).toBe(201);
    const afterWrites = await log.position();
    const refused = await server.request("POST", "/api/projects", { apiKey: token.body.token, body: { name: 1, sourceLanguage: "en" } });
    expect(refused.status).toBe(400);
    expect(await log.position()).toBe(afterWrites);
  });

  it("seeds tenants whose records carry their marker, so one shown to the other tenant is a leak", async () => {
    const { server, receiver } = suite;
    const a = await createTenant(server, "A", receiver.url);
    const b = await createTenant(server, "B", receiver.url);
    const reads = (t: Tenant) => [
      `/api/organizations/${t.ids.orgId}`,
      `/api/organizations/${t.ids.orgId}/members`,
      `/api/projects/${t.ids.projectId}`,
      `/api/projects/${t.ids.projectId}/keys/${t.ids.keyId}`,
      `/api/projects/${t.ids.projectId}/keys/${t.ids.keyId}/translations`,
      `/api/projects/${t.ids.projectId}/keys/${t.ids.keyId}/comments`,
      `/api/projects/${t.ids.projectId}/screenshots/${t.ids.screenshotId}`,
      `/api/organizations/${t.ids.orgId}/glossaries/${t.ids.glossaryId}/terms`,
      `/api/organizations/${t.ids.orgId}/tm`,
      `/api/organizations/${t.ids.orgId}/webhooks`,
      `/api/organizations/${t.ids.orgId}/tokens`,
      `/api/organizations/${t.ids.orgId}/invitations`,
      `/api/notifications`,
    ];
    const check = async (t: Tenant, other: Tenant) => {
      for (const path of reads(t)) {
        const res = await server.request("GET", path, { apiKey: t.owner.apiKey });
        expect(res.status, path).toBe(200);
        // The record, had the other tenant received it for a request of its own, is a leak…
        expect(leakedTraces(answer(200, res.text), t, "GET /api/projects"), path).toContain(`marker ${t.marker}`);
        // …and holds nothing of the other tenant.
        expect(leakedTraces(answer(200, res.text), other, `GET ${path}`), path).toEqual([]);
      }
    };
    await check(a, b);
    await check(b, a);
    // A fresh generation is marked and tracked alike, and the old one stays tracked.
    const old = b.ids.projectId;
    await seedGeneration(server, b);
    expect(b.ids.projectId).not.toBe(old);
    expect(b.allIds).toContain(old);
    await check(b, a);
    const project = await server.request("GET", `/api/projects/${b.ids.projectId}`, { apiKey: b.owner.apiKey });
    expect(leakedTraces(answer(200, project.text), b, "GET /api/projects")).toEqual(
      expect.arrayContaining([`marker ${b.marker}`, `id ${b.ids.projectId}`]),
    );
  }, 300_000);

  it(`answers ${REQUESTS} fuzzed requests with no 5xx, hang, bad error body, leak or change by a refused request`, async () => {
    const { figures, findings } = await runFuzz(suite.server, {
      seed: SEED,
      requests: REQUESTS,
      database: testBackend(),
      webhookUrl: suite.receiver.url,
    });
    console.log(formatFigures(figures));
    expect(figures.requests).toBe(REQUESTS);
    expect(formatFindings(findings)).toBe("");
  }, 900_000);
});
