// The database going away under a running service: its connections terminated, the server
// restarted, its disk full. The service (api + embedded worker, one process) answers 503 (or 507
// for a full disk) with the documented body and `Retry-After` meanwhile — never a 500, never an
// exit — and works again once the database does, LISTEN/NOTIFY included. On a PostgreSQL
// cluster of this file's own (helpers/private-postgres.ts): the shared server is never touched.
import { open, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeAiProviders, holdAnswers, openSse, seedProject, startFakeAiProviders, waitUntil } from "../helpers/fake-ai-providers";
import { type PrivatePostgres, startPrivatePostgres } from "../helpers/private-postgres";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

let cluster: PrivatePostgres;
let server: TestServer;
let fake: FakeAiProviders;
let user: TestUser;

beforeAll(async () => {
  cluster = await startPrivatePostgres({ dataTmpfsMb: 160 });
  fake = await startFakeAiProviders();
  server = await startTestServer(
    { OPENAI_API_KEY: "k", OPENAI_BASE_URL: fake.openaiUrl, AI_RETRY_BASE_MS: "20", AI_JOB_LEASE_MS: "2000" },
    { databaseUrl: cluster.url, worker: true },
  );
  user = await signUpUser(server);
});

afterAll(async () => {
  // The cluster (a tmpfs mount, server processes) goes whatever happened to the rest.
  try {
    await Promise.race([server?.close(), new Promise((r) => setTimeout(r, 60_000))]);
    await fake?.close();
  } finally {
    await cluster?.remove();
  }
});

/** The documented 503/507: standard body and a Retry-After in seconds. */
function expectUnavailable(res: { status: number; body: any; headers: Headers }, status = 503) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ statusCode: status, error: status === 503 ? "Service Unavailable" : "Insufficient Storage" });
  expect(typeof res.body.message).toBe("string");
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
}

/** Sends NOTIFYs on `channel` until `received` holds one (the listener may still be reconnecting). */
async function notifyUntilReceived(channel: string, received: string[]): Promise<void> {
  let n = 0;
  await waitUntil(
    async () => {
      await server.db.notify(channel, `after-${++n}`).catch(() => {});
      await new Promise((r) => setTimeout(r, 100));
      return received.length > 0;
    },
    60_000,
    0,
  );
}

describe("the database goes away", () => {
  it("survives its connections being terminated, and LISTEN keeps working", async () => {
    const received: string[] = [];
    const unlisten = await server.db.listen("outage_probe", (payload) => received.push(payload));
    expect((await server.request("GET", "/api/projects", { apiKey: user.apiKey })).status).toBe(200);

    // Every connection of the service (found by the application_name it sets), LISTEN's included.
    const terminated = await cluster.sql(
      "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = 'locale-service'",
    );
    expect(Number(terminated)).toBeGreaterThanOrEqual(2);

    // Requests meanwhile: either answered, or a 503 while a connection is replaced; never a 500.
    await waitUntil(async () => {
      const res = await server.request("GET", "/api/projects", { apiKey: user.apiKey });
      if (res.status !== 200) expectUnavailable(res);
      return res.status === 200;
    }, 60_000);
    // The subscription made before the termination is listened to again on a new connection.
    await notifyUntilReceived("outage_probe", received);
    expect(received[0]).toMatch(/^after-/);
    await unlisten();
  });

  it("answers 503 while PostgreSQL restarts, then works again with notifications delivered", async () => {
    const { projectId } = await seedProject(
      server,
      user,
      Array.from({ length: 4 }, (_, i) => ({ key: `restart.${i}`, source: `restart string ${i}` })),
    );
    // Provider answers wait until the database is down, so the job is mid-flight across the restart.
    const release = holdAnswers(fake);
    const start = await server.request("POST", `/api/projects/${projectId}/ai/translate/batch/start`, {
      apiKey: user.apiKey,
      body: { sourceLanguage: "en", targetLanguage: "de" },
    });
    expect(start.status).toBe(200);
    const jobId = start.body.jobId as string;
    const stream = await openSse(`${server.url}/api/projects/${projectId}/ai/translate/batch/stream/${jobId}`, {
      "x-api-key": user.apiKey,
    });
    await waitUntil(() => fake.requests.length > 0, 60_000);

    const received: string[] = [];
    const unlisten = await server.db.listen("restart_probe", (payload) => received.push(payload));
    await cluster.stop();
    try {
      expectUnavailable(await server.request("GET", "/api/projects", { apiKey: user.apiKey }));
      expectUnavailable(await server.request("GET", `/api/projects/${projectId}/keys`, { apiKey: user.apiKey }));
      expectUnavailable(
        await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: user.apiKey, body: { key: "while.down" } }),
      );
      const graphql = await server.request("POST", "/graphql", { apiKey: user.apiKey, body: { query: "{ projects { id } }" } });
      expect(graphql.body.errors?.[0]?.extensions).toMatchObject({ code: "SERVICE_UNAVAILABLE", statusCode: 503 });
      release(); // the worker's saves fail now; the job waits for the database
      await waitUntil(() => fake.requests.length >= 2, 60_000);
    } finally {
      release();
      await cluster.start();
    }

    await waitUntil(async () => (await server.request("GET", "/api/projects", { apiKey: user.apiKey })).status === 200, 60_000);
    const created = await server.request("POST", `/api/projects/${projectId}/keys`, {
      apiKey: user.apiKey,
      body: { key: "after.restart" },
    });
    expect(created.status).toBe(201);
    // A channel listened to before the restart is listened to again.
    await notifyUntilReceived("restart_probe", received);
    await unlisten();
    // The job resumes and the stream opened before the restart (LISTEN on the job's channel) sees
    // it through to the end.
    await stream.done;
    expect(stream.events.at(-1)).toMatchObject({ event: "complete", data: { jobId, translated: 4, total: 4 } });
    const job = await server.db.prisma.aiJob.findUniqueOrThrow({ where: { id: jobId } });
    expect(job.status).toBe("completed");
  });

  it("answers 507 when the database's disk is full, and works again once there is space", async () => {
    const { projectId } = await seedProject(server, user, []);
    const bulk = (tag: string) =>
      server.request("POST", `/api/projects/${projectId}/keys/bulk`, {
        apiKey: user.apiKey,
        body: { keys: Array.from({ length: 500 }, (_, i) => ({ key: `${tag}.${i}`, description: "d".repeat(2000) })) },
      });
    // Fill the data directory's file system to the last byte.
    const filler = path.join(cluster.dataMount!, "filler");
    const file = await open(filler, "w");
    try {
      const chunk = Buffer.alloc(1 << 20);
      for (;;) {
        try {
          await file.write(chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOSPC") break;
          throw error;
        }
      }
      for (;;) {
        try {
          await file.write(Buffer.alloc(4096));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOSPC") break;
          throw error;
        }
      }
    } finally {
      await file.close();
    }
    try {
      const full = await bulk("full");
      expectUnavailable(full, 507);
      expect(await server.db.prisma.key.count({ where: { projectId } })).toBe(0);
      // Reads still work.
      expect((await server.request("GET", `/api/projects/${projectId}`, { apiKey: user.apiKey })).status).toBe(200);
    } finally {
      await rm(filler, { force: true });
    }
    const after = await bulk("space");
    expect(after.status).toBe(200);
    expect(await server.db.prisma.key.count({ where: { projectId } })).toBe(500);
  });
});
