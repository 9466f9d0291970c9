// Tenant isolation over every operation of the served OpenAPI document (docs/api-rules.md, the
// 404 row of "Errors": another organization's resource is a 404, existence is never revealed): a second organization's owner calls
// each operation with the first organization's ids, by API key and by session; mixes its own
// project/organization with one foreign child id at a time; and reads its own `current`
// organization without seeing the first one's data. A project token of one project gets 404 for
// another project and 403 on organization-level routes other than glossary/TM reads.
import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeAiProviders, startFakeAiProviders } from "../helpers/fake-ai-providers";
import { createOrgFixture, type OrgFixture, type RouteIds } from "../helpers/fixture-world";
import { buildCall, FORBIDDEN, listOperations, ROUTE_BUILDERS, sendCall } from "../helpers/route-calls";
import { startTestServer, type TestServer } from "../helpers/test-server";
import { startWebhookReceiver } from "../helpers/webhook-receiver";

let server: TestServer;
let fake: FakeAiProviders;
let receiver: { url: string; close(): Promise<void> };
/** The organization whose data must stay invisible. */
let victim: OrgFixture;
/** The organization trying to reach it. */
let intruder: OrgFixture;
let operations: string[];

/** Operations that name no organization, project or resource: signing in, signing up, the caller itself. */
const UNSCOPED = new Set([
  "POST /auth/signup",
  "POST /auth/login",
  "POST /auth/logout",
  "GET /auth/me",
  "POST /auth/accept-invite",
  // The invitation's token is the capability: whoever holds the link sees what it invites to.
  "POST /auth/invitation",
  "GET /auth/providers",
  "GET /auth/oidc/{provider}/start",
  "GET /auth/oidc/{provider}/callback",
  // The signed-in person's own account (sessions only, 403 to API keys); another person's session: below.
  "POST /auth/password-reset",
  "POST /auth/password-reset/confirm",
  "POST /auth/password",
  "GET /auth/sessions",
  "GET /auth/identities",
  "DELETE /auth/sessions/{sessionId}",
  "POST /auth/logout-everywhere",
  "GET /projects",
  "POST /projects",
  // The caller's own notification inbox and preferences (only the mark-read of one names an id): below.
  "GET /notifications",
  "GET /notifications/unread-count",
  "POST /notifications/read-all",
  "GET /notifications/settings",
  "PUT /notifications/settings",
]);

/** Operations on the caller's own inbox: neither organization-level nor under a project. */
const isInbox = (op: string) => op.split(" ")[1]!.startsWith("/notifications");

/** Organization-level operations a project token may still use: glossary and TM reads (docs/api-rules.md). */
const PROJECT_TOKEN_ORG_READS = new Set([
  "GET /organizations/{orgId}/glossaries",
  "GET /organizations/{orgId}/glossaries/{id}/terms",
  "GET /organizations/{orgId}/glossaries/{id}/export",
  "POST /organizations/{orgId}/glossaries/check",
  "GET /organizations/{orgId}/tm",
  "GET /organizations/{orgId}/tm/search",
]);

/** Child ids that may be swapped one at a time for the victim's (orgId/projectId are covered by the full sweep). */
const CHILD_ID_FIELDS: (keyof RouteIds)[] = [
  "keyId",
  "commentId",
  "notificationId",
  "screenshotId",
  "glossaryId",
  "termId",
  "tmEntryId",
  "orgWebhookId",
  "projectWebhookId",
  "orgTokenId",
  "projectTokenId",
  "jobId",
  "historyId",
  "userId",
  "invitationId",
];

const isOrgLevel = (op: string) => op.includes("/organizations/{orgId}");
const NOT_FOUND = { statusCode: 404, message: expect.stringMatching(/ not found$/), error: "Not Found" };

