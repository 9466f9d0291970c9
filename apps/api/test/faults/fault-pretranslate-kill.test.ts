// kill -9 of the server (which runs the worker in the same process) while a pre-translation job is
// running, then a restart on the same database: the new process takes the job over once its lease
// has run out and finishes it. Half the keys come from context matches (the same keys translated in
// another project), half from DeepL (a local server speaking its wire format, slow enough to be
// killed in the middle). Every key is saved exactly once: one value, one history entry, one
// activity entry and one progress event per key, whichever item the kill interrupted.
import { testBackend } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSse } from "../helpers/fake-ai-providers";
import { type FakeEngine, mirror, startFakeEngine } from "../helpers/fake-mt-engines";
import { createFaultDatabase, type FaultDatabase } from "../helpers/fuzz/fault-database";
import { call, type ServerProcess, signUpOnProcess, startServerProcess } from "../helpers/fuzz/server-process";

const KEYS = 24;
const KILL_AFTER_CALLS = 4;

describe(`kill -9 during a pre-translation job (${testBackend()})`, () => {
  let database: FaultDatabase;
  let deepl: FakeEngine;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createFaultDatabase();
    deepl = await startFakeEngine("deepl");
    deepl.reply = (req) => ({ translation: mirror(req.text, req.target), delayMs: 150 });
    env = { ...database.env, DEEPL_API_KEY: deepl.key, DEEPL_ENDPOINT: deepl.url, AI_JOB_LEASE_MS: "3000", AI_MAX_CONCURRENCY: "2" };
  });

  afterAll(async () => {
    await server?.kill9();
    await deepl?.close();
    await database?.drop();
  });

  async function waitForCalls(n: number, timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (deepl.requests.length < n) {
      if (Date.now() > until) throw new Error(`only ${deepl.requests.length} DeepL calls after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async function projectWith(auth: { apiKey: string }, name: string, values: { key: string; en: string; de?: string }[]) {
    const project = await call(server!.url, "POST", "/api/projects", {
      ...auth,
      body: { name, sourceLanguage: "en", targetLanguages: ["de"] },
    });
    expect(project.status).toBe(201);
    const projectId = project.body._id as string;
    await call(server!.url, "POST", `/api/projects/${projectId}/keys/bulk`, {
      ...auth,
      body: { keys: values.map(({ key }) => ({ key })) },
    });
    const translations = values.flatMap((v) => [
      { key: v.key, language: "en", value: v.en },
      ...(v.de ? [{ key: v.key, language: "de", value: v.de }] : []),
    ]);
    const written = await call(server!.url, "POST", `/api/projects/${projectId}/translations/overwrite`, {
      ...auth,
      body: { translations },
    });
    expect(written.status).toBe(200);
    return projectId;
  }

  it("finishes every item exactly once after the restart", async () => {
    server = await startServerProcess(env);
    const owner = await signUpOnProcess(server.url, "Crash pretranslator");
    const auth = { apiKey: owner.apiKey };
    const keys = Array.from({ length: KEYS }, (_, i) => ({
      key: `crash.item${String(i).padStart(2, "0")}`,
      en: `Source text number ${i}`,
    }));
    // Every other key is translated in another project: a context match.
    await projectWith(
      auth,
      "Earlier app",
      keys.filter((_, i) => i % 2 === 0).map((k) => ({ ...k, de: `Ausgangstext Nummer ${k.en.split(" ").pop()}` })),
    );
    const projectId = await projectWith(auth, "New app", keys);

    const start = await call(server.url, "POST", `/api/projects/${projectId}/pretranslate`, { ...auth, body: { engine: "deepl" } });
    expect(start.status).toBe(201);
    const jobId = start.body.jobs[0].jobId as string;
    expect(start.body.jobs[0].total).toBe(KEYS);

    await waitForCalls(KILL_AFTER_CALLS);
    await server.kill9();
    const callsBeforeKill = deepl.requests.length;
    server = await startServerProcess(env);

    const stream = await openSse(`${server.url}/api/projects/${projectId}/ai/translate/batch/stream/${jobId}`, {
      "x-api-key": owner.apiKey,
    });
    expect(stream.status).toBe(200);
    await Promise.race([stream.done, new Promise((_, reject) => setTimeout(() => reject(new Error("job did not finish")), 400_000))]);
    stream.close();

    const progress = stream.events.filter((e) => e.event === "progress");
    const complete = stream.events.find((e) => e.event === "complete");
    console.log(`killed after ${callsBeforeKill} DeepL calls; ${deepl.requests.length} calls in all`);
    expect(complete?.data).toMatchObject({ translated: KEYS, failed: 0, total: KEYS, origins: { context: KEYS / 2, mt: KEYS / 2 } });
    const perKey = new Map<string, number>();
    for (const e of progress) perKey.set(e.data.keyId, (perKey.get(e.data.keyId) ?? 0) + 1);
    expect(perKey.size).toBe(KEYS);
    expect([...perKey.values()].every((n) => n === 1)).toBe(true);

    const tm = await call(server.url, "GET", `/api/projects/${projectId}/activity?action=translation.tm_applied&limit=200`, auth);
    expect(tm.body.meta.total).toBe(KEYS / 2);
    const mt = await call(server.url, "GET", `/api/projects/${projectId}/activity?action=translation.mt_generated&limit=200`, auth);
    expect(mt.body.meta.total).toBe(KEYS / 2);
    const list = await call(server.url, "GET", `/api/projects/${projectId}/translations/de?limit=200`, auth);
    expect(list.body.data).toHaveLength(KEYS);
    for (const t of list.body.data as Array<{ keyId: string; key: string; value: string; status: string; source: string }>) {
      const i = Number(t.key.slice(-2));
      expect(t.status).toBe("translated");
      expect(t.source).toBe(i % 2 === 0 ? "tm" : "mt");
      const history = await call(server.url, "GET", `/api/projects/${projectId}/keys/${t.keyId}/translations/de/history`, auth);
      expect(history.body.map((h: { changedBy: string }) => h.changedBy)).toEqual([i % 2 === 0 ? "tm" : "mt:deepl"]);
    }
  }, 600_000);
});
