// Concurrent deletes and updates of one row on PostgreSQL (real parallel transactions): every
// request answers a documented status — the winner 200, the others 404 (the row is gone) or 409 —
// with the documented error body, never a 500; and what is left afterwards is consistent.
import { STATUS_CODES } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestResponse, type TestServer, type TestUser } from "../helpers/test-server";

const CONCURRENCY = 10;

function expectDocumented(responses: TestResponse[], allowed: number[]): void {
  for (const r of responses) {
    expect(allowed, `${r.status} ${r.text}`).toContain(r.status);
    if (r.status >= 400) {
      expect(r.body).toMatchObject({ statusCode: r.status, message: expect.any(String), error: STATUS_CODES[r.status] });
      expect(Object.keys(r.body).filter((k) => !["statusCode", "message", "error", "issues"].includes(k))).toEqual([]);
    }
  }
}

describe("concurrent deletes and updates of one row (PostgreSQL)", () => {
  let server: TestServer;
  let owner: TestUser;
  let projectId: string;
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await signUpUser(server, "Racer");
    const project = await server.request("POST", "/api/projects", {
      apiKey: owner.apiKey,
      body: { name: "Races", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    projectId = project.body._id;
  });

  afterAll(async () => {
    await server?.close();
  });

  const newKey = async (): Promise<string> => {
    const key = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: `race.${++n}` } });
    expect(key.status).toBe(201);
    await server.request("PUT", `/api/projects/${projectId}/keys/${key.body._id}/translations/de`, {
      apiKey: owner.apiKey,
      body: { value: "Wert" },
    });
    return key.body._id;
  };
  const all = (count: number, send: (i: number) => Promise<TestResponse>) => Promise.all(Array.from({ length: count }, (_, i) => send(i)));

  it("ten DELETEs of one key: one 200, the rest 404", async () => {
    const keyId = await newKey();
    const res = await all(CONCURRENCY, () =>
      server.request("DELETE", `/api/projects/${projectId}/keys/${keyId}`, { apiKey: owner.apiKey }),
    );
    expectDocumented(res, [200, 404]);
    expect(res.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await server.request("GET", `/api/projects/${projectId}/keys/${keyId}`, { apiKey: owner.apiKey })).status).toBe(404);
  });

  it("PUTs of a translation racing the key's DELETE: 200 before, 404 after, nothing left behind", async () => {
    const keyId = await newKey();
    const res = await all(CONCURRENCY, (i) =>
      i === 3
        ? server.request("DELETE", `/api/projects/${projectId}/keys/${keyId}`, { apiKey: owner.apiKey })
        : server.request("PUT", `/api/projects/${projectId}/keys/${keyId}/translations/de`, {
            apiKey: owner.apiKey,
            body: { value: `Wert ${i}` },
          }),
    );
    expectDocumented(res, [200, 404, 409]);
    expect(res[3]!.status).toBe(200);
    const left = await server.db.prisma.translation.count({ where: { keyId } });
    expect(left).toBe(0);
  });

  it("PATCHes of one key racing each other and its DELETE", async () => {
    const keyId = await newKey();
    const res = await all(CONCURRENCY, (i) =>
      i === 7
        ? server.request("DELETE", `/api/projects/${projectId}/keys/${keyId}`, { apiKey: owner.apiKey })
        : server.request("PATCH", `/api/projects/${projectId}/keys/${keyId}`, { apiKey: owner.apiKey, body: { description: `d${i}` } }),
    );
    expectDocumented(res, [200, 404, 409]);
    expect(res[7]!.status).toBe(200);
  });

  it("status changes and reverts of one translation racing the key's DELETE", async () => {
    const keyId = await newKey();
    const base = `/api/projects/${projectId}/keys/${keyId}/translations/de`;
    const res = await all(CONCURRENCY, (i) =>
      i === 5
        ? server.request("DELETE", `/api/projects/${projectId}/keys/${keyId}`, { apiKey: owner.apiKey })
        : i % 2
          ? server.request("PATCH", `${base}/status`, { apiKey: owner.apiKey, body: { status: i % 4 === 1 ? "reviewed" : "approved" } })
          : server.request("POST", `${base}/revert`, { apiKey: owner.apiKey }),
    );
    expectDocumented(res, [200, 400, 404, 409]);
    expect(res[5]!.status).toBe(200);
  });

  it("concurrent bulk deletes of overlapping keys count each key once", async () => {
    const ids = await Promise.all([newKey(), newKey(), newKey(), newKey()]);
    const res = await all(CONCURRENCY, () =>
      server.request("DELETE", `/api/projects/${projectId}/keys/bulk?${ids.map((id) => `keyIds=${id}`).join("&")}`, {
        apiKey: owner.apiKey,
      }),
    );
    expectDocumented(res, [200, 404, 409]);
    const deleted = res.filter((r) => r.status === 200).reduce((sum, r) => sum + (r.body.deleted as number), 0);
    expect(deleted).toBe(ids.length);
  });

  it("comment edits, resolves and deletes of one comment", async () => {
    const keyId = await newKey();
    const comment = await server.request("POST", `/api/projects/${projectId}/keys/${keyId}/comments`, {
      apiKey: owner.apiKey,
      body: { body: "race" },
    });
    const url = `/api/projects/${projectId}/keys/${keyId}/comments/${comment.body._id}`;
    const res = await all(CONCURRENCY, (i) =>
      i === 4
        ? server.request("DELETE", url, { apiKey: owner.apiKey })
        : i % 2
          ? server.request("PATCH", `${url}/resolve`, { apiKey: owner.apiKey, body: {} })
          : server.request("PATCH", url, { apiKey: owner.apiKey, rawBody: JSON.stringify(`edit ${i}`) }),
    );
    expectDocumented(res, [200, 404, 409]);
    expect(res[4]!.status).toBe(200);
  });

  it("glossary term updates racing the term's DELETE", async () => {
    const glossary = await server.request("POST", `/api/organizations/${owner.orgId}/glossaries`, {
      apiKey: owner.apiKey,
      body: { name: "Race terms", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    const term = await server.request("POST", `/api/organizations/${owner.orgId}/glossaries/${glossary.body._id}/terms`, {
      apiKey: owner.apiKey,
      body: { term: "Racer" },
    });
    const url = `/api/organizations/${owner.orgId}/glossaries/terms/${term.body._id}`;
    const res = await all(CONCURRENCY, (i) =>
      i === 2
        ? server.request("DELETE", url, { apiKey: owner.apiKey })
        : server.request("PATCH", url, { apiKey: owner.apiKey, body: { definition: `def ${i}` } }),
    );
    expectDocumented(res, [200, 404, 409]);
    expect(res[2]!.status).toBe(200);
  });
});