/** Strings that would betray the victim's data in a response. */
function victimMarkers(except: string[] = []): string[] {
  const { ids } = victim;
  const values = [
    ids.orgId,
    ids.projectId,
    victim.otherProjectId,
    ids.keyId,
    ids.keyName,
    ids.commentId,
    ids.notificationId,
    ids.glossaryId,
    ids.termId,
    ids.tmEntryId,
    ids.orgWebhookId,
    ids.projectWebhookId,
    ids.orgTokenId,
    ids.projectTokenId,
    ids.jobId,
    ids.historyId,
    ids.userId,
    ids.invitationId,
    ids.email,
    ...Object.values(victim.members).flatMap((m) => [m.userId, m.email]),
    "Victim app",
    "Victim terms",
  ];
  return values.filter((v) => !except.includes(v));
}

function leaksIn(text: string, except: string[] = []): string[] {
  return victimMarkers(except).filter((m) => text.includes(m));
}

beforeAll(async () => {
  fake = await startFakeAiProviders();
  receiver = await startWebhookReceiver();
  server = await startTestServer({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: fake.openaiUrl, DEFAULT_AI_PROVIDER: "provider_b" });
  victim = await createOrgFixture(server, { name: "Victim", webhookUrl: receiver.url, aiReady: true });
  intruder = await createOrgFixture(server, { name: "Intruder", webhookUrl: receiver.url, aiReady: true });
  operations = await listOperations(server);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
  await receiver?.close();
});

