// Large imports running at once cannot take the service down (issue 32, item 7). On PGlite (one
// connection, one transaction at a time) imports used to wait for the database inside Prisma: past
// its maxWait they failed with 500, and so did other tenants' writes; and a read of another tenant
// waited for the whole of the import running. Now imports take turns in a bounded queue
// (import-gate.ts), and a file of more than one batch commits batch by batch under a journal that
// takes it back if it fails (import-journal.ts): every other request waits for at most about one
// batch, and one that still cannot get the database in time is a 503 with Retry-After, never a 500.
import { testBackend } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;

// A short wait for a transaction to start (the default is 20 s): a request that has to wait longer
// than this for the database is refused with 503 instead of waiting.
beforeAll(async () => {
  server = await startTestServer({ DB_TRANSACTION_MAX_WAIT_MS: "2000" });
});
afterAll(async () => {
  await server.close();
});

/** PGLITE_IMPORT_BATCH: a file of this many keys is written in one batch. */
const BATCH = 500;
const KEYS = 8000;
const IMPORTS = 4;

async function createProject(user: TestUser): Promise<string> {
  const res = await server.request("POST", "/api/projects", {
    apiKey: user.apiKey,
    body: { name: "p", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  expect(res.status).toBe(201);
  return res.body._id;
}

function file(n: number, keys: number, value = "Value"): string {
  return JSON.stringify(Object.fromEntries(Array.from({ length: keys }, (_, k) => [`file${n}.key${k}`, `${value} ${k} of file ${n}`])));
}

function importFile(user: TestUser, projectId: string, body: string, query = "") {
  return fetch(`${server.url}/api/projects/${projectId}/import/en?format=json-flat${query}`, {
    method: "POST",
    headers: { "x-api-key": user.apiKey, "content-type": "application/json" },
    body,
  }).then(async (res) => ({ status: res.status, body: await res.json(), retryAfter: res.headers.get("retry-after") }));
}

const standardBody = (status: number, error: string) => ({ statusCode: status, message: expect.any(String), error });
const max = (xs: number[]) => Math.max(...xs);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe("concurrent large imports on one organization", () => {
  it("all succeed; another organization's reads and writes wait about one batch, not an import; never a 500", async () => {
    const importer = await signUpUser(server, "Importer");
    const bystander = await signUpUser(server, "Bystander");
    const projects: string[] = [];
    for (let n = 0; n < IMPORTS; n++) projects.push(await createProject(importer));
    const own = await createProject(bystander);

    // One batch, measured in this run on this machine: the whole round trip of a one-batch import
    // (its request, parse and one transaction), done alone, five times.
    const single = await createProject(importer);
    const batchTimes: number[] = [];
    for (let n = 0; n < 5; n++) {
      const sent = performance.now();
      const res = await importFile(importer, single, file(100 + n, BATCH));
      batchTimes.push(performance.now() - sent);
      expect(res.status).toBe(200);
    }
    const oneBatch = median(batchTimes);

    let importing = true;
    const importsStarted = performance.now();
    const imports = Promise.all(projects.map((p, n) => importFile(importer, p, file(n, KEYS)))).finally(() => {
      importing = false;
    });

    const seen: { kind: string; status: number; body: any; retryAfter: string | null; wait: number }[] = [];
    const bystanderLoop = async () => {
      for (let i = 0; importing; i++) {
        let sent = performance.now();
        const read = await server.request("GET", `/api/projects/${own}/keys`, { apiKey: bystander.apiKey });
        if (importing) seen.push({ kind: "read", status: read.status, body: read.body, retryAfter: null, wait: performance.now() - sent });
        sent = performance.now();
        const write = await server.request("POST", `/api/projects/${own}/keys`, { apiKey: bystander.apiKey, body: { key: `k${i}` } });
        if (importing) {
          seen.push({
            kind: "write",
            status: write.status,
            body: write.body,
            retryAfter: write.headers.get("retry-after"),
            wait: performance.now() - sent,
          });
        }
      }
    };
    const health: number[] = [];
    const healthLoop = async () => {
      while (importing) {
        const sent = performance.now();
        expect((await server.request("GET", "/health")).status).toBe(200);
        if (importing) health.push(performance.now() - sent);
      }
    };
    const [results] = await Promise.all([imports, bystanderLoop(), healthLoop()]);
    const duration = performance.now() - importsStarted;

    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ imported: KEYS, keysCreated: KEYS, errors: [] });
    }
    const reads = seen.filter((s) => s.kind === "read");
    const writes = seen.filter((s) => s.kind === "write");
    const longest = max(seen.map((s) => s.wait));
    console.log(
      `${IMPORTS} imports of ${KEYS} keys (${KEYS / BATCH} batches each) in ${Math.round(duration)} ms; one batch ${Math.round(oneBatch)} ms ` +
        `(${batchTimes.map(Math.round).join(", ")}); other tenant: ${reads.length} reads (longest ${Math.round(max(reads.map((s) => s.wait)))} ms), ` +
        `${writes.length} writes (longest ${Math.round(max(writes.map((s) => s.wait)))} ms, ${writes.filter((s) => s.status === 503).length} × 503); ` +
        `/health ${health.length} (longest ${Math.round(max(health))} ms)`,
    );
    // Every read answered, and every write: 201, or the documented 503 with Retry-After when the
    // database stayed busy past the wait. Never a 500.
    for (const s of seen) {
      if (s.kind === "read") expect(s.status).toBe(200);
      else if (s.status !== 201) {
        expect(s.status).toBe(503);
        expect(s.body).toEqual(standardBody(503, "Service Unavailable"));
        expect(Number(s.retryAfter)).toBeGreaterThanOrEqual(1);
      }
    }
    // On PGlite (one connection, imports committed batch by batch) the other tenant's requests go
    // between the batches: over the 64 batches queued it gets answers all along (seen: about 30
    // reads and 30 writes), where an import holding the database whole would let it in only between
    // imports (a few answers in all). Counted rather than timed, so a loaded machine, which slows
    // batches and requests alike, does not change the verdict (a bound of ten one-batch imports,
    // measured before the run, failed with four suites side by side on two cores). The longest
    // wait stays a small part of the run: far from one whole import of 16 batches. On PostgreSQL
    // nothing queues behind an import (MVCC); what waits there is only the shared CPU.
    if (testBackend() === "pglite") {
      expect(reads.length).toBeGreaterThanOrEqual(4 * IMPORTS);
      expect(writes.filter((s) => s.status === 201).length).toBeGreaterThanOrEqual(4 * IMPORTS);
      expect(longest).toBeLessThan(duration / 4);
      expect(max(health)).toBeLessThan(duration / 4);
    }

    const counted = await server.db.prisma.key.count({ where: { projectId: { in: projects } } });
    expect(counted).toBe(IMPORTS * KEYS);
    expect(await server.db.prisma.importJournal.count()).toBe(0);
  }, 300_000);

  it("refuses an organization's fifth waiting import on PGlite with 503 and Retry-After, never a 500", async () => {
    const importer = await signUpUser(server, "Queue");
    const projects: string[] = [];
    for (let n = 0; n < IMPORTS + 1; n++) projects.push(await createProject(importer));
    const results = await Promise.all(projects.map((p, n) => importFile(importer, p, file(n, 4 * BATCH))));
    const statuses = results.map((r) => r.status).sort();
    // PostgreSQL runs imports side by side: no queue, nothing refused.
    if (testBackend() === "postgres") return expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(statuses).toEqual([200, 200, 200, 200, 503]);
    const refused = results.find((r) => r.status === 503)!;
    expect(refused.body).toEqual(standardBody(503, "Service Unavailable"));
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
  }, 300_000);
});

