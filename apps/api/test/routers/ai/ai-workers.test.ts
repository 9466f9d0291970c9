// Several worker instances over one database: a worker killed mid-job leaves the job to another,
// which finishes it without redoing done items; concurrent workers never translate an item twice.

import { type AiBatchRunnerHandle, createAiBatchRunner, type WorkerDeps } from "@locale/worker";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../../src/logger";
import { coreConfigOf } from "../../../src/server";
import { type FakeAiProviders, holdAnswers, openSse, seedProject, startFakeAiProviders, waitUntil } from "../../helpers/fake-ai-providers";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let fake: FakeAiProviders;
let deps: WorkerDeps;
const handles: AiBatchRunnerHandle[] = [];

beforeAll(async () => {
  fake = await startFakeAiProviders();
  // No embedded worker: each test starts its own instances.
  server = await startTestServer({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: fake.openaiUrl, AI_MAX_CONCURRENCY: "2", AI_RETRY_BASE_MS: "20" });
  deps = {
    db: server.db,
    config: coreConfigOf(server.config),
    runtime: server.runtime,
    env: { ...server.config },
    logger: createLogger("silent"),
  };
});
afterEach(async () => {
  for (const h of handles.splice(0)) await h.stop();
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
beforeEach(() => fake.reset());

async function startWorkerInstance(workerId: string, leaseMs: number): Promise<AiBatchRunnerHandle> {
  const handle = await createAiBatchRunner({ workerId, leaseMs, pollMs: 100 }).start(deps);
  handles.push(handle);
  return handle;
}

async function startJob(user: TestUser, projectId: string): Promise<string> {
  const res = await server.request("POST", `/api/projects/${projectId}/ai/translate/batch/start`, {
    apiKey: user.apiKey,
    body: { sourceLanguage: "en", targetLanguage: "de" },
  });
  expect(res.status).toBe(200);
  return res.body.jobId;
}

const keys = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({ key: `${tag}.${String(i).padStart(2, "0")}`, source: `${tag} string ${i}` }));

// Longer than any test: a lease never runs out by itself, however loaded the machine.
const LONG_LEASE_MS = 600_000;

/** Makes a job's lease run out now, as the time after a worker's last renewal would. */
async function expireLease(jobId: string): Promise<void> {
  await server.db.prisma.$executeRawUnsafe(`UPDATE "AiJob" SET "heartbeatAt" = now() - interval '1 day' WHERE id = $1`, jobId);
}

async function itemStatuses(jobId: string): Promise<Map<string, string>> {
  const items = await server.db.prisma.aiJobItem.findMany({ where: { jobId } });
  return new Map(items.map((i) => [i.keyId, i.status]));
}

describe("AI batch workers", () => {
  // The guarantee: an item whose result was saved is never asked of the provider again. A call
  // whose result was not saved yet when its worker died may be repeated by the worker that takes
  // over: at most one per lane (AI_MAX_CONCURRENCY = 2 here). Leases are long, so a loaded machine
  // never lets one run out by itself; the dead worker's lease is made to run out by the test.
  it("resumes a job whose worker died, without redoing the items it finished", async () => {
    const user = await signUpUser(server);
    const { projectId } = await seedProject(server, user, keys(14, "dead"));
    fake.reply = (req) => ({ ...fake.defaultReply(req), delayMs: 150 }) as never;
    const first = await startWorkerInstance("worker-1", LONG_LEASE_MS);
    const jobId = await startJob(user, projectId);
    await waitUntil(async () => [...(await itemStatuses(jobId)).values()].filter((s) => s === "translated").length >= 4, 60_000);

    await first.kill();
    const doneBefore = [...(await itemStatuses(jobId)).entries()].filter(([, s]) => s === "translated").map(([k]) => k);
    expect(doneBefore.length).toBeGreaterThanOrEqual(4);
    expect(doneBefore.length).toBeLessThan(14);
    const job = await server.db.prisma.aiJob.findUniqueOrThrow({ where: { id: jobId } });
    expect(job).toMatchObject({ status: "running", lockedBy: "worker-1" });
    await expireLease(jobId);

    await startWorkerInstance("worker-2", LONG_LEASE_MS);
    await waitUntil(async () => (await server.db.prisma.aiJob.findUniqueOrThrow({ where: { id: jobId } })).status === "completed", 60_000);

    const statuses = await itemStatuses(jobId);
    expect([...statuses.values()].every((s) => s === "translated")).toBe(true);
    const sourceOf = new Map(
      (await server.db.prisma.translation.findMany({ where: { projectId, language: "en" } })).map((t) => [t.keyId, t.value]),
    );
    const asked = new Map<string, number>();
    for (const r of fake.requests) asked.set(r.sourceText, (asked.get(r.sourceText) ?? 0) + 1);
    // Every item asked; the finished ones exactly once; the others at most twice, and only as
    // many twice as there were lanes in flight when the worker died.
    expect(asked.size).toBe(14);
    for (const keyId of doneBefore) expect(asked.get(sourceOf.get(keyId)!)).toBe(1);
    expect([...asked.values()].every((n) => n <= 2)).toBe(true);
    expect([...asked.values()].filter((n) => n === 2).length).toBeLessThanOrEqual(2);

    const events = await server.db.prisma.aiJobEvent.findMany({ where: { jobId }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.event)).toEqual(["start", ...Array(14).fill("progress"), "complete"]);
    expect(new Set(events.filter((e) => e.event === "progress").map((e) => (e.data as { keyId: string }).keyId)).size).toBe(14);
    expect(events.at(-1)!.data).toMatchObject({ translated: 14, failed: 0, total: 14 });
    // Exactly one save per key: one history entry each.
    const history = await server.db.prisma.translationHistory.groupBy({ by: ["keyId"], where: { projectId }, _count: true });
    expect(history).toHaveLength(14);
    expect(history.every((h) => h._count === 1)).toBe(true);
  });

  it("never runs one job twice in a worker whose lease ran out while it worked (a stalled process)", { timeout: 180_000 }, async () => {
    const user = await signUpUser(server);
    const { projectId } = await seedProject(server, user, keys(6, "stall"));
    const release = holdAnswers(fake);
    const lines: { msg?: string }[] = [];
    const logger = pino({ level: "debug" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const handle = await createAiBatchRunner({ workerId: "worker-stall", leaseMs: LONG_LEASE_MS, pollMs: 100 }).start({ ...deps, logger });
    handles.push(handle);
    const jobId = await startJob(user, projectId);
    await waitUntil(() => fake.requests.length >= 2, 60_000); // both lanes wait for the provider
    try {
      // As if the process had not renewed its lease in time: the dispatcher queues the job again
      // and this worker's queue handler claims it once more, while the first run still works.
      await expireLease(jobId);
      // Claimed again by this worker: the lease is fresh and its own once more.
      await waitUntil(async () => {
        const [row] = await server.db.prisma.$queryRawUnsafe<{ claimed: boolean }[]>(
          `SELECT "lockedBy" = 'worker-stall' AND "heartbeatAt" > now() - interval '1 hour' AS claimed FROM "AiJob" WHERE id = $1`,
          jobId,
        );
        return row?.claimed === true;
      }, 60_000);
    } finally {
      release();
    }
    await waitUntil(async () => (await server.db.prisma.aiJob.findUniqueOrThrow({ where: { id: jobId } })).status === "completed", 60_000);
    // One run: every item asked once, and the second claim left the job to the first run.
    const sources = fake.requests.map((r) => r.sourceText);
    expect(sources).toHaveLength(6);
    expect(new Set(sources).size).toBe(6);
    expect(lines.some((l) => l.msg === "AI batch job already running in this worker; its lease was taken back")).toBe(true);
  });

  it("hands a job over at once on a graceful stop", async () => {
    const user = await signUpUser(server);
    const { projectId } = await seedProject(server, user, keys(8, "stop"));
    fake.reply = (req) => ({ ...fake.defaultReply(req), delayMs: 80 }) as never;
    const first = await startWorkerInstance("worker-3", 60_000);
    const jobId = await startJob(user, projectId);
    await waitUntil(async () => [...(await itemStatuses(jobId)).values()].some((s) => s === "translated"));
    await first.stop();
    expect((await server.db.prisma.aiJob.findUniqueOrThrow({ where: { id: jobId } })).lockedBy).toBeNull();
    // The lease is 60 s: only the release lets the next worker take over this quickly.
    await startWorkerInstance("worker-4", 60_000);
    await waitUntil(async () => (await server.db.prisma.aiJob.findUniqueOrThrow({ where: { id: jobId } })).status === "completed", 10_000);
    const sources = fake.requests.map((r) => r.sourceText);
    expect(new Set(sources).size).toBe(8);
    expect(sources).toHaveLength(8);
  });

  it("cancels a job no worker has taken yet at once, with its cancelled event", async () => {
    const user = await signUpUser(server);
    const { projectId } = await seedProject(server, user, keys(3, "queued"));
    const jobId = await startJob(user, projectId);
    const cancel = await server.request("POST", `/api/projects/${projectId}/ai/translate/batch/cancel/${jobId}`, { apiKey: user.apiKey });
    expect(cancel.body).toEqual({ jobId, status: "cancelled" });
    expect((await server.db.prisma.aiJob.findUniqueOrThrow({ where: { id: jobId } })).status).toBe("cancelled");
    const stream = await openSse(`${server.url}/api/projects/${projectId}/ai/translate/batch/stream/${jobId}`, {
      "x-api-key": user.apiKey,
    });
    await stream.done;
    expect(stream.events.map((e) => [e.event, e.data])).toEqual([["cancelled", { jobId, translated: 0, failed: 0, total: 3 }]]);
    // A worker starting later leaves it alone.
    await startWorkerInstance("worker-late", 5_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(fake.requests).toHaveLength(0);
  });

  it("never lets two running workers translate the same item", async () => {
    await startWorkerInstance("worker-a", LONG_LEASE_MS);
    await startWorkerInstance("worker-b", LONG_LEASE_MS);
    const user = await signUpUser(server);
    fake.reply = (req) => ({ ...fake.defaultReply(req), delayMs: 40 }) as never;
    const jobIds: string[] = [];
    for (let j = 0; j < 4; j++) {
      const { projectId } = await seedProject(server, user, keys(6, `job${j}`));
      jobIds.push(await startJob(user, projectId));
    }
    await waitUntil(async () => (await server.db.prisma.aiJob.count({ where: { id: { in: jobIds }, status: "completed" } })) === 4, 60_000);
    const sources = fake.requests.map((r) => r.sourceText);
    expect(sources).toHaveLength(24);
    expect(new Set(sources).size).toBe(24);
    const progress = await server.db.prisma.aiJobEvent.count({ where: { jobId: { in: jobIds }, event: "progress" } });
    expect(progress).toBe(24);
  });
});
