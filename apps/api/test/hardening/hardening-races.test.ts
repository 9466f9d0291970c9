// Concurrent writes on one row answer only documented statuses: the loser of a race sees the
// record gone (404) or a conflict (409), never a 500. Meaningful on PostgreSQL (real concurrency);
// on PGlite the same requests run one after another and must give the same statuses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

let server: TestServer;
let user: TestUser;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server);
  const project = await server.request("POST", "/api/projects", {
    apiKey: user.apiKey,
    body: { name: "Races", sourceLanguage: "en", targetLanguages: ["de", "fr"] },
  });
  projectId = project.body._id;
});
afterAll(async () => {
  await server.close();
});

async function createKey(name: string): Promise<string> {
  const res = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: user.apiKey, body: { key: name } });
  expect(res.status).toBe(201);
  return res.body._id;
}

function count(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

describe("races on one row", () => {
  it("10 concurrent DELETEs of one key: one 200, nine 404", async () => {
    for (let round = 0; round < 3; round++) {
      const keyId = await createKey(`delete-race-${round}`);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => server.request("DELETE", `/api/projects/${projectId}/keys/${keyId}`, { apiKey: user.apiKey })),
      );
      expect(count(results.map((r) => r.status))).toEqual({ 200: 1, 404: 9 });
      for (const r of results.filter((r) => r.status === 404))
        expect(r.body).toEqual({ statusCode: 404, message: "Key not found", error: "Not Found" });
    }
  });

  it("a DELETE racing PUTs, status changes, comments and updates answers only documented statuses", async () => {
    for (let round = 0; round < 3; round++) {
      const keyId = await createKey(`write-race-${round}`);
      const base = `/api/projects/${projectId}/keys/${keyId}`;
      const requests = [
        ...Array.from({ length: 4 }, (_, i) =>
          server.request("PUT", `${base}/translations/de`, { apiKey: user.apiKey, body: { value: `v${i}` } }),
        ),
        ...Array.from({ length: 2 }, (_, i) =>
          server.request("PUT", `${base}/translations/fr`, { apiKey: user.apiKey, body: { value: `f${i}` } }),
        ),
        server.request("PATCH", base, { apiKey: user.apiKey, body: { description: "changed" } }),
        server.request("POST", `${base}/comments`, { apiKey: user.apiKey, body: { body: "racing" } }),
        server.request("DELETE", base, { apiKey: user.apiKey }),
        server.request("DELETE", base, { apiKey: user.apiKey }),
        server.request("PUT", `${base}/translations/de`, { apiKey: user.apiKey, body: { value: "late" } }),
      ];
      const results = await Promise.all(requests);
      for (const r of results) {
        expect([200, 201, 404, 409], `${r.status} ${r.text}`).toContain(r.status);
        if (r.status >= 400) expect(r.body).toMatchObject({ statusCode: r.status, message: expect.any(String), error: expect.any(String) });
      }
      const deletes = results.slice(8, 10).map((r) => r.status);
      expect(deletes.sort()).toEqual([200, 404]);
    }
  });

  it("creating the same key name concurrently: one 201, the rest 409", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: user.apiKey, body: { key: "same" } }),
      ),
    );
    expect(count(results.map((r) => r.status))).toEqual({ 201: 1, 409: 7 });
  });
});