describe("a large import that fails part-way", () => {
  it("is taken back whole: created keys, replaced values and their history, filled descriptions", async () => {
    const owner = await signUpUser(server, "Undo");
    const projectId = await createProject(owner);
    // Existing keys: values the failing import will replace (overwrite), and 2,000 it leaves alone.
    const before = await importFile(owner, projectId, file(0, 4 * BATCH, "Before"));
    expect(before.status).toBe(200);
    const snapshot = async () => ({
      keys: await server.db.prisma.key.findMany({ where: { projectId }, orderBy: { key: "asc" } }),
      translations: await server.db.prisma.translation.findMany({ where: { projectId }, orderBy: { id: "asc" } }),
      history: await server.db.prisma.translationHistory.count({ where: { projectId } }),
      activity: await server.db.prisma.activity.count({ where: { projectId } }),
    });
    const stored = await snapshot();

    // Over six batches: replaces the 2,000 values, creates 1,000 keys, then breaks.
    const entries = [
      ...Array.from({ length: 4 * BATCH }, (_, k) => `"file0.key${k}": "After ${k}"`),
      ...Array.from({ length: 2 * BATCH }, (_, k) => `"new.key${k}": "New ${k}"`),
    ];
    const broken = await importFile(owner, projectId, `{${entries.join(",\n")},\n"late" "x"}`, "&overwrite=true");
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/not valid JSON/);

    expect(await snapshot()).toEqual(stored);
    expect(await server.db.prisma.importJournal.count()).toBe(0);
    expect(await server.db.prisma.importUndo.count()).toBe(0);
  }, 300_000);
});
