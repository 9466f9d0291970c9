// kill -9 of the server in the middle of a large import, then a restart on the same database:
// the import is all or nothing — one transaction on PostgreSQL; on PGlite a transaction per batch
// under a journal that the restart takes back (docs/imports-on-pglite.md) — so the project holds
// all of the file or none of it: keys, values and the import's activity entry alike.
import { testBackend } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFaultDatabase, type FaultDatabase } from "../helpers/fuzz/fault-database";
import { call, type ServerProcess, signUpOnProcess, startServerProcess } from "../helpers/fuzz/server-process";

const KEYS = 3_000;
// Fractions of the measured import time; the last lets the import answer first, so the kill then
// tests that an acknowledged import survives.
const KILL_POINTS = [0.25, 0.6, 1.6];

const file = JSON.stringify(Object.fromEntries(Array.from({ length: KEYS }, (_, i) => [`screen${i % 40}.label${i}`, `Wert ${i}`])));

describe(`kill -9 during a large import (${testBackend()})`, () => {
  let database: FaultDatabase;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createFaultDatabase();
  });

  afterAll(async () => {
    await server?.kill9();
    await database?.drop();
  });

  async function holdings(url: string, apiKey: string, projectId: string) {
    const keys = await call(url, "GET", `/api/projects/${projectId}/keys?limit=1`, { apiKey });
    const progress = await call(url, "GET", `/api/projects/${projectId}/analytics/progress?languages=de`, { apiKey });
    const activity = await call(url, "GET", `/api/projects/${projectId}/activity?action=import.completed`, { apiKey });
    expect([keys.status, progress.status, activity.status]).toEqual([200, 200, 200]);
    const de = progress.body.languages.find((l: { language: string }) => l.language === "de");
    return { keys: keys.body.meta.total as number, translated: de.translated as number, imports: activity.body.meta.total as number };
  }

  it("leaves every project with all of the file or none of it", async () => {
    server = await startServerProcess(database.env);
    const owner = await signUpOnProcess(server.url, "Crash importer");
    const createProject = async (url: string, name: string) => {
      const res = await call(url, "POST", "/api/projects", {
        apiKey: owner.apiKey,
        body: { name, sourceLanguage: "en", targetLanguages: ["de"] },
      });
      expect(res.status).toBe(201);
      return res.body._id as string;
    };

    // How long the import takes here and now (the machine is shared): the kills aim inside it.
    const calibration = await createProject(server.url, "Calibration");
    const started = performance.now();
    const full = await call(server.url, "POST", `/api/projects/${calibration}/import`, {
      apiKey: owner.apiKey,
      body: { language: "de", format: "json-flat", content: file },
    });
    const duration = performance.now() - started;
    expect(full.status).toBe(200);
    expect(full.body.imported).toBe(KEYS);

    const trials: Array<{
      killedAfterMs: number;
      answered: boolean;
      tookBack: boolean;
      keys: number;
      translated: number;
      imports: number;
    }> = [];
    for (const point of KILL_POINTS) {
      const projectId = await createProject(server.url, `Trial ${point}`);
      let answered = false;
      const inFlight = call(server.url, "POST", `/api/projects/${projectId}/import`, {
        apiKey: owner.apiKey,
        body: { language: "de", format: "json-flat", content: file },
      }).then(
        () => {
          answered = true;
        },
        () => undefined,
      );
      const killedAfterMs = Math.round(duration * point);
      await new Promise((r) => setTimeout(r, killedAfterMs));
      await server.kill9();
      await inFlight;
      server = await startServerProcess(database.env);
      const tookBack = server.output().includes("took back imports the previous process left unfinished");
      trials.push({ killedAfterMs, answered, tookBack, ...(await holdings(server.url, owner.apiKey, projectId)) });
    }
    console.log(`import of ${KEYS} keys took ${Math.round(duration)} ms; kill -9 trials:`, trials);

    for (const t of trials) {
      const all = { keys: KEYS, translated: KEYS, imports: 1 };
      const none = { keys: 0, translated: 0, imports: 0 };
      expect([all, none]).toContainEqual({ keys: t.keys, translated: t.translated, imports: t.imports });
      // An import that answered before the kill must have been kept.
      if (t.answered) expect(t.keys).toBe(KEYS);
    }
    // The kills must have hit imports in flight, or this proved nothing.
    expect(trials.filter((t) => !t.answered).length).toBeGreaterThan(0);
    // On PGlite a killed import had committed batches: the restart took them back from the journal.
    if (testBackend() === "pglite") expect(trials.some((t) => !t.answered && t.tookBack)).toBe(true);
    // And the restarted server is whole: the calibration import is all there.
    expect(await holdings(server.url, owner.apiKey, calibration)).toEqual({ keys: KEYS, translated: KEYS, imports: 1 });
  }, 600_000);
});
