// Public delivery while the database is down (docs/delivery.md): the files and the manifest of the
// last release a process served keep answering (with their ETags and 304s) while PostgreSQL is
// stopped, what it never held answers 503 with Retry-After, and once the database is back a new
// release is served. Two api processes share the database, so a release published through one is
// served by the other (the NOTIFY that drops the other's copy). On a PostgreSQL cluster of this
// file's own (helpers/private-postgres.ts): the shared server is never touched.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject, waitUntil } from "../helpers/fake-ai-providers";
import { type PrivatePostgres, startPrivatePostgres } from "../helpers/private-postgres";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

let cluster: PrivatePostgres;
let server: TestServer;
let other: TestServer;
let user: TestUser;

beforeAll(async () => {
  cluster = await startPrivatePostgres({ dataTmpfsMb: 160 });
  server = await startTestServer({}, { databaseUrl: cluster.url });
  // A short copy lifetime, so the outage also exercises a copy that is due to be read again.
  other = await startTestServer({ DELIVERY_CACHE_TTL_MS: "200" }, { databaseUrl: cluster.url });
  user = await signUpUser(server);
});

afterAll(async () => {
  try {
    await Promise.race([Promise.all([server?.close(), other?.close()]), new Promise((r) => setTimeout(r, 60_000))]);
  } finally {
    await cluster?.remove();
  }
});

const get = async (base: string, path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${path}`, { headers: { "accept-encoding": "identity", ...headers } });
  return { status: res.status, headers: res.headers, text: await res.text() };
};

describe("delivery while the database is down", () => {
  it("serves a release published through another process, then keeps answering from memory during the outage", async () => {
    const { projectId, keyIds } = await seedProject(server, user, [{ key: "title", source: "Welcome", targets: { de: "Willkommen" } }], {
      targetLanguages: ["de"],
    });
    const api = (method: string, path: string, body?: unknown) => server.request(method, `/api${path}`, { apiKey: user.apiKey, body });
    const first = await api("POST", `/projects/${projectId}/releases`, { statuses: ["translated"] });
    expect(first.status).toBe(201);
    const { deliveryId } = (await api("GET", `/projects/${projectId}/delivery`)).body;
    const path = `/delivery/${deliveryId}/latest/de.json`;

    // The other process reads (and keeps) release 1.
    const before = await get(other.url, path);
    expect(JSON.parse(before.text)).toEqual({ title: "Willkommen" });
    const manifest = await get(other.url, `/delivery/${deliveryId}/manifest.json`);
    expect(manifest.status).toBe(200);

    // A release through the first process: the second serves it once the NOTIFY reaches it.
    await api("PUT", `/projects/${projectId}/keys/${keyIds.title!}/translations/de`, { value: "Herzlich willkommen" });
    const second = await api("POST", `/projects/${projectId}/releases`, { statuses: ["translated"] });
    expect(second.body.version).toBe(2);
    await waitUntil(async () => JSON.parse((await get(other.url, path)).text).title === "Herzlich willkommen", 20_000);
    const served = await get(other.url, path);
    const numbered = await get(other.url, `/delivery/${deliveryId}/2/de.json`);
    const manifest2 = await get(other.url, `/delivery/${deliveryId}/manifest.json`);
    expect(JSON.parse(manifest2.text).latest).toBe(2);

    await cluster.stop();
    try {
      // The database is gone: the API answers 503, delivery answers from memory, 304s included.
      const apiDown = await api("GET", `/projects/${projectId}/releases`);
      expect(apiDown.status).toBe(503);
      const during = await get(other.url, path);
      expect(during.status).toBe(200);
      expect(during.text).toBe(served.text);
      expect(during.headers.get("etag")).toBe(served.headers.get("etag"));
      expect((await get(other.url, path, { "if-none-match": served.headers.get("etag")! })).status).toBe(304);
      expect((await get(other.url, `/delivery/${deliveryId}/2/de.json`)).text).toBe(numbered.text);
      expect((await get(other.url, `/delivery/${deliveryId}/manifest.json`)).text).toBe(manifest2.text);
      // Past the copy's lifetime: the re-read fails, and the copy keeps answering.
      await new Promise((r) => setTimeout(r, 400));
      const later = await get(other.url, path);
      expect(later.status).toBe(200);
      expect(later.text).toBe(served.text);
      // A delivery id no process has seen cannot be answered: 503, never a false 404.
      const unknown = await get(other.url, "/delivery/BBBBBBBBBBBBBBBBBBBBBB/latest/de.json");
      expect(unknown.status).toBe(503);
      expect(Number(unknown.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(JSON.parse(unknown.text)).toMatchObject({ statusCode: 503, error: "Service Unavailable" });
    } finally {
      await cluster.start();
    }

    // Back: a new release is served again (the listener reconnected or the copy expired).
    await waitUntil(async () => (await api("GET", `/projects/${projectId}/releases`)).status === 200, 60_000);
    const third = await api("POST", `/projects/${projectId}/releases`, { statuses: ["translated"], note: "after" });
    expect(third.body.version).toBe(3);
    await waitUntil(async () => JSON.parse((await get(other.url, `/delivery/${deliveryId}/manifest.json`)).text).latest === 3, 60_000);
  });
});
