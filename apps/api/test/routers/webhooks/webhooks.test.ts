// Webhooks end to end: subscriptions over REST, deliveries sent by the in-process worker to a real
// HTTP receiver that checks every signature, retries with backoff, scoping and tenant isolation.

import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createCoreRuntime } from "@locale/core";
import { purgeWebhookDeliveries } from "@locale/core/webhooks";
import { createDb, type Database } from "@locale/db";
import { RUNNERS, startWorker } from "@locale/worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../../src/logger";
import { coreConfigOf } from "../../../src/server";
import { addMember } from "../../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

const FORBIDDEN = { statusCode: 403, message: "Forbidden resource", error: "Forbidden" };
const notFound = (what: string) => ({ statusCode: 404, message: `${what} not found`, error: "Not Found" });

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
  at: number;
}

/**
 * The webhook receiver: records every POST; `/fail-twice/*` answers 500 to the first two per path,
 * `/hang-once/*` leaves the first one unanswered.
 */
class Receiver {
  readonly received: Received[] = [];
  private readonly hits = new Map<string, number>();
  private server!: http.Server;
  url = "";

  async start() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const path = req.url ?? "/";
        this.received.push({ path, headers: req.headers, body, json: JSON.parse(body), at: Date.now() });
        const n = (this.hits.get(path) ?? 0) + 1;
        this.hits.set(path, n);
        if (path.startsWith("/hang-once/") && n === 1) return;
        const fail = path.startsWith("/fail-twice/") && n <= 2;
        res.writeHead(fail ? 500 : 200, { "content-type": "text/plain" }).end(fail ? "boom" : "ok");
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 25));
  }
}

function expectSigned(r: Received, secret: string) {
  const timestamp = r.headers["x-webhook-timestamp"] as string;
  expect(timestamp).toMatch(/^\d{10}$/);
  expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${r.body}`).digest("hex")}`;
  expect(r.headers["x-webhook-signature"]).toBe(expected);
  expect(r.headers["content-type"]).toBe("application/json");
}

let server: TestServer;
let receiver: Receiver;
let owner: TestUser;
let other: TestUser;
let counter = 0;

beforeAll(async () => {
  receiver = new Receiver();
  await receiver.start();
  server = await startTestServer({ WEBHOOK_RETRY_BASE_MS: "50", WEBHOOK_TIMEOUT_MS: "1000" }, { worker: true });
  owner = await signUpUser(server, "Owner");
  other = await signUpUser(server, "Other");
});

afterAll(async () => {
  await server.close();
  await receiver.close();
});

async function createProject(user: TestUser, name = `Project ${++counter}`): Promise<string> {
  const res = await server.request("POST", "/api/projects", {
    apiKey: user.apiKey,
    body: { name, sourceLanguage: "en", targetLanguages: ["de"] },
  });
  expect(res.status).toBe(201);
  return res.body._id;
}

async function createWebhook(path: string, body: Record<string, unknown>, apiKey = owner.apiKey) {
  const res = await server.request("POST", `/api${path}/webhooks`, { apiKey, body });
  expect(res.status, res.text).toBe(201);
  return res.body as { _id: string; secret: string; url: string; events: string[] };
}

