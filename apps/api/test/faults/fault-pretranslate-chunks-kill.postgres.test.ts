// kill -9 of the server while a TM-only pre-translation is saving its chunks (1,000 items per
// transaction on PostgreSQL), then a restart on the same database: the new process takes the job
// over once its lease has run out and finishes it, and every key is saved exactly once.
//
// No timing: the test holds the per-translation write lock of the job's last key (the advisory lock
// every translation write takes, `lockTranslations` in packages/core), so the first two chunks commit and the third
// waits inside its transaction. The kill comes once the database shows that chunk waiting, which is
// the case a crash must survive: a transaction with half its statements done and none committed.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSse } from "../helpers/fake-ai-providers";
import { createFaultDatabase, type FaultDatabase } from "../helpers/fuzz/fault-database";
import { call, type ServerProcess, signUpOnProcess, startServerProcess } from "../helpers/fuzz/server-process";

const KEYS = 2_500; // chunks of 1,000, 1,000 and 500
const keyName = (i: number) => `crash.item${String(i).padStart(4, "0")}`;
const source = (i: number) => `Source text number ${i}`;

describe("kill -9 while a TM-only pre-translation saves a chunk (PostgreSQL)", () => {
  let database: FaultDatabase;
  let server: ServerProcess | undefined;
  let sql: pg.Client;
  const env = { AI_JOB_LEASE_MS: "3000" };

  beforeAll(async () => {
    database = await createFaultDatabase();
    sql = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await sql.connect();
  });

  afterAll(async () => {
    await server?.kill9();
    await sql?.end();
    await database?.drop();
  });

  async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function importProject(apiKey: string, name: string, files: Record<string, Record<string, string>>) {
    const project = await call(server!.url, "POST", "/api/projects", {
      apiKey,
      body: { name, sourceLanguage: "en", targetLanguages: ["de"] },
    });
    expect(project.status).toBe(201);
    const projectId = project.body._id as string;
    for (const [language, entries] of Object.entries(files)) {
      const imported = await call(server!.url, "POST", `/api/projects/${projectId}/import`, {
        apiKey,
        body: { language, format: "json-flat", content: JSON.stringify(entries) },
      });
      expect(imported.status).toBe(200);
    }
    return projectId;
  }

  it("resumes the job and saves every key exactly once", async () => {
    server = await startServerProcess({ ...database.env, ...env });
    const owner = await signUpOnProcess(server.url, "Chunk crasher");
    const indices = Array.from({ length: KEYS }, (_, i) => i);
    const en = Object.fromEntries(indices.map((i) => [keyName(i), source(i)]));
    const de = Object.fromEntries(indices.map((i) => [keyName(i), `Ausgangstext Nummer ${i}`]));
    // Every key is translated in another project of the organization: a context match each.
    await importProject(owner.apiKey, "Earlier app", { en, de });
    const projectId = await importProject(owner.apiKey, "New app", { en });

    const last = await sql.query<{ id: string }>(`SELECT id FROM "Key" WHERE "projectId" = $1 AND key = $2`, [
      projectId,
      keyName(KEYS - 1),
    ]);
    const lock = `${last.rows[0]!.id}:de`;
    await sql.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [lock]);

    const start = await call(server.url, "POST", `/api/projects/${projectId}/pretranslate`, { apiKey: owner.apiKey, body: {} });
    expect(start.status).toBe(201);
    const jobId = start.body.jobs[0].jobId as string;
    expect(start.body.jobs[0].total).toBe(KEYS);

    const progressCount = async () =>
      Number((await sql.query(`SELECT count(*)::int AS n FROM "AiJobEvent" WHERE "jobId" = $1 AND event = 'progress'`, [jobId])).rows[0].n);
    // The first two chunks commit; the third waits for the lock inside its transaction.
    await until("two chunks saved", async () => ((await progressCount()) === 2_000 ? true : undefined));
    await until("the third chunk waiting on the lock", async () => {
      const waiting = await sql.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`);
      return waiting.rowCount ? true : undefined;
    });
    await server.kill9();
    await sql.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [lock]);
    // Nothing of the interrupted chunk is left: its transaction never committed.
    expect(await progressCount()).toBe(2_000);
    const savedBefore = await sql.query(
      `SELECT count(*)::int AS n FROM "Translation" WHERE "projectId" = $1 AND language = 'de' AND status <> 'untranslated'`,
      [projectId],
    );
    expect(savedBefore.rows[0].n).toBe(2_000);

    server = await startServerProcess({ ...database.env, ...env });
    const stream = await openSse(`${server.url}/api/projects/${projectId}/ai/translate/batch/stream/${jobId}`, {
      "x-api-key": owner.apiKey,
    });
    expect(stream.status).toBe(200);
    await Promise.race([
      stream.done,
      new Promise((_, reject) => setTimeout(() => reject(new Error("the job did not finish after the restart")), 300_000)),
    ]);
    stream.close();
    const complete = stream.events.find((e) => e.event === "complete");
    expect(complete?.data).toMatchObject({ translated: KEYS, failed: 0, total: KEYS, origins: { context: KEYS } });

    // Exactly once: one progress event, one value, one history entry and one activity entry per key.
    const perKey = await sql.query<{ events: number; keys: number }>(
      `SELECT count(*)::int AS events, count(DISTINCT data->>'keyId')::int AS keys FROM "AiJobEvent" WHERE "jobId" = $1 AND event = 'progress'`,
      [jobId],
    );
    expect(perKey.rows[0]).toEqual({ events: KEYS, keys: KEYS });
    const values = await sql.query<{ key: string; value: string; status: string; source: string; history: number }>(
      `SELECT k.key, t.value, t.status::text, t.source::text,
              (SELECT count(*)::int FROM "TranslationHistory" h WHERE h."translationId" = t.id) AS history
         FROM "Translation" t JOIN "Key" k ON k.id = t."keyId"
        WHERE t."projectId" = $1 AND t.language = 'de'`,
      [projectId],
    );
    expect(values.rows).toHaveLength(KEYS);
    for (const row of values.rows) {
      const i = Number(row.key.slice(-4));
      expect(row).toEqual({ key: keyName(i), value: de[keyName(i)], status: "translated", source: "tm", history: 1 });
    }
    const activity = await call(server.url, "GET", `/api/projects/${projectId}/activity?action=translation.tm_applied&limit=1`, {
      apiKey: owner.apiKey,
    });
    expect(activity.body.meta.total).toBe(KEYS);
  }, 600_000);
});
