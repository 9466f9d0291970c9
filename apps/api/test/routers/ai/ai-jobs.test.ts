// Batch jobs end to end through the embedded worker: start, the SSE stream with replay after
// Last-Event-ID, cancel, abort after consecutive failures, retries inside a job, and what a job saves.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeAiProviders, openSse, type SeedKey, seedProject, startFakeAiProviders, waitUntil } from "../../helpers/fake-ai-providers";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let fake: FakeAiProviders;

beforeAll(async () => {
  fake = await startFakeAiProviders();
  server = await startTestServer(
    {
      OPENAI_API_KEY: "k",
      OPENAI_BASE_URL: fake.openaiUrl,
      DEFAULT_AI_PROVIDER: "provider_b",
      AI_MAX_CONCURRENCY: "2",
      AI_RETRY_BASE_MS: "20",
      AI_JOB_LEASE_MS: "2000",
      AI_SSE_HEARTBEAT_MS: "100",
    },
    { worker: true },
  );
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const keysOf = (n: number, prefix = "k"): SeedKey[] =>
  Array.from({ length: n }, (_, i) => ({ key: `${prefix}.${String(i).padStart(3, "0")}`, source: `String number ${i}` }));

async function start(user: TestUser, projectId: string, body: Record<string, unknown> = {}) {
  const res = await server.request("POST", `/api/projects/${projectId}/ai/translate/batch/start`, {
    apiKey: user.apiKey,
    body: { sourceLanguage: "en", targetLanguage: "de", ...body },
  });
  expect(res.status).toBe(200);
  return res.body as { jobId: string; total: number; skipped: number; totalKeys: number; page: number; hasMore: boolean };
}

const streamUrl = (projectId: string, jobId: string, query = "") =>
  `${server.url}/api/projects/${projectId}/ai/translate/batch/stream/${jobId}${query}`;

async function jobStatus(jobId: string): Promise<string> {
  return (await server.db.prisma.aiJob.findUniqueOrThrow({ where: { id: jobId } })).status;
}

describe("batch jobs", () => {
  it("starts a job, streams start/progress/complete with increasing ids, and saves AI results", async () => {
    const user = await signUpUser(server);
    const { projectId, keyIds } = await seedProject(server, user, [
      ...keysOf(5),
      { key: "z.empty", source: "" },
      { key: "z.done", source: "Done", targets: { de: "Fertig" } },
    ]);
    fake.reply = (req) => ({ translation: `DE ${req.sourceText}`, confidence: 77, delayMs: 30 });
    const job = await start(user, projectId, { limit: 3 });
    expect(job).toEqual({ jobId: expect.stringMatching(/^[0-9a-f-]{36}$/), total: 3, skipped: 1, totalKeys: 6, page: 1, hasMore: true });

    const stream = await openSse(streamUrl(projectId, job.jobId), { "x-api-key": user.apiKey });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    await stream.done;
    const names = stream.events.map((e) => e.event);
    expect(names).toEqual(["start", "progress", "progress", "progress", "complete"]);
    const ids = stream.events.map((e) => BigInt(e.id));
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    expect(stream.events[0]!.data).toEqual({ jobId: job.jobId, total: 3 });
    const progress = stream.events.filter((e) => e.event === "progress").map((e) => e.data);
    expect(progress.map((p) => p.completed)).toEqual([1, 2, 3]);
    expect(progress[0]).toEqual({
      jobId: job.jobId,
      keyId: expect.any(String),
      key: expect.stringMatching(/^k\.00[0-2]$/),
      status: "translated",
      translation: expect.stringMatching(/^DE String number [0-2]$/),
      confidence: 77,
      completed: 1,
      failed: 0,
      total: 3,
    });
    expect(stream.events[4]!.data).toEqual({ jobId: job.jobId, translated: 3, failed: 0, total: 3, durationMs: expect.any(Number) });
    // DEFAULT_AI_PROVIDER=provider_b: that provider's default tier.
    expect(new Set(fake.requests.map((r) => r.model))).toEqual(new Set(["gpt-4o"]));

    const prisma = server.db.prisma;
    const saved = await prisma.translation.findUniqueOrThrow({ where: { keyId_language: { keyId: keyIds["k.000"]!, language: "de" } } });
    expect(saved).toMatchObject({ value: "DE String number 0", status: "translated", source: "ai", aiConfidence: 77 });
    const history = await prisma.translationHistory.findMany({ where: { keyId: keyIds["k.000"]! } });
    expect(history).toEqual([
      expect.objectContaining({
        changedBy: "ai",
        changedByName: null,
        source: "ai",
        newStatus: "translated",
        previousStatus: "untranslated",
      }),
    ]);
    expect(await prisma.translation.findUnique({ where: { keyId_language: { keyId: keyIds["k.003"]!, language: "de" } } })).toBeNull();
    const generated = await prisma.activity.count({ where: { organizationId: user.orgId, action: "translation.ai_generated" } });
    expect(generated).toBe(3);
    const completed = await prisma.activity.findMany({ where: { organizationId: user.orgId, action: "translation.batch_completed" } });
    expect(completed).toHaveLength(1);
    expect(completed[0]!.metadata).toMatchObject({ jobId: job.jobId, total: 3, translated: 3, failed: 0, skipped: 1, aborted: false });
    expect(await prisma.tmEntry.count({ where: { organizationId: user.orgId, targetLanguage: "de" } })).toBe(3);
    expect(await jobStatus(job.jobId)).toBe("completed");

    // The next page: the rest of the untranslated list.
    const next = await start(user, projectId, { limit: 3 });
    expect(next).toMatchObject({ total: 2, skipped: 1, totalKeys: 3, page: 1, hasMore: false });
  });

  it("replays stored events after Last-Event-ID (header or query) and ends a finished job's stream", async () => {
    const user = await signUpUser(server);
    const { projectId } = await seedProject(server, user, keysOf(4));
    const job = await start(user, projectId);
    await waitUntil(async () => (await jobStatus(job.jobId)) === "completed");
    const full = await openSse(streamUrl(projectId, job.jobId), { "x-api-key": user.apiKey });
    await full.done;
    expect(full.events).toHaveLength(6);

    const afterSecond = await openSse(streamUrl(projectId, job.jobId), { "x-api-key": user.apiKey, "last-event-id": full.events[1]!.id });
    await afterSecond.done;
    expect(afterSecond.events.map((e) => e.id)).toEqual(full.events.slice(2).map((e) => e.id));
    expect(afterSecond.events.at(-1)!.event).toBe("complete");

    const viaQuery = await openSse(streamUrl(projectId, job.jobId, `?lastEventId=${full.events[3]!.id}`), { "x-api-key": user.apiKey });
    await viaQuery.done;
    expect(viaQuery.events.map((e) => e.id)).toEqual(full.events.slice(4).map((e) => e.id));

    const afterEnd = await openSse(streamUrl(projectId, job.jobId), { "x-api-key": user.apiKey, "last-event-id": full.events[5]!.id });
    await afterEnd.done;
    expect(afterEnd.events).toEqual([]);

    const bad = await server.request("GET", `/api/projects/${projectId}/ai/translate/batch/stream/${job.jobId}`, {
      apiKey: user.apiKey,
      headers: { "last-event-id": "abc" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
  });

  it("resumes a live stream after a disconnect without losing or repeating events", async () => {
    const user = await signUpUser(server);
    const { projectId } = await seedProject(server, user, keysOf(8));
    fake.reply = (req) => ({ ...fake.defaultReply(req), delayMs: 120 }) as never;
    const job = await start(user, projectId);
    const first = await openSse(streamUrl(projectId, job.jobId), { "x-api-key": user.apiKey });
    await first.waitFor(3);
    first.close();
    const seen = first.events.slice(0, 3);
    expect(await jobStatus(job.jobId)).toBe("running");
    const second = await openSse(streamUrl(projectId, job.jobId), { "x-api-key": user.apiKey, "last-event-id": seen.at(-1)!.id });
    await second.done;
    const all = [...seen, ...second.events];
    expect(all.map((e) => e.event)).toEqual(["start", ...Array(8).fill("progress"), "complete"]);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(new Set(all.filter((e) => e.event === "progress").map((e) => e.data.keyId)).size).toBe(8);
    // A job this slow gets heartbeat comments between its events.
    expect(second.comments).toContain("heartbeat");
  });

  it("cancels a running job within one item and refuses to cancel a finished job", async () => {
    const user = await signUpUser(server);
    const { projectId } = await seedProject(server, user, keysOf(12));
    fake.reply = (req) => ({ ...fake.defaultReply(req), delayMs: 150 }) as never;
    const job = await start(user, projectId);
    const stream = await openSse(streamUrl(projectId, job.jobId), { "x-api-key": user.apiKey });
    await stream.waitFor(2); // start + the first progress
    const cancel = await server.request("POST", `/api/projects/${projectId}/ai/translate/batch/cancel/${job.jobId}`, {
      apiKey: user.apiKey,
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ jobId: job.jobId, status: "cancelled" });
    const requestsAtCancel = fake.requests.length;
    await stream.done;
    const last = stream.events.at(-1)!;
    expect(last.event).toBe("cancelled");
    const progress = stream.events.filter((e) => e.event === "progress");
    expect(last.data).toEqual({ jobId: job.jobId, translated: progress.length, failed: 0, total: 12 });
    // Each of the 2 concurrency lanes finishes at most the item it had already started.
    expect(fake.requests.length).toBeLessThanOrEqual(requestsAtCancel + 2);
    expect(progress.length).toBeLessThan(12);
    expect(await jobStatus(job.jobId)).toBe("cancelled");
    const translatedRows = await server.db.prisma.translation.count({ where: { projectId, language: "de" } });
    expect(translatedRows).toBe(progress.length);

    const again = await server.request("POST", `/api/projects/${projectId}/ai/translate/batch/cancel/${job.jobId}`, {
      apiKey: user.apiKey,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ statusCode: 409, message: "Job is already finished", error: "Conflict" });
  });

  it("aborts after 5 consecutive failures; skipped items are not counted as failed", async () => {
    const user = await signUpUser(server);
    const { projectId } = await seedProject(server, user, keysOf(15));
    fake.reply = () => ({ status: 400, message: "model overloaded with bad requests" });
    const job = await start(user, projectId);
    const stream = await openSse(streamUrl(projectId, job.jobId), { "x-api-key": user.apiKey });
    await stream.done;
    const complete = stream.events.at(-1)!;
    expect(complete.event).toBe("complete");
    const failedEvents = stream.events.filter((e) => e.event === "progress" && e.data.status === "failed");
    expect(failedEvents.length).toBeGreaterThanOrEqual(5);
    expect(failedEvents[0]!.data.error).toBe("model overloaded with bad requests");
    expect(complete.data).toEqual({
      jobId: job.jobId,
      translated: 0,
      failed: failedEvents.length,
      total: 15,
      durationMs: expect.any(Number),
      aborted: true,
      abortReason: expect.stringContaining("5 consecutive failures"),
    });
    expect(complete.data.failed).toBeLessThan(15);
    const items = await server.db.prisma.aiJobItem.groupBy({ by: ["status"], where: { jobId: job.jobId }, _count: true });
    const byStatus = Object.fromEntries(items.map((i) => [i.status, i._count]));
    expect(byStatus).toEqual({ failed: failedEvents.length, skipped: 15 - failedEvents.length });
    expect(await jobStatus(job.jobId)).toBe("aborted");
    const activity = await server.db.prisma.activity.findFirstOrThrow({
      where: { organizationId: user.orgId, action: "translation.batch_completed" },
    });
    expect(activity.metadata).toMatchObject({ aborted: true, failed: failedEvents.length, translated: 0 });
  });

  it("retries a rate-limited item after retry-after and still translates it", async () => {
    const user = await signUpUser(server);
    const { projectId } = await seedProject(server, user, keysOf(1));
    let calls = 0;
    fake.reply = (req) => (++calls === 1 ? { status: 429, message: "slow down", headers: { "retry-after": "1" } } : fake.defaultReply(req));
    const job = await start(user, projectId);
    const stream = await openSse(streamUrl(projectId, job.jobId), { "x-api-key": user.apiKey });
    await stream.done;
    expect(stream.events.map((e) => e.event)).toEqual(["start", "progress", "complete"]);
    expect(stream.events[1]!.data.status).toBe("translated");
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.receivedAt - fake.requests[0]!.receivedAt).toBeGreaterThanOrEqual(950);
  });

  it("gives concurrent jobs of one language disjoint keys (the second covers the next page)", async () => {
    const user = await signUpUser(server);
    const { projectId } = await seedProject(server, user, keysOf(6));
    fake.reply = (req) => ({ ...fake.defaultReply(req), delayMs: 100 }) as never;
    const a = await start(user, projectId, { limit: 3 });
    const b = await start(user, projectId, { limit: 3 });
    expect(a).toMatchObject({ total: 3, page: 1, hasMore: true });
    expect(b).toMatchObject({ total: 3, page: 2, hasMore: false });
    await waitUntil(async () => (await jobStatus(a.jobId)) === "completed" && (await jobStatus(b.jobId)) === "completed");
    const keys = fake.requests.map((r) => r.keyName).sort();
    expect(keys).toEqual(keysOf(6).map((k) => k.key));
  });

  it("leaves a key that a person translated while the job ran untouched (reported as skipped)", async () => {
    const user = await signUpUser(server);
    const { projectId, keyIds } = await seedProject(server, user, keysOf(4));
    const target = keyIds["k.003"]!;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // The last key's answer waits until a person has saved their own translation of it.
    fake.reply = async (req) => {
      if (req.keyName === "k.003") await gate;
      return fake.defaultReply(req);
    };
    const job = await start(user, projectId);
    await waitUntil(() => fake.requests.some((r) => r.keyName === "k.003"));
    const put = await server.request("PUT", `/api/projects/${projectId}/keys/${target}/translations/de`, {
      apiKey: user.apiKey,
      body: { value: "Von Hand", source: "human" },
    });
    expect(put.status).toBe(200);
    release();
    const stream = await openSse(streamUrl(projectId, job.jobId), { "x-api-key": user.apiKey });
    await stream.done;
    const last = stream.events.filter((e) => e.event === "progress").find((e) => e.data.keyId === target)!;
    expect(last.data).toMatchObject({ status: "skipped", error: "Translated by someone else meanwhile" });
    expect(stream.events.at(-1)!.data).toMatchObject({ translated: 3, failed: 0, total: 4 });
    const row = await server.db.prisma.translation.findUniqueOrThrow({ where: { keyId_language: { keyId: target, language: "de" } } });
    expect(row).toMatchObject({ value: "Von Hand", source: "human" });
  });

  it("makes at most AI_MAX_CONCURRENCY provider calls at a time per organization, across jobs and batches", async () => {
    const user = await signUpUser(server);
    const one = await seedProject(server, user, keysOf(6, "one"));
    const two = await seedProject(server, user, keysOf(6, "two"));
    const three = await seedProject(server, user, keysOf(3, "three"));
    fake.reply = (req) => ({ ...fake.defaultReply(req), delayMs: 80 }) as never;
    const a = await start(user, one.projectId);
    const b = await start(user, two.projectId);
    const sync = await server.request("POST", `/api/projects/${three.projectId}/ai/translate/batch`, {
      apiKey: user.apiKey,
      body: { sourceLanguage: "en", targetLanguage: "de" },
    });
    expect(sync.body.translated).toBe(3);
    await waitUntil(async () => (await jobStatus(a.jobId)) === "completed" && (await jobStatus(b.jobId)) === "completed");
    expect(fake.requests).toHaveLength(15);
    expect(fake.maxInFlight).toBe(2);
  });

  it("keeps jobs inside their project and organization", async () => {
    const user = await signUpUser(server);
    const other = await signUpUser(server);
    const { projectId } = await seedProject(server, user, keysOf(1));
    const { projectId: otherProject } = await seedProject(server, user, []);
    const job = await start(user, projectId);
    const paths = [
      `/api/projects/${projectId}/ai/translate/batch/stream/${job.jobId}`,
      `/api/projects/${projectId}/ai/translate/batch/cancel/${job.jobId}`,
    ];
    for (const path of paths) {
      const method = path.includes("/cancel/") ? "POST" : "GET";
      const foreign = await server.request(method, path, { apiKey: other.apiKey });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ statusCode: 404, message: "Project not found", error: "Not Found" });
      const wrongProject = await server.request(method, path.replace(projectId, otherProject), { apiKey: user.apiKey });
      expect(wrongProject.status).toBe(404);
      expect(wrongProject.body).toEqual({ statusCode: 404, message: "Job not found", error: "Not Found" });
      const unknown = await server.request(method, path.replace(job.jobId, "00000000-0000-0000-0000-000000000000"), {
        apiKey: user.apiKey,
      });
      expect(unknown.body).toEqual({ statusCode: 404, message: "Job not found", error: "Not Found" });
      const anonymous = await server.request(method, path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ statusCode: 401, message: "Unauthorized", error: "Unauthorized" });
    }
    await waitUntil(async () => (await jobStatus(job.jobId)) === "completed");
  });
});