describe("webhook subscriptions", () => {
  it("creates, lists, updates and deletes an organization webhook; the secret appears only on create", async () => {
    const created = await server.request("POST", `/api/organizations/${owner.orgId}/webhooks`, {
      apiKey: owner.apiKey,
      body: { url: `${receiver.url}/crud`, events: ["key.created", "project.updated"] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      _id: expect.any(String),
      url: `${receiver.url}/crud`,
      events: ["key.created", "project.updated"],
      active: true,
      projectId: null,
      organizationId: owner.orgId,
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });
    const id = created.body._id;

    const list = await server.request("GET", "/api/organizations/current/webhooks", { cookie: owner.cookie });
    expect(list.status).toBe(200);
    const { secret: _secret, ...withoutSecret } = created.body;
    expect(list.body).toContainEqual(withoutSecret);
    expect(list.text).not.toContain(created.body.secret);

    const patched = await server.request("PATCH", `/api/v1/organizations/${owner.orgId}/webhooks/${id}`, {
      apiKey: owner.apiKey,
      body: { events: ["*"], active: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...withoutSecret, events: ["*"], active: false });
    expect(patched.body.secret).toBeUndefined();

    const deleted = await server.request("DELETE", `/api/organizations/${owner.orgId}/webhooks/${id}`, { apiKey: owner.apiKey });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    const gone = await server.request("GET", `/api/organizations/${owner.orgId}/webhooks/${id}/deliveries`, { apiKey: owner.apiKey });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(notFound("Webhook"));
  });

  it("documents every webhook operation in the OpenAPI document", async () => {
    const doc = await server.request("GET", "/api/openapi.json");
    const paths = doc.body.paths as Record<string, Record<string, unknown>>;
    for (const base of ["/organizations/{orgId}/webhooks", "/projects/{projectId}/webhooks"]) {
      expect(Object.keys(paths[base] ?? {}).sort()).toEqual(["get", "post"]);
      expect(Object.keys(paths[`${base}/{id}`] ?? {}).sort()).toEqual(["delete", "patch"]);
      expect(Object.keys(paths[`${base}/{id}/deliveries`] ?? {})).toEqual(["get"]);
      expect(Object.keys(paths[`${base}/{id}/test`] ?? {})).toEqual(["post"]);
    }
  });

  it("refuses a non-http url and unknown events with 400 naming the field", async () => {
    const path = `/api/organizations/${owner.orgId}/webhooks`;
    const ftp = await server.request("POST", path, { apiKey: owner.apiKey, body: { url: "ftp://example.com/hook", events: ["*"] } });
    expect(ftp.status).toBe(400);
    expect(ftp.body).toEqual({
      statusCode: 400,
      message: "url: must be an absolute http or https URL",
      error: "Bad Request",
      issues: [{ path: "url", message: "must be an absolute http or https URL" }],
    });
    const relative = await server.request("POST", path, { apiKey: owner.apiKey, body: { url: "/hook", events: ["*"] } });
    expect(relative.status).toBe(400);
    expect(relative.body.issues).toEqual([{ path: "url", message: "must be an absolute http or https URL" }]);
    const unknown = await server.request("POST", path, {
      apiKey: owner.apiKey,
      body: { url: `${receiver.url}/x`, events: ["key.created", "key.exploded"] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      statusCode: 400,
      message: 'events.1: unknown event "key.exploded"',
      error: "Bad Request",
      issues: [{ path: "events.1", message: 'unknown event "key.exploded"' }],
    });
    const empty = await server.request("POST", path, { apiKey: owner.apiKey, body: { url: `${receiver.url}/x`, events: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toEqual([{ path: "events", message: "at least one event is required" }]);
    const missing = await server.request("POST", path, { apiKey: owner.apiKey, body: { events: ["*"] } });
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0].path).toBe("url");
    const badPatch = await server.request(
      "PATCH",
      `${path}/${(await createWebhook(`/organizations/${owner.orgId}`, { url: `${receiver.url}/v`, events: ["*"], active: false }))._id}`,
      {
        apiKey: owner.apiKey,
        body: { url: "javascript:alert(1)" },
      },
    );
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.issues).toEqual([{ path: "url", message: "must be an absolute http or https URL" }]);
  });
});

describe("deliveries", () => {
  it("signs, retries a failing receiver with backoff and logs every attempt until it succeeds", async () => {
    const hook = await createWebhook(`/organizations/${owner.orgId}`, {
      url: `${receiver.url}/fail-twice/created`,
      events: ["project.created"],
    });
    const projectId = await createProject(owner, "Retried");

    const got = await waitFor(() => (receiver.at("/fail-twice/created").length >= 3 ? receiver.at("/fail-twice/created") : undefined));
    for (const r of got) expectSigned(r, hook.secret);
    const [first, second, third] = got as [Received, Received, Received];
    expect(first.json).toEqual({
      id: expect.any(String),
      event: "project.created",
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      organizationId: owner.orgId,
      projectId,
      data: expect.objectContaining({
        targetId: projectId,
        targetType: "project",
        userId: owner.userId,
        metadata: expect.objectContaining({ name: "Retried" }),
      }),
    });
    // Every attempt carries the same event and delivery id; only the timestamp and signature change.
    expect(second.body).toBe(first.body);
    expect(third.body).toBe(first.body);
    expect(new Set(got.map((r) => r.headers["x-webhook-id"])).size).toBe(1);
    expect(got.map((r) => r.headers["x-webhook-event"])).toEqual(["project.created", "project.created", "project.created"]);
    // Backoff: 50 ms after the first failure, 100 ms after the second.
    expect(second.at - first.at).toBeGreaterThanOrEqual(45);
    expect(third.at - second.at).toBeGreaterThanOrEqual(95);

    const deliveries = await waitFor(async () => {
      const res = await server.request("GET", `/api/organizations/${owner.orgId}/webhooks/${hook._id}/deliveries`, {
        apiKey: owner.apiKey,
      });
      return res.body[0]?.status === "succeeded" ? res : undefined;
    });
    expect(deliveries.status).toBe(200);
    expect(deliveries.body).toHaveLength(1);
    const delivery = deliveries.body[0];
    expect(delivery).toEqual({
      _id: first.headers["x-webhook-id"],
      webhookId: hook._id,
      event: "project.created",
      status: "succeeded",
      attempts: 3,
      responseStatus: 200,
      error: null,
      durationMs: expect.any(Number),
      nextAttemptAt: null,
      created: expect.any(String),
      attemptLog: [
        { attempt: 1, responseStatus: 500, error: "HTTP 500", durationMs: expect.any(Number), created: expect.any(String) },
        { attempt: 2, responseStatus: 500, error: "HTTP 500", durationMs: expect.any(Number), created: expect.any(String) },
        { attempt: 3, responseStatus: 200, error: null, durationMs: expect.any(Number), created: expect.any(String) },
      ],
    });
    expect(deliveries.text).not.toContain(hook.secret);
    // Exactly three requests: the success is final.
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.at("/fail-twice/created")).toHaveLength(3);
  });

  it("gives up after 8 attempts against a receiver that is down", async () => {
    const hook = await createWebhook(`/organizations/${owner.orgId}`, {
      url: "http://127.0.0.1:9/unreachable",
      events: ["project.updated"],
    });
    const projectId = await createProject(owner);
    expect((await server.request("PATCH", `/api/projects/${projectId}`, { apiKey: owner.apiKey, body: { description: "x" } })).status).toBe(
      200,
    );
    // 50 + 100 + ... + 3200 ms of backoff in all.
    const delivery = await waitFor(async () => {
      const res = await server.request("GET", `/api/organizations/${owner.orgId}/webhooks/${hook._id}/deliveries`, {
        apiKey: owner.apiKey,
      });
      return res.body[0]?.status === "failed" ? res.body[0] : undefined;
    }, 30_000);
    expect(delivery.attempts).toBe(8);
    expect(delivery.attemptLog).toHaveLength(8);
    expect(delivery.attemptLog.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(delivery.responseStatus).toBeNull();
    expect(delivery.error).toMatch(/ECONNREFUSED|fetch failed/);
    expect(delivery.nextAttemptAt).toBeNull();
    await server.request("DELETE", `/api/organizations/${owner.orgId}/webhooks/${hook._id}`, { apiKey: owner.apiKey });
  });

  it("counts a receiver that does not answer within the timeout as a failed attempt", async () => {
    const hook = await createWebhook(`/organizations/${owner.orgId}`, { url: `${receiver.url}/hang-once/a`, events: ["key.created"] });
    const res = await server.request("POST", `/api/organizations/${owner.orgId}/webhooks/${hook._id}/test`, { apiKey: owner.apiKey });
    expect(res.body).toMatchObject({ status: "pending", attempts: 1, responseStatus: null, error: "Timed out after 1000 ms" });
    expect(res.body.durationMs).toBeGreaterThanOrEqual(990);
    const done = await waitFor(async () => {
      const list = await server.request("GET", `/api/organizations/${owner.orgId}/webhooks/${hook._id}/deliveries`, {
        apiKey: owner.apiKey,
      });
      return list.body[0]?.status === "succeeded" ? list.body[0] : undefined;
    });
    expect(done.attemptLog.map((a: { error: string | null }) => a.error)).toEqual(["Timed out after 1000 ms", null]);
  });

  it("stops retrying a delivery once its webhook is switched off", async () => {
    const hook = await createWebhook(`/organizations/${owner.orgId}`, {
      url: `${receiver.url}/hang-once/off`,
      events: ["project.updated"],
    });
    const projectId = await createProject(owner);
    await server.request("PATCH", `/api/projects/${projectId}`, { apiKey: owner.apiKey, body: { description: "x" } });
    // While the first attempt hangs, the owner switches the webhook off.
    await waitFor(() => receiver.at("/hang-once/off").length === 1);
    await server.request("PATCH", `/api/organizations/${owner.orgId}/webhooks/${hook._id}`, {
      apiKey: owner.apiKey,
      body: { active: false },
    });
    const delivery = await waitFor(async () => {
      const list = await server.request("GET", `/api/organizations/${owner.orgId}/webhooks/${hook._id}/deliveries`, {
        apiKey: owner.apiKey,
      });
      return list.body[0]?.status === "failed" ? list.body[0] : undefined;
    });
    expect(delivery.attemptLog.map((a: { error: string }) => a.error)).toEqual(["Timed out after 1000 ms", "Webhook is inactive"]);
    expect(receiver.at("/hang-once/off")).toHaveLength(1);
  });

  it("purges finished deliveries past the retention period and keeps recent and pending ones", async () => {
    const hook = await createWebhook(`/organizations/${owner.orgId}`, { url: `${receiver.url}/retention`, events: ["key.created"] });
    const old = await server.request("POST", `/api/organizations/${owner.orgId}/webhooks/${hook._id}/test`, { apiKey: owner.apiKey });
    const recent = await server.request("POST", `/api/organizations/${owner.orgId}/webhooks/${hook._id}/test`, { apiKey: owner.apiKey });
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await server.db.prisma.webhookDelivery.update({ where: { id: old.body._id }, data: { createdAt: longAgo } });
    const stuck = await server.db.prisma.webhookDelivery.create({
      data: { webhookId: hook._id, event: "key.created", payload: {}, createdAt: longAgo, nextAttemptAt: new Date(Date.now() + 3_600_000) },
    });
    expect(await purgeWebhookDeliveries(server.db, { retentionDays: 30 })).toBeGreaterThanOrEqual(1);
    const list = await server.request("GET", `/api/organizations/${owner.orgId}/webhooks/${hook._id}/deliveries`, { apiKey: owner.apiKey });
    expect(list.body.map((d: { _id: string }) => d._id).sort()).toEqual([recent.body._id, stuck.id].sort());
  });

  it("sends every delivery exactly once while a second worker process shares the database", async () => {
    // On PostgreSQL the second worker has its own connection pool, as a separate process would.
    let secondDb: Database = server.db;
    if (server.db.kind === "postgres") {
      const [row] = await server.db.query<{ name: string }>("SELECT current_database() AS name");
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${row!.name}`;
      secondDb = await createDb(url.toString(), { migrate: false });
    }
    const second = await startWorker(
      {
        db: secondDb,
        config: coreConfigOf(server.config),
        // A process of its own: its own caches and clients.
        runtime: createCoreRuntime(),
        env: { WEBHOOK_RETRY_BASE_MS: "50", WEBHOOK_TIMEOUT_MS: "1000" },
        logger: createLogger("silent"),
      },
      RUNNERS.filter((r) => r.name === "webhook-deliveries"),
    );
    try {
      const hook = await createWebhook(`/organizations/${owner.orgId}`, {
        url: `${receiver.url}/fail-twice/shared`,
        events: ["project.created"],
      });
      const projects = await Promise.all(Array.from({ length: 10 }, () => createProject(owner)));
      // The receiver fails the first two requests, so two of the deliveries need a retry.
      await waitFor(async () => {
        const list = await server.request("GET", `/api/organizations/${owner.orgId}/webhooks/${hook._id}/deliveries`, {
          apiKey: owner.apiKey,
        });
        return list.body.length === 10 && list.body.every((d: { status: string }) => d.status === "succeeded");
      });
      await new Promise((r) => setTimeout(r, 300));
      const got = receiver.at("/fail-twice/shared");
      const list = await server.request("GET", `/api/organizations/${owner.orgId}/webhooks/${hook._id}/deliveries`, {
        apiKey: owner.apiKey,
      });
      // No attempt was made twice, by either worker: each delivery reached the receiver at most as
      // often as it logged attempts, and at least as often as an attempt was answered. (On a loaded
      // machine an attempt can time out on the sender's side; such a request may or may not have
      // reached the receiver, and is retried like any failure.)
      const sent = new Map<string, number>();
      for (const r of got) sent.set(r.headers["x-webhook-id"] as string, (sent.get(r.headers["x-webhook-id"] as string) ?? 0) + 1);
      expect(list.body).toHaveLength(10);
      for (const d of list.body as { _id: string; attempts: number; attemptLog: { responseStatus: number | null }[] }[]) {
        const answered = d.attemptLog.filter((a) => a.responseStatus !== null).length;
        expect(sent.get(d._id) ?? 0).toBeGreaterThanOrEqual(answered);
        expect(sent.get(d._id) ?? 0).toBeLessThanOrEqual(d.attempts);
        expect(d.attemptLog).toHaveLength(d.attempts);
      }
      expect(new Set(got.map((r) => r.json.projectId))).toEqual(new Set(projects));
    } finally {
      await second.stop();
      if (secondDb !== server.db) await secondDb.close();
    }
  });

  it("sends a project webhook only its own project's events, an organization webhook all of them", async () => {
    const mine = await createProject(owner);
    const another = await createProject(owner);
    const projectHook = await createWebhook(`/projects/${mine}`, { url: `${receiver.url}/project-scope`, events: ["*"] });
    const orgHook = await createWebhook(`/organizations/${owner.orgId}`, { url: `${receiver.url}/org-scope`, events: ["project.updated"] });
    expect(projectHook).toMatchObject({ events: ["*"] });

    const projectList = await server.request("GET", `/api/projects/${mine}/webhooks`, { apiKey: owner.apiKey });
    expect(projectList.body.map((h: { _id: string }) => h._id)).toEqual([projectHook._id]);
    expect(projectList.body[0].projectId).toBe(mine);
    const orgList = await server.request("GET", `/api/organizations/${owner.orgId}/webhooks`, { apiKey: owner.apiKey });
    expect(orgList.body.map((h: { _id: string }) => h._id)).not.toContain(projectHook._id);

    await server.request("PATCH", `/api/projects/${another}`, { apiKey: owner.apiKey, body: { description: "other project" } });
    await server.request("PATCH", `/api/projects/${mine}`, { apiKey: owner.apiKey, body: { description: "my project" } });

    const orgGot = await waitFor(() => (receiver.at("/org-scope").length >= 2 ? receiver.at("/org-scope") : undefined));
    expect(orgGot.map((r) => r.json.projectId).sort()).toEqual([another, mine].sort());
    const projectGot = await waitFor(() => (receiver.at("/project-scope").length >= 1 ? receiver.at("/project-scope") : undefined));
    expect(projectGot).toHaveLength(1);
    expect(projectGot[0]!.json).toMatchObject({ event: "project.updated", projectId: mine });
    expectSigned(projectGot[0]!, projectHook.secret);
    // The same project webhook is not reachable through another project or the organization.
    expect(
      (await server.request("GET", `/api/projects/${another}/webhooks/${projectHook._id}/deliveries`, { apiKey: owner.apiKey })).body,
    ).toEqual(notFound("Webhook"));
    expect(
      (await server.request("DELETE", `/api/organizations/${owner.orgId}/webhooks/${projectHook._id}`, { apiKey: owner.apiKey })).body,
    ).toEqual(notFound("Webhook"));
    await server.request("DELETE", `/api/organizations/${owner.orgId}/webhooks/${orgHook._id}`, { apiKey: owner.apiKey });
  });

  it("sends nothing to an inactive webhook or for events outside a webhook's filter", async () => {
    const projectId = await createProject(owner);
    const inactive = await createWebhook(`/projects/${projectId}`, { url: `${receiver.url}/inactive`, events: ["*"], active: false });
    const filtered = await createWebhook(`/projects/${projectId}`, { url: `${receiver.url}/filtered`, events: ["key.created"] });
    const control = await createWebhook(`/projects/${projectId}`, { url: `${receiver.url}/control`, events: ["project.updated"] });

    await server.request("PATCH", `/api/projects/${projectId}`, { apiKey: owner.apiKey, body: { description: "changed" } });
    await waitFor(() => receiver.at("/control").length === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.at("/inactive")).toEqual([]);
    expect(receiver.at("/filtered")).toEqual([]);
    for (const hook of [inactive, filtered]) {
      const deliveries = await server.request("GET", `/api/projects/${projectId}/webhooks/${hook._id}/deliveries`, {
        apiKey: owner.apiKey,
      });
      expect(deliveries.status).toBe(200);
      expect(deliveries.body).toEqual([]);
    }
    expectSigned(receiver.at("/control")[0]!, control.secret);

    // Switching the webhook on makes later events arrive.
    await server.request("PATCH", `/api/projects/${projectId}/webhooks/${inactive._id}`, { apiKey: owner.apiKey, body: { active: true } });
    await server.request("PATCH", `/api/projects/${projectId}`, { apiKey: owner.apiKey, body: { description: "again" } });
    const got = await waitFor(() => receiver.at("/inactive")[0]);
    expect(got.json.event).toBe("project.updated");
  });

  it("POST /test sends a signed webhook.test event at once and answers the delivery", async () => {
    const projectId = await createProject(owner);
    const hook = await createWebhook(`/projects/${projectId}`, { url: `${receiver.url}/test-ok`, events: ["key.created"] });
    const res = await server.request("POST", `/api/projects/${projectId}/webhooks/${hook._id}/test`, { apiKey: owner.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      event: "webhook.test",
      status: "succeeded",
      attempts: 1,
      responseStatus: 200,
      error: null,
      webhookId: hook._id,
    });
    expect(res.body.attemptLog).toEqual([
      { attempt: 1, responseStatus: 200, error: null, durationMs: expect.any(Number), created: expect.any(String) },
    ]);
    const [got] = receiver.at("/test-ok");
    expect(got).toBeDefined();
    expectSigned(got!, hook.secret);
    expect(got!.headers["x-webhook-event"]).toBe("webhook.test");
    expect(got!.headers["x-webhook-id"]).toBe(res.body._id);
    expect(got!.json).toMatchObject({ event: "webhook.test", organizationId: owner.orgId, projectId, data: { webhookId: hook._id } });
    expect(res.text).not.toContain(hook.secret);
  });

  it("POST /test answers a failed first attempt as pending, and the worker retries it", async () => {
    const hook = await createWebhook(`/organizations/${owner.orgId}`, { url: `${receiver.url}/fail-twice/test`, events: ["key.created"] });
    const res = await server.request("POST", `/api/organizations/current/webhooks/${hook._id}/test`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "pending",
      attempts: 1,
      responseStatus: 500,
      error: "HTTP 500",
      nextAttemptAt: expect.any(String),
    });
    const done = await waitFor(async () => {
      const list = await server.request("GET", `/api/organizations/current/webhooks/${hook._id}/deliveries`, { cookie: owner.cookie });
      return list.body[0]?.status === "succeeded" ? list.body[0] : undefined;
    });
    expect(done.attempts).toBe(3);
    expect(receiver.at("/fail-twice/test")).toHaveLength(3);
  });
});

describe("access", () => {
  it("refuses new or changed webhooks on an archived project with 409 but still lists them", async () => {
    const projectId = await createProject(owner);
    const hook = await createWebhook(`/projects/${projectId}`, { url: `${receiver.url}/archived`, events: ["*"], active: false });
    expect((await server.request("DELETE", `/api/projects/${projectId}`, { apiKey: owner.apiKey })).status).toBe(200);
    const create = await server.request("POST", `/api/projects/${projectId}/webhooks`, {
      apiKey: owner.apiKey,
      body: { url: `${receiver.url}/archived`, events: ["*"] },
    });
    expect(create.status).toBe(409);
    expect(create.body).toEqual({ statusCode: 409, message: "Project is archived", error: "Conflict" });
    const patch = await server.request("PATCH", `/api/projects/${projectId}/webhooks/${hook._id}`, {
      apiKey: owner.apiKey,
      body: { active: true },
    });
    expect(patch.body).toEqual({ statusCode: 409, message: "Project is archived", error: "Conflict" });
    const list = await server.request("GET", `/api/projects/${projectId}/webhooks`, { apiKey: owner.apiKey });
    expect(list.body.map((h: { _id: string }) => h._id)).toEqual([hook._id]);
  });

  it("answers 404 for another organization's webhooks, projects and organization id", async () => {
    const projectId = await createProject(owner);
    const orgHook = await createWebhook(`/organizations/${owner.orgId}`, { url: `${receiver.url}/private`, events: ["*"], active: false });
    const projectHook = await createWebhook(`/projects/${projectId}`, { url: `${receiver.url}/private`, events: ["*"], active: false });
    const as = { apiKey: other.apiKey };

    expect((await server.request("GET", `/api/organizations/${owner.orgId}/webhooks`, as)).body).toEqual(notFound("Organization"));
    expect(
      (
        await server.request("POST", `/api/organizations/${owner.orgId}/webhooks`, {
          ...as,
          body: { url: `${receiver.url}/x`, events: ["*"] },
        })
      ).body,
    ).toEqual(notFound("Organization"));
    for (const [method, suffix] of [
      ["PATCH", ""],
      ["DELETE", ""],
      ["GET", "/deliveries"],
      ["POST", "/test"],
    ] as const) {
      const res = await server.request(method, `/api/organizations/current/webhooks/${orgHook._id}${suffix}`, {
        ...as,
        body: method === "PATCH" ? { active: true } : undefined,
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound("Webhook"));
      const viaProject = await server.request(method, `/api/projects/${projectId}/webhooks/${projectHook._id}${suffix}`, {
        ...as,
        body: method === "PATCH" ? { active: true } : undefined,
      });
      expect(viaProject.body).toEqual(notFound("Project"));
    }
    expect((await server.request("GET", `/api/projects/${projectId}/webhooks`, as)).body).toEqual(notFound("Project"));
    expect(receiver.at("/private")).toEqual([]);
    // Nothing was changed by the attempts.
    const still = await server.request("GET", `/api/organizations/${owner.orgId}/webhooks`, { apiKey: owner.apiKey });
    expect(still.body.find((h: { _id: string }) => h._id === orgHook._id)).toMatchObject({ active: false });
  });

  it("lets owners and admins manage webhooks and refuses other roles and tokens without the webhooks scope with 403", async () => {
    const projectId = await createProject(owner);
    const hook = await createWebhook(`/organizations/${owner.orgId}`, { url: `${receiver.url}/roles`, events: ["*"], active: false });
    const admin = await addMember(server, owner, "admin");
    const adminList = await server.request("GET", `/api/organizations/current/webhooks`, { cookie: admin.cookie });
    expect(adminList.status).toBe(200);
    expect(adminList.body.map((h: { _id: string }) => h._id)).toContain(hook._id);
    expect(
      (
        await server.request("POST", `/api/projects/${projectId}/webhooks`, {
          cookie: admin.cookie,
          body: { url: `${receiver.url}/a`, events: ["*"], active: false },
        })
      ).status,
    ).toBe(201);

    for (const role of ["developer", "translator", "reviewer"] as const) {
      const member = await addMember(server, owner, role, { withApiKey: role === "developer" });
      const auth = member.apiKey ? { apiKey: member.apiKey } : { cookie: member.cookie };
      const list = await server.request("GET", `/api/organizations/current/webhooks`, auth);
      expect(list.status).toBe(403);
      expect(list.body).toEqual(FORBIDDEN);
      expect(
        (
          await server.request("POST", `/api/projects/${projectId}/webhooks`, {
            ...auth,
            body: { url: `${receiver.url}/r`, events: ["*"] },
          })
        ).body,
      ).toEqual(FORBIDDEN);
      expect(
        (await server.request("PATCH", `/api/organizations/current/webhooks/${hook._id}`, { ...auth, body: { active: true } })).body,
      ).toEqual(FORBIDDEN);
      expect((await server.request("POST", `/api/organizations/current/webhooks/${hook._id}/test`, auth)).body).toEqual(FORBIDDEN);
    }

    // A project token manages its own project's webhooks only.
    const projectToken = await server.request("POST", `/api/projects/${projectId}/tokens`, {
      cookie: owner.cookie,
      body: { name: "project" },
    });
    expect(projectToken.status).toBe(201);
    const asProject = { apiKey: projectToken.body.token };
    expect((await server.request("GET", `/api/projects/${projectId}/webhooks`, asProject)).status).toBe(200);
    expect((await server.request("GET", `/api/organizations/current/webhooks`, asProject)).body).toEqual(FORBIDDEN);
    const elsewhere = await createProject(owner);
    expect((await server.request("GET", `/api/projects/${elsewhere}/webhooks`, asProject)).body).toEqual(notFound("Project"));

    const scoped = await server.request("POST", `/api/organizations/current/tokens`, {
      cookie: owner.cookie,
      body: { name: "no webhooks", scopes: ["projects:read"] },
    });
    expect((await server.request("GET", `/api/organizations/current/webhooks`, { apiKey: scoped.body.token })).body).toEqual(FORBIDDEN);
    expect(receiver.at("/roles")).toEqual([]);
  });
});
