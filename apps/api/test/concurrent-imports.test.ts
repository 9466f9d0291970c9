// Large imports running at once cannot take the service down (issue 32, item 7). On PGlite (one
// connection, one transaction at a time) imports used to wait for the database inside Prisma: past
// its maxWait they failed with 500, and so did other tenants' writes. Now imports take turns in a
// bounded queue (import-gate.ts), every other request waits at most for the one running, and a
// request that still cannot get the database in time is a 503 with Retry-After, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "./helpers/test-server";

let server: TestServer;

// A short wait for a transaction to start, so that a few modest imports outlast it (the default is 20 s).
beforeAll(async () => {
  server = await startTestServer({ DB_TRANSACTION_MAX_WAIT_MS: "500" });
});
afterAll(async () => {
  await server.close();
});

const KEYS = 6000;

async function createProject(user: TestUser): Promise<string> {
  const res = await server.request("POST", "/api/projects", {
    apiKey: user.apiKey,
    body: { name: "p", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  expect(res.status).toBe(201);
  return res.body._id;
}

function file(n: number): string {
  return JSON.stringify(Object.fromEntries(Array.from({ length: KEYS }, (_, k) => [`file${n}.key${k}`, `Value ${k} of file ${n}`])));
}

const standardBody = (status: number, error: string) => ({ statusCode: status, message: expect.any(String), error });

describe("concurrent large imports", () => {
  it("all succeed, and another tenant is answered all along, with 200 or a documented 503, never a 500", async () => {
    const importer = await signUpUser(server, "Importer");
    const bystander = await signUpUser(server, "Bystander");
    const projects = [await createProject(importer), await createProject(importer), await createProject(importer)];
    const own = await createProject(bystander);

    let importing = true;
    const imports = Promise.all(
      projects.map((p, n) =>
        fetch(`${server.url}/api/projects/${p}/import/en?format=json-flat`, {
          method: "POST",
          headers: { "x-api-key": importer.apiKey, "content-type": "application/json" },
          body: file(n),
        }).then(async (res) => ({ status: res.status, body: await res.json() })),
      ),
    ).finally(() => {
      importing = false;
    });

    const seen: { kind: string; status: number; body: any; retryAfter: string | null; during: boolean }[] = [];
    const readWaits: number[] = [];
    const bystanderLoop = async () => {
      for (let i = 0; importing; i++) {
        const sent = performance.now();
        const read = await server.request("GET", `/api/projects/${own}/keys`, { apiKey: bystander.apiKey });
        readWaits.push(performance.now() - sent);
        seen.push({ kind: "read", status: read.status, body: read.body, retryAfter: null, during: importing });
        const write = await server.request("POST", `/api/projects/${own}/keys`, { apiKey: bystander.apiKey, body: { key: `k${i}` } });
        seen.push({
          kind: "write",
          status: write.status,
          body: write.body,
          retryAfter: write.headers.get("retry-after"),
          during: importing,
        });
      }
    };
    // /health needs no database: PGlite's statements run on the api's own thread, so it is answered
    // only between them (a batch of PGLITE_IMPORT_BATCH keys at a time, with a turn of the event loop after each).
    const health: number[] = [];
    const healthLoop = async () => {
      while (importing) {
        const sent = performance.now();
        expect((await server.request("GET", "/health")).status).toBe(200);
        if (importing) health.push(performance.now() - sent);
      }
    };
    const started = performance.now();
    const [results] = await Promise.all([imports, bystanderLoop(), healthLoop()]);
    const duration = performance.now() - started;

    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ imported: KEYS, keysCreated: KEYS, errors: [] });
    }
    expect(health.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...health)).toBeLessThan(duration / 4);
    // The other tenant was answered while the imports ran: its reads every time, its writes with
    // 201 or, when the database stayed busy past the wait, the documented 503 with Retry-After.
    expect(seen.filter((s) => s.kind === "read" && s.during).length).toBeGreaterThanOrEqual(2);
    // A read runs several statements, each queued anew for PGlite: it waits for one import, not
    // for one import per statement (imports take turns with a gap between them).
    expect(Math.max(...readWaits)).toBeLessThan(duration * 0.6);
    for (const s of seen) {
      if (s.kind === "read") expect(s.status).toBe(200);
      else if (s.status !== 201) {
        expect(s.status).toBe(503);
        expect(s.body).toEqual(standardBody(503, "Service Unavailable"));
        expect(Number(s.retryAfter)).toBeGreaterThanOrEqual(1);
      }
    }
    // Nothing was left holding the database: the bystander writes at once afterwards.
    const after = await server.request("POST", `/api/projects/${own}/keys`, { apiKey: bystander.apiKey, body: { key: "after" } });
    expect(after.status).toBe(201);
    const counted = await server.db.prisma.key.count({ where: { projectId: { in: projects } } });
    expect(counted).toBe(3 * KEYS);
  }, 180_000);
});