describe("another organization", () => {
  it("has a request builder for every operation of the OpenAPI document", () => {
    expect(operations.filter((op) => !ROUTE_BUILDERS[op])).toEqual([]);
  });

  it("gets 404 on every operation addressed by the first organization's ids, by API key, by session and under /api/v1", async () => {
    const failures: string[] = [];
    const ways = [
      { how: "key", auth: { apiKey: intruder.owner.apiKey }, prefix: "/api" },
      { how: "session", auth: { cookie: intruder.owner.cookie }, prefix: "/api" },
      { how: "key /api/v1", auth: { apiKey: intruder.owner.apiKey }, prefix: "/api/v1" },
    ] as const;
    for (const { how, auth, prefix } of ways) {
      for (const op of operations.filter((o) => !UNSCOPED.has(o))) {
        const res = await sendCall(server, buildCall(op, victim.ids), auth, prefix);
        if (res.status !== 404 || res.body?.error !== "Not Found" || !/ not found$/.test(res.body?.message ?? ""))
          failures.push(`${how} ${op}: ${res.status} ${res.text.slice(0, 160)}`);
        else expect(res.body).toEqual(NOT_FOUND);
      }
    }
    expect(failures).toEqual([]);
  });

  it("gets 404 for each foreign child id inside its own organization and project, one id at a time", async () => {
    const failures: string[] = [];
    let probes = 0;
    for (const op of operations.filter((o) => !UNSCOPED.has(o))) {
      const own = buildCall(op, intruder.ids);
      for (const field of CHILD_ID_FIELDS) {
        const ids = { ...intruder.ids, [field]: victim.ids[field] };
        const mixed = buildCall(op, ids);
        const inPath = mixed.path.split("?")[0] !== own.path.split("?")[0];
        // Builders draw fresh names from a counter, so compare the id itself, not the whole call.
        const inRequest = inPath || JSON.stringify([mixed.path, mixed.body, mixed.rawBody]).includes(victim.ids[field] as string);
        if (!inRequest) continue;
        probes++;
        const res = await sendCall(server, mixed, { apiKey: intruder.owner.apiKey });
        const what = `${op} with the victim's ${field}`;
        // Never leak existence: a foreign id must answer exactly like an id that exists nowhere.
        const unknownId = randomUUID();
        const unknown = await sendCall(server, buildCall(op, { ...intruder.ids, [field]: unknownId }), { apiKey: intruder.owner.apiKey });
        const victimId = victim.ids[field] as string;
        if (res.status !== unknown.status || res.text.split(victimId).join("<id>") !== unknown.text.split(unknownId).join("<id>")) {
          failures.push(
            `${what} answers unlike an unknown id: ${res.status} ${res.text.slice(0, 120)} vs ${unknown.status} ${unknown.text.slice(0, 120)}`,
          );
        }
        if (inPath) {
          if (res.status !== 404 || res.body?.error !== "Not Found") failures.push(`${what}: ${res.status} ${res.text.slice(0, 160)}`);
        } else {
          // An id in a body or query (bulk updates, glossary filters) is a lookup key: "not found"
          // in any form is right, but nothing of the victim may come back beyond the id sent.
          const leaks = leaksIn(res.text, [victim.ids[field] as string]);
          if (res.status >= 500 || res.status === 403 || leaks.length > 0)
            failures.push(`${what}: ${res.status} leaks ${leaks.join(",")} ${res.text.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(30);
  });

  it("cannot reply to the first organization's comment: answered like a comment that does not exist", async () => {
    const path = `/api/projects/${intruder.ids.projectId}/keys/${intruder.ids.keyId}/comments`;
    const foreign = await server.request("POST", path, {
      apiKey: intruder.owner.apiKey,
      body: { body: "Reply", parentId: victim.ids.commentId },
    });
    const unknownId = randomUUID();
    const unknown = await server.request("POST", path, { apiKey: intruder.owner.apiKey, body: { body: "Reply", parentId: unknownId } });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.status).toBe(unknown.status);
    expect(foreign.text.split(victim.ids.commentId).join("<id>")).toBe(unknown.text.split(unknownId).join("<id>"));
  });

  it("sees only its own data through `current` and the caller-scoped routes", async () => {
    const failures: string[] = [];
    const current = { ...intruder.ids, orgId: "current" };
    // Only operations without a child id: the caller's own child ids would be consumed by deletes.
    for (const op of operations.filter((o) => isOrgLevel(o) && !/\{(?!orgId)/.test(o))) {
      const res = await sendCall(server, buildCall(op, current), { apiKey: intruder.owner.apiKey });
      if (res.status < 200 || res.status >= 300) failures.push(`${op} (current): ${res.status} ${res.text.slice(0, 160)}`);
      const leaks = leaksIn(res.text);
      if (leaks.length > 0) failures.push(`${op} (current) leaks ${leaks.join(",")}`);
    }
    for (const path of [
      `/organizations/current/activity?userId=${victim.owner.userId}`,
      `/organizations/current/tm/search?sourceText=${encodeURIComponent("Änderungen speichern")}`,
      `/organizations/current/tm/search?sourceText=${encodeURIComponent(victim.ids.keyName)}&minSimilarity=0`,
    ]) {
      const res = await server.request("GET", `/api${path}`, { apiKey: intruder.owner.apiKey });
      expect(res.status, path).toBe(200);
      expect(leaksIn(res.text), path).toEqual([]);
    }
    for (const op of ["GET /projects", "GET /auth/me", "POST /projects"]) {
      const res = await sendCall(server, buildCall(op, intruder.ids), { apiKey: intruder.owner.apiKey });
      expect(res.status, op).toBeLessThan(300);
      expect(leaksIn(res.text), op).toEqual([]);
    }
    const projects = await server.request("GET", "/api/projects?includeArchived=true", { apiKey: intruder.owner.apiKey });
    expect(projects.body.map((p: { _id: string }) => p._id)).not.toContain(victim.ids.projectId);
    expect(failures).toEqual([]);
  });

  it("cannot reach the first organization's child resources through `current` either", async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => isOrgLevel(o) && /\{(?!orgId)/.test(o))) {
      const res = await sendCall(server, buildCall(op, { ...victim.ids, orgId: "current" }), { apiKey: intruder.owner.apiKey });
      if (res.status !== 404 || res.body?.error !== "Not Found") failures.push(`${op}: ${res.status} ${res.text.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("another person", () => {
  it("cannot see or revoke the first organization's sessions: their session id is a 404, and the session lives on", async () => {
    const res = await server.request("DELETE", `/api/auth/sessions/${victim.ids.sessionId}`, { cookie: intruder.owner.cookie });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, message: "Session not found", error: "Not Found" });
    const list = await server.request("GET", "/api/auth/sessions", { cookie: intruder.owner.cookie });
    expect(list.status).toBe(200);
    expect(list.body.items.map((s: { _id: string }) => s._id)).not.toContain(victim.ids.sessionId);
    expect(leaksIn(list.text)).toEqual([]);
    expect((await server.db.prisma.session.findUniqueOrThrow({ where: { id: victim.ids.sessionId } })).revokedAt).toBeNull();
  });
});

describe("another person's notifications", () => {
  it("are not in the inbox of anyone else, by key or session; counting and marking all read leave them alone", async () => {
    const before = await server.db.prisma.notification.findUniqueOrThrow({ where: { id: victim.ids.notificationId } });
    const others = [
      { apiKey: intruder.owner.apiKey },
      { cookie: intruder.owner.cookie },
      { apiKey: victim.members.admin.apiKey },
      { cookie: victim.members.reviewer.cookie },
      // (the victim's project token is the owner's own: it sees this one, as notifications.test.ts shows)
    ];
    for (const auth of others) {
      for (const op of operations.filter((o) => isInbox(o) && !o.includes("{"))) {
        const res = await sendCall(server, buildCall(op, victim.ids), auth);
        expect(res.status, op).toBeLessThan(300);
        expect(res.text, op).not.toContain(victim.ids.notificationId);
      }
      const mark = await sendCall(server, buildCall("PATCH /notifications/{notificationId}/read", victim.ids), auth);
      expect(mark.status).toBe(404);
      expect(mark.body).toEqual({ statusCode: 404, message: "Notification not found", error: "Not Found" });
    }
    const intruderInbox = await server.request("GET", "/api/notifications", { apiKey: intruder.owner.apiKey });
    expect(leaksIn(intruderInbox.text)).toEqual([]);
    const after = await server.db.prisma.notification.findUniqueOrThrow({ where: { id: victim.ids.notificationId } });
    expect(after.readAt).toEqual(before.readAt);
  });
});

describe("another project of the same organization", () => {
  it("does not reach the first project's keys, comments, history, webhooks, tokens or jobs", async () => {
    const failures: string[] = [];
    const ids = { ...victim.ids, projectId: victim.otherProjectId };
    let probes = 0;
    for (const op of operations.filter((o) => o.split(" ")[1]!.startsWith("/projects/{"))) {
      // Only operations naming a child of the project (not just the project and a language).
      if (!/\{(?!language\}|lang\})/.test(op.split(" ")[1]!.replace(/^\/projects\/\{(projectId|id)\}/, ""))) continue;
      probes++;
      const res = await sendCall(server, buildCall(op, ids), { apiKey: victim.owner.apiKey });
      if (res.status !== 404 || res.body?.error !== "Not Found") failures.push(`${op}: ${res.status} ${res.text.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(20);
  });
});

describe("a project token", () => {
  it("gets 404 for another project of its own organization on every project route", async () => {
    const failures: string[] = [];
    const ids = { ...victim.ids, projectId: victim.otherProjectId };
    for (const op of operations.filter((o) => !UNSCOPED.has(o) && !isOrgLevel(o) && !isInbox(o))) {
      const res = await sendCall(server, buildCall(op, ids), { apiKey: victim.projectToken });
      if (res.status !== 404 || res.body?.message !== "Project not found") failures.push(`${op}: ${res.status} ${res.text.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });

  it("gets 403 on organization-level routes except glossary and TM reads, which answer", async () => {
    const failures: string[] = [];
    for (const op of operations.filter(isOrgLevel)) {
      for (const orgId of [victim.ids.orgId, "current"]) {
        const res = await sendCall(server, buildCall(op, { ...victim.ids, orgId }), { apiKey: victim.projectToken });
        const ok = PROJECT_TOKEN_ORG_READS.has(op) ? res.status === 200 : res.status === 403 && isDeepStrictEqual(res.body, FORBIDDEN);
        if (!ok) failures.push(`${op} (${orgId === "current" ? "current" : "orgId"}): ${res.status} ${res.text.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("still reads everything of its own project", async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.startsWith("GET /projects/{") && !o.includes("/tokens"))) {
      const res = await sendCall(server, buildCall(op, victim.ids), { apiKey: victim.projectToken });
      if (res.status !== 200) failures.push(`${op}: ${res.status} ${res.text.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });

  it("lists only its project and may not create projects", async () => {
    const list = await server.request("GET", "/api/projects", { apiKey: victim.projectToken });
    expect(list.body.map((p: { _id: string }) => p._id)).toEqual([victim.ids.projectId]);
    const create = await server.request("POST", "/api/projects", {
      apiKey: victim.projectToken,
      body: { name: "Sneaky", sourceLanguage: "en" },
    });
    expect(create.status).toBe(403);
    expect(create.body).toEqual(FORBIDDEN);
  });
});

describe("afterwards", () => {
  it("left every resource of the first organization as it was", async () => {
    const auth = { apiKey: victim.owner.apiKey };
    const { ids } = victim;
    const get = (path: string) => server.request("GET", `/api${path}`, auth);
    expect((await get(`/projects/${ids.projectId}`)).body).toMatchObject({
      _id: ids.projectId,
      name: "Victim app",
      archived: false,
      targetLanguages: ["de", "fr"],
    });
    expect((await get(`/projects/${victim.otherProjectId}`)).body).toMatchObject({ archived: false });
    expect((await get(`/projects/${ids.projectId}/keys/${ids.keyId}`)).body).toMatchObject({
      _id: ids.keyId,
      key: ids.keyName,
      description: "A fixture key",
    });
    const translations = await get(`/projects/${ids.projectId}/keys/${ids.keyId}/translations`);
    expect(translations.body.find((t: { language: string }) => t.language === "de")).toMatchObject({ status: "approved" });
    expect((await get(`/projects/${ids.projectId}/keys/${ids.keyId}/translations/de/history`)).body).toHaveLength(2);
    expect((await get(`/projects/${ids.projectId}/keys/${ids.keyId}/comments`)).body).toEqual([
      expect.objectContaining({ _id: ids.commentId, body: "Is this right?", resolved: false }),
      expect.objectContaining({ parentId: ids.commentId, body: "Yes, it is." }),
    ]);
    expect((await get("/notifications")).body.data.map((n: { _id: string; read: boolean }) => [n._id, n.read])).toEqual([
      [ids.notificationId, false],
    ]);
    expect((await get(`/organizations/${ids.orgId}/glossaries/${ids.glossaryId}/terms`)).body).toEqual([
      expect.objectContaining({ _id: ids.termId, term: "Dashboard" }),
    ]);
    expect((await get(`/organizations/${ids.orgId}/glossaries`)).body).toEqual([
      expect.objectContaining({ _id: ids.glossaryId, name: "Victim terms", description: "" }),
    ]);
    expect((await get(`/organizations/${ids.orgId}/tm`)).body.data.map((e: { _id: string }) => e._id)).toEqual([ids.tmEntryId]);
    expect((await get(`/organizations/${ids.orgId}/webhooks`)).body).toEqual([
      expect.objectContaining({ _id: ids.orgWebhookId, active: true }),
    ]);
    expect((await get(`/projects/${ids.projectId}/webhooks`)).body).toEqual([
      expect.objectContaining({ _id: ids.projectWebhookId, active: true }),
    ]);
    expect((await get(`/organizations/${ids.orgId}/tokens`)).body.map((t: { _id: string }) => t._id)).toContain(ids.orgTokenId);
    expect((await get(`/projects/${ids.projectId}/tokens`)).body.map((t: { _id: string }) => t._id)).toEqual([ids.projectTokenId]);
    const members = (await get(`/organizations/${ids.orgId}/members`)).body;
    expect(members.find((m: { userId?: string; _id?: string }) => (m.userId ?? m._id) === ids.userId)).toMatchObject({ role: "reviewer" });
    expect((await get(`/organizations/${ids.orgId}/invitations`)).body.map((i: { _id: string }) => i._id)).toContain(ids.invitationId);
    expect((await server.db.prisma.aiJob.findUniqueOrThrow({ where: { id: ids.jobId } })).status).not.toBe("cancelled");
    const activity = await get(`/organizations/${ids.orgId}/activity?limit=200`);
    // Nothing of the victim went out to the AI provider in a prompt either.
    expect(fake.requests.flatMap((r) => leaksIn(JSON.stringify(r.body)))).toEqual([]);
    expect(activity.status).toBe(200);
    expect(activity.body.data.length).toBeGreaterThan(5);
    expect(activity.text).not.toContain(intruder.owner.userId);
  });
});
