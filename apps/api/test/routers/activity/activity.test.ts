import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, type TestMember } from "../../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

const FORBIDDEN = { statusCode: 403, message: "Forbidden resource", error: "Forbidden" };
const UNAUTHORIZED = { statusCode: 401, message: "Unauthorized", error: "Unauthorized" };

let server: TestServer;
let owner: TestUser;
let translator: TestMember;
let admin: TestMember;
let projectA: string;
let projectB: string;
/** Instants between the setup's actions, for from/to filters. */
let afterProjects: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const orgActivity = (query = "", who: { cookie?: string; apiKey?: string } = { cookie: owner.cookie }) =>
  server.request("GET", `/api/organizations/current/activity${query}`, who);

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Olive"); // api_token.created (organization level)
  translator = await addMember(server, owner, "translator", { name: "Tara" }); // member.invited, member.joined
  admin = await addMember(server, owner, "admin", { name: "Abe", withApiKey: true }); // member.invited, member.joined, api_token.created
  projectA = (await server.request("POST", "/api/projects", { cookie: owner.cookie, body: { name: "Alpha", sourceLanguage: "en" } })).body
    ._id;
  projectB = (await server.request("POST", "/api/projects", { apiKey: admin.apiKey!, body: { name: "Beta", sourceLanguage: "en" } })).body
    ._id;
  await sleep(15);
  afterProjects = new Date().toISOString();
  await sleep(15);
  await server.request("PATCH", `/api/projects/${projectA}`, { cookie: owner.cookie, body: { description: "first app" } });
  await server.request("POST", `/api/projects/${projectA}/tokens`, { cookie: owner.cookie, body: { name: "ci" } });
});
afterAll(async () => {
  await server.close();
});

