// AI batch job events through the SDK: a real job on a real server (provider double speaking the
// OpenAI wire format), resumed with Last-Event-ID, and automatic reconnects after a dropped stream.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeAiProviders, patchSettings, seedProject, startFakeAiProviders } from "../../../apps/api/test/helpers/fake-ai-providers";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../../apps/api/test/helpers/test-server";
import { ApiError, type BatchEvent, createClient, type LocaleClient } from "../src";

let server: TestServer;
let fake: FakeAiProviders;
let user: TestUser;
let client: LocaleClient;

beforeAll(async () => {
  fake = await startFakeAiProviders();
  server = await startTestServer(
    { OPENAI_BASE_URL: fake.openaiUrl, ANTHROPIC_BASE_URL: fake.anthropicUrl, AI_RETRY_BASE_MS: "20" },
    { worker: true },
  );
  user = await signUpUser(server);
  await patchSettings(server, user, { aiProviderKeys: { provider_b: "sk-test" }, aiProvider: "provider_b" });
  client = createClient({ baseUrl: server.url, apiKey: user.apiKey });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe("batch job events against the real server", () => {
  it("streams start, one progress per key and complete; a resumed stream skips what was seen", async () => {
    const { projectId } = await seedProject(server, user, [
      { key: "a", source: "Apple" },
      { key: "b", source: "Banana" },
      { key: "c", source: "Cherry" },
    ]);
    const job = await client.ai.startBatchJob(projectId, { sourceLanguage: "en", targetLanguage: "de" });
    expect(job).toMatchObject({ total: 3, hasMore: false });

    const events: BatchEvent[] = [];
    for await (const event of client.batchJobs.events(projectId, job.jobId)) events.push(event);
    expect(events.map((e) => e.type)).toEqual(["start", "progress", "progress", "progress", "complete"]);
    const complete = events.at(-1)!;
    expect(complete.type === "complete" && complete.data).toMatchObject({ jobId: job.jobId, translated: 3, failed: 0, total: 3 });
    const progress = events.filter((e): e is Extract<BatchEvent, { type: "progress" }> => e.type === "progress");
    expect(progress.map((e) => e.data.completed)).toEqual([1, 2, 3]);
    expect(new Set(progress.map((e) => e.data.key))).toEqual(new Set(["a", "b", "c"]));

    const resumed: BatchEvent[] = [];
    for await (const event of client.batchJobs.events(projectId, job.jobId, { lastEventId: events[2]!.id })) resumed.push(event);
    expect(resumed.map((e) => e.id)).toEqual(events.slice(3).map((e) => e.id));
  });

  it("fails fast with ApiError for a job of another organization", async () => {
    const { projectId } = await seedProject(server, user, [{ key: "x", source: "X" }]);
    const job = await client.ai.startBatchJob(projectId, { sourceLanguage: "en", targetLanguage: "fr" });
    const stranger = await signUpUser(server, "Stranger");
    const other = createClient({ baseUrl: server.url, apiKey: stranger.apiKey });
    const iterator = other.batchJobs.events(projectId, job.jobId, { reconnectDelayMs: 10 });
    const error = await iterator.next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 404 });
    for await (const event of client.batchJobs.events(projectId, job.jobId)) if (event.type === "complete") break;
  });
});

describe("reconnects", () => {
  it("reconnects when an open stream goes silent", async () => {
    let connections = 0;
    const stream = http.createServer((req, res) => {
      connections++;
      res.writeHead(200, { "content-type": "text/event-stream" });
      if (connections === 1) {
        res.write(`id: 1\nevent: start\ndata: ${JSON.stringify({ jobId: "j", total: 1 })}\n\n`);
        return; // then silence, with the socket left open
      }
      expect(req.headers["last-event-id"]).toBe("1");
      res.end(`id: 2\nevent: cancelled\ndata: ${JSON.stringify({ jobId: "j", translated: 0, failed: 0, total: 1 })}\n\n`);
    });
    await new Promise<void>((resolve) => stream.listen(0, "127.0.0.1", resolve));
    try {
      const local = createClient({ baseUrl: `http://127.0.0.1:${(stream.address() as AddressInfo).port}`, apiKey: "svc_x" });
      const types: string[] = [];
      for await (const event of local.batchJobs.events("p", "j", { idleTimeoutMs: 150, reconnectDelayMs: 10 })) types.push(event.type);
      expect(types).toEqual(["start", "cancelled"]);
      expect(connections).toBe(2);
    } finally {
      stream.closeAllConnections();
      await new Promise<void>((resolve) => stream.close(() => resolve()));
    }
  });

  it("reconnects with Last-Event-ID after the connection drops, until the terminal event", async () => {
    const seenLastIds: (string | undefined)[] = [];
    const stream = http.createServer((req, res) => {
      const lastId = req.headers["last-event-id"] as string | undefined;
      seenLastIds.push(lastId);
      res.writeHead(200, { "content-type": "text/event-stream" });
      const send = (id: number, event: string, data: object) => res.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      if (!lastId) {
        res.write("retry: 20\n\n");
        send(1, "start", { jobId: "j", total: 2 });
        send(2, "progress", { jobId: "j", keyId: "k1", key: "one", status: "translated", completed: 1, failed: 0, total: 2 });
        // The connection dies mid-job, as behind a proxy with an idle timeout.
        setTimeout(() => req.socket.destroy(), 20);
      } else if (lastId === "2") {
        res.write(": heartbeat\n\n");
        send(3, "progress", { jobId: "j", keyId: "k2", key: "two", status: "failed", error: "boom", completed: 1, failed: 1, total: 2 });
        res.end(); // ended early without a terminal event: the client must come back again
      } else {
        send(4, "complete", { jobId: "j", translated: 1, failed: 1, total: 2, durationMs: 5 });
        res.end();
      }
    });
    await new Promise<void>((resolve) => stream.listen(0, "127.0.0.1", resolve));
    try {
      const local = createClient({ baseUrl: `http://127.0.0.1:${(stream.address() as AddressInfo).port}`, apiKey: "svc_x" });
      const events: BatchEvent[] = [];
      for await (const event of local.batchJobs.events("p", "j", { reconnectDelayMs: 10 })) events.push(event);
      expect(events.map((e) => `${e.id}:${e.type}`)).toEqual(["1:start", "2:progress", "3:progress", "4:complete"]);
      expect(seenLastIds).toEqual([undefined, "2", "3"]);
    } finally {
      stream.closeAllConnections();
      await new Promise<void>((resolve) => stream.close(() => resolve()));
    }
  });
});
