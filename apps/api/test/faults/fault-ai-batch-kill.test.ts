// kill -9 of the server (which runs the worker in the same process) while an AI batch job is
// translating, then a restart on the same database: the new process takes the job over once its
// lease has run out and finishes it. No item may be lost (every key translated, the job complete)
// and none duplicated (one saved value, one history entry, one activity entry and one progress
// event per key), whichever item the kill interrupted.
import { testBackend } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeAiProviders, openSse, startFakeAiProviders } from "../helpers/fake-ai-providers";
import { createFaultDatabase, type FaultDatabase } from "../helpers/fuzz/fault-database";
import { call, type ServerProcess, signUpOnProcess, startServerProcess } from "../helpers/fuzz/server-process";

const KEYS = 24;
/** Kill once this many provider calls have been made (the job is part-way through). */
const KILL_AFTER_CALLS = [4, 14];

describe(`kill -9 during an AI batch job (${testBackend()})`, () => {
  let database: FaultDatabase;
  let fake: FakeAiProviders;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createFaultDatabase();
    fake = await startFakeAiProviders();
    // Slow answers keep the job running long enough to be killed in the middle.
    fake.reply = (req) => ({ ...fake.defaultReply(req), delayMs: 150 });
    env = {
      ...database.env,
      ANTHROPIC_API_KEY: "fake-anthropic-key",
      ANTHROPIC_BASE_URL: fake.anthropicUrl,
      OPENAI_API_KEY: "fake-openai-key",
      OPENAI_BASE_URL: fake.openaiUrl,
      AI_JOB_LEASE_MS: "3000",
      AI_MAX_CONCURRENCY: "2",
    };
  });

  afterAll(async () => {
    await server?.kill9();
    await fake?.close();
    await database?.drop();
  });

  async function waitForCalls(n: number, timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (fake.requests.length < n) {
      if (Date.now() > until) throw new Error(`only ${fake.requests.length} provider calls after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it("finishes every item exactly once after the restart", async () => {
    server = await startServerProcess(env);
    const owner = await signUpOnProcess(server.url, "Crash translator");
    const auth = { apiKey: owner.apiKey };

    for (const killAfter of KILL_AFTER_CALLS) {
      const project = await call(server.url, "POST", "/api/projects", {
        ...auth,
        body: { name: `AI crash ${killAfter}`, sourceLanguage: "en", targetLanguages: ["de"] },
      });
      expect(project.status).toBe(201);
      const projectId = project.body._id as string;
      const keys = Array.from({ length: KEYS }, (_, i) => ({ key: `crash.item${i}`, value: `Source text number ${i}` }));
      const created = await call(server.url, "POST", `/api/projects/${projectId}/keys/bulk`, {
        ...auth,
        body: { keys: keys.map(({ key }) => ({ key })) },
      });
      expect(created.body.created).toBe(KEYS);
      const sources = await call(server.url, "POST", `/api/projects/${projectId}/translations/overwrite`, {
        ...auth,
        body: { translations: keys.map(({ key, value }) => ({ key, language: "en", value })) },
      });
      expect(sources.body.overwritten).toBe(KEYS);

      fake.reset();
      fake.reply = (req) => ({ ...fake.defaultReply(req), delayMs: 150 });
      const start = await call(server.url, "POST", `/api/projects/${projectId}/ai/translate/batch/start`, {
        ...auth,
        body: { sourceLanguage: "en", targetLanguage: "de", limit: KEYS },
      });
      expect(start.status).toBe(200);
      expect(start.body.total).toBe(KEYS);
      const jobId = start.body.jobId as string;

      await waitForCalls(killAfter);
      await server.kill9();
      const callsBeforeKill = fake.requests.length;
      const restartAt = performance.now();
      server = await startServerProcess(env);
      const restartMs = Math.round(performance.now() - restartAt);

      const stream = await openSse(`${server.url}/api/projects/${projectId}/ai/translate/batch/stream/${jobId}`, {
        "x-api-key": owner.apiKey,
      });
      expect(stream.status).toBe(200);
      await Promise.race([stream.done, new Promise((_, reject) => setTimeout(() => reject(new Error("job did not finish")), 400_000))]);
      stream.close();

      const progress = stream.events.filter((e) => e.event === "progress");
      const complete = stream.events.find((e) => e.event === "complete");
      const callsPerSource = new Map<string, number>();
      for (const r of fake.requests) callsPerSource.set(r.sourceText, (callsPerSource.get(r.sourceText) ?? 0) + 1);
      console.log(
        `killed after ${callsBeforeKill} provider calls; ${fake.requests.length} calls in all; per source: ${[...callsPerSource.values()].join(",")}; restart took ${restartMs} ms; events: ${stream.events
          .map((e) => e.event)
          .join(",")
          .replace(/(progress,)+/g, "progress×…,")}`,
      );
      expect(complete?.data).toMatchObject({ translated: KEYS, failed: 0, total: KEYS });
      const perKey = new Map<string, number>();
      for (const e of progress) perKey.set(e.data.keyId, (perKey.get(e.data.keyId) ?? 0) + 1);
      expect(perKey.size).toBe(KEYS);
      expect([...perKey.values()].every((n) => n === 1)).toBe(true);
      expect(progress.every((e) => e.data.status === "translated")).toBe(true);

      const activity = await call(server.url, "GET", `/api/projects/${projectId}/activity?action=translation.ai_generated&limit=200`, auth);
      expect(activity.body.meta.total).toBe(KEYS);
      const list = await call(server.url, "GET", `/api/projects/${projectId}/translations/de?limit=200`, auth);
      expect(list.body.data).toHaveLength(KEYS);
      for (const t of list.body.data as Array<{ keyId: string; value: string; status: string }>) {
        expect(t.status).toBe("translated");
        expect(t.value).toMatch(/: Source text number \d+$/);
        const history = await call(server.url, "GET", `/api/projects/${projectId}/keys/${t.keyId}/translations/de/history`, auth);
        expect(history.body.map((h: { changedBy: string }) => h.changedBy)).toEqual(["ai"]);
      }
    }
  }, 600_000);
});