describe("GET /api/organizations/:orgId/activity", () => {
  it("returns every entry of the organization, newest first, in the documented envelope and shape", async () => {
    const res = await orgActivity();
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 50, total: res.body.data.length, totalPages: 1 });
    const actions = res.body.data.map((e: any) => e.action);
    expect(actions[0]).toBe("api_token.created");
    expect(actions).toEqual(
      expect.arrayContaining(["member.invited", "member.joined", "project.created", "project.updated", "api_token.created"]),
    );
    const created = res.body.data.map((e: any) => Date.parse(e.created));
    expect([...created].sort((a, b) => b - a)).toEqual(created);

    const projectCreated = res.body.data.find((e: any) => e.action === "project.created" && e.projectId === projectB);
    expect(projectCreated).toEqual({
      _id: expect.any(String),
      action: "project.created",
      userId: admin.userId,
      userName: "Abe",
      projectId: projectB,
      organizationId: owner.orgId,
      targetId: projectB,
      targetType: "project",
      metadata: expect.objectContaining({ name: "Beta" }),
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
  });

  it("paginates: page/limit, totalPages, page 0 → 1, limit over 200 → 200, bad values → 400", async () => {
    const all = (await orgActivity()).body;
    const total = all.meta.total;
    const page1 = await orgActivity("?limit=3&page=1");
    const page2 = await orgActivity("?limit=3&page=2");
    expect(page1.body.meta).toEqual({ page: 1, limit: 3, total, totalPages: Math.ceil(total / 3) });
    expect(page2.body.meta.page).toBe(2);
    expect([...page1.body.data, ...page2.body.data].map((e: any) => e._id)).toEqual(all.data.slice(0, 6).map((e: any) => e._id));
    const last = await orgActivity(`?limit=3&page=${Math.ceil(total / 3)}`);
    expect(last.body.data.length).toBe(total - 3 * (Math.ceil(total / 3) - 1));
    expect((await orgActivity("?limit=3&page=99")).body.data).toEqual([]);
    expect((await orgActivity("?page=0&limit=3")).body.meta.page).toBe(1);
    expect((await orgActivity("?limit=500")).body.meta.limit).toBe(200);
    const zero = await orgActivity("?limit=0");
    expect(zero.status).toBe(400);
    expect(zero.body).toEqual({
      statusCode: 400,
      message: "limit must be at least 1",
      error: "Bad Request",
      issues: [{ path: "limit", message: "must be at least 1" }],
    });
    const fraction = await orgActivity("?page=1.5");
    expect(fraction.status).toBe(400);
    expect(fraction.body.issues[0].path).toBe("page");
    const text = await orgActivity("?limit=abc");
    expect(text.status).toBe(400);
    expect(text.body.issues[0].path).toBe("limit");
  });

  it("filters by action (unknown action → 400) and by userId", async () => {
    const invited = await orgActivity("?action=member.invited");
    expect(invited.body.data).toHaveLength(2);
    expect(invited.body.data.every((e: any) => e.action === "member.invited")).toBe(true);
    expect(invited.body.meta.total).toBe(2);
    const unknown = await orgActivity("?action=member.exploded");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      statusCode: 400,
      message: 'action: unknown action "member.exploded"',
      error: "Bad Request",
      issues: [{ path: "action", message: 'unknown action "member.exploded"' }],
    });
    const byAdmin = await orgActivity(`?userId=${admin.userId}`);
    expect(byAdmin.body.data.length).toBeGreaterThan(0);
    expect(byAdmin.body.data.every((e: any) => e.userId === admin.userId)).toBe(true);
    expect(byAdmin.body.data.map((e: any) => e.action)).toEqual(
      expect.arrayContaining(["member.joined", "api_token.created", "project.created"]),
    );
    const both = await orgActivity(`?userId=${admin.userId}&action=project.created`);
    expect(both.body.data.map((e: any) => e.projectId)).toEqual([projectB]);
    expect((await orgActivity("?userId=nobody")).body.data).toEqual([]);
  });

  it("filters by time: from and to are inclusive ISO instants; a date-only `to` covers the day; bad dates → 400", async () => {
    const since = await orgActivity(`?from=${encodeURIComponent(afterProjects)}`);
    expect(since.body.data.map((e: any) => e.action).sort()).toEqual(["api_token.created", "project.updated"]);
    const until = await orgActivity(`?to=${encodeURIComponent(afterProjects)}`);
    const everything = (await orgActivity()).body.meta.total;
    expect(until.body.meta.total).toBe(everything - 2);
    expect(until.body.data.some((e: any) => e.action === "project.updated")).toBe(false);
    const exact = (await orgActivity("?action=project.updated")).body.data[0].created;
    const atInstant = await orgActivity(`?from=${encodeURIComponent(exact)}&to=${encodeURIComponent(exact)}&action=project.updated`);
    expect(atInstant.body.data).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await orgActivity(`?from=${today}&to=${today}`)).body.meta.total).toBe(everything);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await orgActivity(`?from=${tomorrow}`)).body.data).toEqual([]);
    expect((await orgActivity(`?to=${yesterday}`)).body.data).toEqual([]);
    const bad = await orgActivity("?from=last-tuesday");
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      statusCode: 400,
      message: "from: must be an ISO 8601 date or date-time",
      error: "Bad Request",
      issues: [{ path: "from", message: "must be an ISO 8601 date or date-time" }],
    });
  });

  it("is readable by every role, needs activity:read on tokens, 404s another organization, 401s strangers", async () => {
    expect((await orgActivity("", { cookie: translator.cookie })).status).toBe(200);
    expect((await server.request("GET", `/api/organizations/${owner.orgId}/activity`, { apiKey: admin.apiKey! })).status).toBe(200);
    const scoped = await server.request("POST", "/api/organizations/current/tokens", {
      cookie: admin.cookie,
      body: { name: "keys only", scopes: ["keys:read"] },
    });
    const refused = await orgActivity("", { apiKey: scoped.body.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(FORBIDDEN);
    const other = await signUpUser(server, "Other");
    const foreign = await server.request("GET", `/api/organizations/${owner.orgId}/activity`, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ statusCode: 404, message: "Organization not found", error: "Not Found" });
    expect((await orgActivity("", { cookie: other.cookie })).body.data.every((e: any) => e.organizationId === other.orgId)).toBe(true);
    expect((await orgActivity("", {})).body).toEqual(UNAUTHORIZED);
  });
});

