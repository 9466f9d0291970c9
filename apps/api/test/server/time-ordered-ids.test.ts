// Every id the service writes is a UUID version 7 (RFC 9562): the Unix milliseconds of its creation
// first, so new rows land at the right edge of the id indexes (docs/api-rules.md, "Ids"). Checked
// on each way rows are written: Prisma's defaults (sign-up, project, single key), the services'
// own ids (bulk keys, translation writes), and SQL (the import writer, the TM entry an approval
// adds).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

let server: TestServer;
let owner: TestUser;
let started: number;
beforeAll(async () => {
  server = await startTestServer();
  started = Date.now();
  owner = await signUpUser(server, "Id Owner");
});
afterAll(async () => {
  await server.close();
});

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const millisOf = (id: string) => Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16);

/** Ids that are not version 7, or whose time is outside [from, to]. */
function wrongIds(ids: string[], from: number, to: number): string[] {
  return ids.filter((id) => !V7.test(id) || millisOf(id) < from || millisOf(id) > to);
}

describe("time-ordered ids", () => {
  it("every row written through the API has a version 7 id carrying its creation time", async () => {
    const project = await server.request("POST", "/api/projects", {
      apiKey: owner.apiKey,
      body: { name: "Ids", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    expect(project.status).toBe(201);
    const projectId = project.body._id as string;
    const single = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: "single" } });
    expect(single.status).toBe(201);
    const bulk = await server.request("POST", `/api/projects/${projectId}/keys/bulk`, {
      apiKey: owner.apiKey,
      body: { keys: [{ key: "bulk.a" }, { key: "bulk.b" }] },
    });
    expect(bulk.body.created).toBe(2);
    const imported = await server.request("POST", `/api/projects/${projectId}/import`, {
      apiKey: owner.apiKey,
      body: { language: "en", format: "json-flat", content: JSON.stringify({ "file.a": "Open file", "file.b": "Save file" }) },
    });
    expect(imported.status).toBe(200);
    for (const [language, value] of [
      ["en", "Single"],
      ["de", "Einzeln"],
    ]) {
      const put = await server.request("PUT", `/api/projects/${projectId}/keys/${single.body._id}/translations/${language}`, {
        apiKey: owner.apiKey,
        body: { value },
      });
      expect(put.status).toBe(200);
    }
    const approve = await server.request("PATCH", `/api/projects/${projectId}/keys/${single.body._id}/translations/de/status`, {
      apiKey: owner.apiKey,
      body: { status: "approved" },
    });
    expect(approve.status).toBe(200);
    const ended = Date.now();

    const prisma = server.db.prisma;
    const keys = await prisma.key.findMany({ where: { projectId }, select: { id: true } });
    const translations = await prisma.translation.findMany({ where: { projectId }, select: { id: true } });
    const history = await prisma.translationHistory.findMany({ where: { projectId }, select: { id: true } });
    const tm = await prisma.tmEntry.findMany({ where: { organizationId: owner.orgId }, select: { id: true } });
    expect(keys).toHaveLength(5);
    expect(translations).toHaveLength(4); // the two imported values, and "single" in en and de
    expect(history.length).toBeGreaterThanOrEqual(5);
    expect(tm).toHaveLength(1);
    const ids = [projectId, owner.userId, owner.orgId, ...[keys, translations, history, tm].flat().map((r) => r.id)];
    expect(wrongIds(ids, started - 1, ended + 1)).toEqual([]);
  });

  it("the database's uuid_v7() is a version 7 id of the current millisecond, and its text sorts by time", async () => {
    const before = Date.now();
    const first = await server.db.query<{ id: string }>("SELECT uuid_v7() AS id FROM generate_series(1, 200)");
    await new Promise((r) => setTimeout(r, 5));
    const [later] = await server.db.query<{ id: string }>("SELECT uuid_v7() AS id");
    const after = Date.now();
    const ids = first.map((r) => r.id);
    expect(new Set(ids).size).toBe(200);
    expect(wrongIds([...ids, later!.id], before - 1, after + 1)).toEqual([]);
    for (const id of ids) expect(id < later!.id).toBe(true);
  });
});