describe("GET /api/projects/:projectId/activity", () => {
  it("returns only that project's entries, newest first", async () => {
    const res = await server.request("GET", `/api/projects/${projectA}/activity`, { cookie: translator.cookie });
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: any) => e.action)).toEqual(["api_token.created", "project.updated", "project.created"]);
    expect(res.body.data.every((e: any) => e.projectId === projectA)).toBe(true);
    expect(res.body.meta).toEqual({ page: 1, limit: 50, total: 3, totalPages: 1 });
    const filtered = await server.request("GET", `/api/projects/${projectA}/activity?action=project.updated&limit=1`, {
      cookie: owner.cookie,
    });
    expect(filtered.body.data).toHaveLength(1);
    expect(filtered.body.data[0].metadata).toBeTypeOf("object");
    const b = await server.request("GET", `/api/projects/${projectB}/activity?userId=${owner.userId}`, { cookie: owner.cookie });
    expect(b.body.data).toEqual([]);
  });

  it("404s unknown and foreign projects", async () => {
    const other = await signUpUser(server, "Another");
    for (const [who, id] of [
      [{ cookie: other.cookie }, projectA],
      [{ cookie: owner.cookie }, "00000000-0000-0000-0000-000000000000"],
    ] as const) {
      const res = await server.request("GET", `/api/projects/${id}/activity`, who);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, message: "Project not found", error: "Not Found" });
    }
  });

  it("keeps an archived project's history readable, and a permanently deleted project's history at organization level", async () => {
    const doomed = (await server.request("POST", "/api/projects", { cookie: owner.cookie, body: { name: "Doomed", sourceLanguage: "en" } }))
      .body._id;
    await server.request("DELETE", `/api/projects/${doomed}`, { cookie: owner.cookie });
    const archived = await server.request("GET", `/api/projects/${doomed}/activity`, { cookie: owner.cookie });
    expect(archived.body.data.map((e: any) => e.action)).toEqual(["project.archived", "project.created"]);
    expect((await server.request("DELETE", `/api/projects/${doomed}/permanent`, { cookie: owner.cookie })).status).toBe(200);
    const org = await orgActivity(`?limit=200`);
    expect(org.body.data.filter((e: any) => e.projectId === doomed).map((e: any) => e.action)).toEqual([
      "project.archived",
      "project.created",
    ]);
    // The final entry is organization-level (no project any more) and names the project as target.
    expect(org.body.data[0]).toMatchObject({ action: "project.deleted", projectId: null, targetId: doomed, targetType: "project" });
  });
});

describe("activity is append-only", () => {
  it("offers no route that changes or deletes entries", async () => {
    const entry = (await orgActivity("?limit=1")).body.data[0];
    for (const method of ["DELETE", "PATCH", "PUT"]) {
      for (const path of [
        `/api/organizations/current/activity/${entry._id}`,
        `/api/projects/${projectA}/activity/${entry._id}`,
        "/api/organizations/current/activity",
      ]) {
        const res = await server.request(method, path, { cookie: owner.cookie, body: method === "DELETE" ? undefined : { action: "x" } });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body).toMatchObject({ statusCode: 404, error: "Not Found" });
      }
    }
    expect((await orgActivity("?limit=1")).body.data[0]).toEqual(entry);
    const doc = await server.request("GET", "/api/openapi.json");
    const methods = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.includes("/activity"))
      .flatMap(([, item]) => Object.keys(item));
    expect([...new Set(methods)]).toEqual(["get"]);
  });
});
