// The cached key order of a large project under writes: creations, deletions, renames, imports and
// raw SQL interleaved with page reads. After each step the order the cache holds (once its refresh
// has settled) must equal the order the database gives, and every page of the language and of the
// key list must match it. Most steps must be absorbed by patching the order from the trigger-kept
// change log, not by rebuilding it. On PostgreSQL a second server on the same database (its own
// cache, as another api replica) writes too.
import { type KeyOrder, keyOrderCounters, keyOrderRefresh, keyOrderSlice, patchedKeyOrder, peekKeyOrder } from "@locale/core/keys";
import { type Database, testBackend } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Key Order Owner");
});
afterAll(async () => {
  await server.close();
});

const PAGE = 200;

async function oracle(db: Database, projectId: string) {
  const rows = await db.query<{ id: string; key: string; namespace: string }>(
    `SELECT id, key, namespace FROM "Key" WHERE "projectId" = $1 ORDER BY namespace, key`,
    [projectId],
  );
  return { ids: rows.map((r) => r.id), keys: rows.map((r) => r.key), namespaces: rows.map((r) => r.namespace) };
}

/** A read that brings the cache up to date, then waits for that refresh to finish. */
async function settle(s: TestServer, projectId: string): Promise<void> {
  await s.request("GET", `/api/projects/${projectId}/translations/de?limit=1&page=3`, { apiKey: owner.apiKey });
  await keyOrderRefresh(s, projectId);
}

/** Every page of the language and of the key list against the database's own order. */
async function assertPages(s: TestServer, projectId: string): Promise<void> {
  const expected = await oracle(s.db, projectId);
  const total = expected.ids.length;
  const totalPages = Math.ceil(total / PAGE);
  for (let page = 1; page <= totalPages; page++) {
    const [translations, keys] = await Promise.all([
      s.request("GET", `/api/projects/${projectId}/translations/de?limit=${PAGE}&page=${page}`, { apiKey: owner.apiKey }),
      s.request("GET", `/api/projects/${projectId}/keys?limit=${PAGE}&page=${page}`, { apiKey: owner.apiKey }),
    ]);
    const slice = (a: string[]) => a.slice((page - 1) * PAGE, page * PAGE);
    expect(translations.body.meta).toEqual({ page, limit: PAGE, total, totalPages });
    expect(keys.body.meta).toEqual({ page, limit: PAGE, total, totalPages });
    expect(translations.body.data.map((t: { keyId: string }) => t.keyId)).toEqual(slice(expected.ids));
    expect(translations.body.data.map((t: { key: string }) => t.key)).toEqual(slice(expected.keys));
    expect(translations.body.data.map((t: { namespace: string }) => t.namespace)).toEqual(slice(expected.namespaces));
    expect(keys.body.data.map((k: { _id: string }) => k._id)).toEqual(slice(expected.ids));
  }
}

const whole = (order: KeyOrder) => keyOrderSlice(order, 0, order.size);

/** The settled cache of `s` holds exactly the database's order, at the current version. */
async function assertCachedOrder(s: TestServer, projectId: string): Promise<void> {
  await settle(s, projectId);
  const [stats] = await s.db.query<{ version: string }>(`SELECT version::text FROM "ProjectKeyStats" WHERE "projectId" = $1`, [projectId]);
  const cached = peekKeyOrder(s, projectId);
  expect(cached?.version).toBe(stats!.version);
  const expected = await oracle(s.db, projectId);
  const held = whole(cached!);
  expect(cached!.size).toBe(expected.ids.length);
  expect(held.ids).toEqual(expected.ids);
  expect(held.keys).toEqual(expected.keys);
  expect(held.namespaces).toEqual(expected.namespaces);
  // Chunks are cut where a page may start or end; every page from them must match too.
  for (const [from, to] of [
    [0, 1],
    [1023, 1025],
    [expected.ids.length - 3, expected.ids.length + 5],
    [500, 2600],
  ] as const)
    expect(keyOrderSlice(cached!, from, to).ids).toEqual(expected.ids.slice(from, to));
}

async function newProject(s: TestServer): Promise<string> {
  const res = await s.request("POST", "/api/projects", {
    apiKey: owner.apiKey,
    body: { name: "Order", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  expect(res.status).toBe(201);
  return res.body._id;
}

async function createKeys(s: TestServer, projectId: string, keys: { key: string; namespace?: string }[]): Promise<string[]> {
  const res = await s.request("POST", `/api/projects/${projectId}/keys/bulk`, { apiKey: owner.apiKey, body: { keys } });
  expect(res.status).toBe(200);
  return res.body.keys.map((k: { _id: string }) => k._id);
}

// Names whose order depends on the collation (case, accents, punctuation, digits, non-BMP).
const TRICKY = ["Zeta", "alpha", "Älpha", "a_b", "a-b", "aB", "ab", "é", "e", "10", "9", "😀", "ｚ", "a b", "A"];

describe("cached key order under writes", () => {
  it("is patched through creations, deletions, renames, imports and raw SQL, and every page stays exact", async () => {
    const projectId = await newProject(server);
    const spec = (i: number) => ({ key: `item.${String(i * 7).padStart(5, "0")}`, namespace: i % 3 === 0 ? "" : `ns${i % 3}` });
    const ids = [
      ...(await createKeys(
        server,
        projectId,
        Array.from({ length: 1000 }, (_, i) => spec(i)),
      )),
      ...(await createKeys(
        server,
        projectId,
        Array.from({ length: 100 }, (_, i) => spec(1000 + i)),
      )),
    ];
    await assertCachedOrder(server, projectId); // the first order is a rebuild
    const counters = keyOrderCounters(server);
    const rebuildsBefore = counters.rebuilds;
    const patchesBefore = counters.patches;
    const post = (path: string, body: unknown) =>
      server.request("POST", `/api/projects/${projectId}${path}`, { apiKey: owner.apiKey, body });
    const steps: [string, () => Promise<unknown>][] = [
      ["one key in the middle", () => post("/keys", { key: "item.00350x", namespace: "ns1" })],
      ["one key at the head", () => post("/keys", { key: "!first" })],
      ["one key at the tail", () => post("/keys", { key: "zzz", namespace: "zz" })],
      ...TRICKY.map((key, i): [string, () => Promise<unknown>] => [
        `tricky name ${key}`,
        () => post("/keys", { key, namespace: i % 2 ? "ns1" : "" }),
      ]),
      [
        "a small bulk of neighbours",
        () =>
          createKeys(
            server,
            projectId,
            ["item.00001a", "item.00001b", "item.00001c", "item.00002"].map((key) => ({ key })),
          ),
      ],
      ["delete one key", () => server.request("DELETE", `/api/projects/${projectId}/keys/${ids[500]}`, { apiKey: owner.apiKey })],
      ["delete the first key", () => server.request("DELETE", `/api/projects/${projectId}/keys/${ids[0]}`, { apiKey: owner.apiKey })],
      [
        "bulk delete",
        () =>
          server.request("DELETE", `/api/projects/${projectId}/keys/bulk`, { apiKey: owner.apiKey, body: { keyIds: ids.slice(600, 640) } }),
      ],
      [
        "rename to the head",
        () => server.request("PATCH", `/api/projects/${projectId}/keys/${ids[700]}`, { apiKey: owner.apiKey, body: { key: "!!head" } }),
      ],
      [
        "bulk rename",
        () =>
          server.request("PATCH", `/api/projects/${projectId}/keys/bulk`, {
            apiKey: owner.apiKey,
            body: {
              keys: [
                { _id: ids[701], key: "renamed.b" },
                { _id: ids[702], key: "renamed.a" },
                { _id: ids[703], key: "~tail" },
              ],
            },
          }),
      ],
      [
        "description only (no version change)",
        () => server.request("PATCH", `/api/projects/${projectId}/keys/${ids[702]}`, { apiKey: owner.apiKey, body: { description: "d" } }),
      ],
      [
        "import of new keys and existing ones",
        () =>
          post("/import", {
            language: "de",
            format: "json-flat",
            content: JSON.stringify({ "item.00007": "Sieben", "imported.b": "B", "imported.a": "A", "Imported.c": "C" }),
          }),
      ],
      [
        "raw SQL: two renames in one statement",
        () =>
          server.db.query(`UPDATE "Key" SET key = 'moved.' || key, namespace = 'ns0' WHERE "projectId" = $1 AND id IN ($2, $3)`, [
            projectId,
            ids[800],
            ids[900],
          ]),
      ],
      [
        "raw SQL: insert and delete in one transaction",
        () =>
          server.db.prisma.$transaction([
            server.db.prisma.key.create({ data: { projectId, key: "tx.new" } }),
            server.db.prisma.key.delete({ where: { id: ids[901]! } }),
            server.db.prisma.key.update({ where: { id: ids[902]! }, data: { key: "tx.renamed" } }),
          ]),
      ],
    ];
    for (const [name, step] of steps) {
      const result = (await step()) as { status?: number; text?: string };
      if (result && typeof result.status === "number") expect(result.status, `${name}: ${result.text}`).toBeLessThan(300);
      await assertCachedOrder(server, projectId).catch((e) => {
        throw new Error(`after "${name}": ${e.message}`);
      });
    }
    // Several writes between two reads: one patch covers them all.
    await post("/keys", { key: "batch.1" });
    await server.request("DELETE", `/api/projects/${projectId}/keys/${ids[903]}`, { apiKey: owner.apiKey });
    await server.request("PATCH", `/api/projects/${projectId}/keys/${ids[904]}`, { apiKey: owner.apiKey, body: { key: "batch.0" } });
    await post("/keys", { key: "batch.2" });
    await assertCachedOrder(server, projectId);
    await assertPages(server, projectId);

    expect(counters.rebuilds).toBe(rebuildsBefore);
    // Every step but the description change (no version change) was one patch; the batch one more.
    expect(counters.patches).toBe(patchesBefore + steps.length);

    // More than the log keeps per statement: a rebuild, still exact.
    await createKeys(
      server,
      projectId,
      Array.from({ length: 150 }, (_, i) => ({ key: `big.${i}` })),
    );
    await assertCachedOrder(server, projectId);
    expect(counters.rebuilds).toBe(rebuildsBefore + 1);
    await assertPages(server, projectId);
  });

  it("serves pages read while writes land between them exactly as the database orders them", async () => {
    const projectId = await newProject(server);
    const ids = await createKeys(
      server,
      projectId,
      Array.from({ length: 1000 }, (_, i) => ({ key: `k.${String(i).padStart(4, "0")}` })),
    );
    ids.push(
      ...(await createKeys(
        server,
        projectId,
        Array.from({ length: 50 }, (_, i) => ({ key: `k.${String(1000 + i).padStart(4, "0")}` })),
      )),
    );
    await assertCachedOrder(server, projectId);
    // Concurrent writers and readers; afterwards every page is checked against the database.
    const writes = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0
        ? server.request("POST", `/api/projects/${projectId}/keys`, {
            apiKey: owner.apiKey,
            body: { key: `k.${String(i * 31).padStart(4, "0")}x` },
          })
        : i % 3 === 1
          ? server.request("DELETE", `/api/projects/${projectId}/keys/${ids[i * 20]}`, { apiKey: owner.apiKey })
          : server.request("PATCH", `/api/projects/${projectId}/keys/${ids[i * 20 + 1]}`, {
              apiKey: owner.apiKey,
              body: { key: `r.${i}` },
            }),
    );
    const reads = Array.from({ length: 30 }, (_, i) =>
      server.request("GET", `/api/projects/${projectId}/translations/de?limit=50&page=${(i % 20) + 1}`, { apiKey: owner.apiKey }),
    );
    const results = await Promise.all([...writes, ...reads]);
    for (const r of results) expect(r.status).toBeLessThan(300);
    await assertCachedOrder(server, projectId);
    await assertPages(server, projectId);
  });
});

describe("reads that wait for a patch", () => {
  it("wait through the next patch when keys were written while one was under way, never for an older order", async () => {
    const projectId = await newProject(server);
    await createKeys(
      server,
      projectId,
      Array.from({ length: 1000 }, (_, i) => ({ key: `w.${String(i).padStart(4, "0")}` })),
    );
    await assertCachedOrder(server, projectId);
    const rebuilds = keyOrderCounters(server).rebuilds;
    const v = BigInt(peekKeyOrder(server, projectId)!.version);
    const insert = (key: string) =>
      server.db.query(`INSERT INTO "Key" (id, "projectId", key, "updatedAt") VALUES (uuid_v7(), $1, $2, now())`, [projectId, key]);
    await insert("w.0500a");
    // A read at the next version starts a patch ...
    const first = patchedKeyOrder(server, projectId, { keyCount: 1001, version: String(v + 1n) });
    // ... and a key is written while it is under way (on PGlite, after the patch's statement, so
    // the patch does not cover it); a read that saw that key's version joins the patch under way.
    // A read can only have seen that version once the write is committed: on PostgreSQL (a pool,
    // the write on a connection of its own) the read waits for it here, or it would claim a version
    // the database does not have yet and find every patch short of it (seen: 2 runs in 6).
    const written = insert("w.0250a");
    if (testBackend() === "postgres") await written;
    const second = patchedKeyOrder(server, projectId, { keyCount: 1002, version: String(v + 2n) });
    await written;
    const [one, two] = await Promise.all([first, second]);
    expect(BigInt(one!.version)).toBeGreaterThanOrEqual(v + 1n);
    // Not null (the OFFSET query) and not the order the first patch made: the next patch's.
    expect(two?.version).toBe(String(v + 2n));
    expect(whole(two!).ids).toEqual((await oracle(server.db, projectId)).ids);
    expect(keyOrderCounters(server).rebuilds).toBe(rebuilds);
    await assertPages(server, projectId);
  });
});

describe.runIf(testBackend() === "postgres")("two servers on one database (api replicas)", () => {
  it("never serves an order made stale by the other replica's writes, and patches it from the shared log", async () => {
    const [row] = await server.db.query<{ db: string }>(`SELECT current_database() AS db`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.db}`;
    const replica = await startTestServer({}, { databaseUrl: url.toString() });
    try {
      const projectId = await newProject(server);
      const name = (i: number) => ({ key: `key.${String(i).padStart(4, "0")}` });
      const ids = await createKeys(
        server,
        projectId,
        Array.from({ length: 1000 }, (_, i) => name(i)),
      );
      ids.push(
        ...(await createKeys(
          server,
          projectId,
          Array.from({ length: 20 }, (_, i) => name(1000 + i)),
        )),
      );
      await assertCachedOrder(server, projectId);
      await assertCachedOrder(replica, projectId);
      const patches = keyOrderCounters(server).patches;
      // Writes through the replica only; the first server's cached order is now stale.
      await replica.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: "key.0500a" } });
      await replica.request("DELETE", `/api/projects/${projectId}/keys/${ids[10]}`, { apiKey: owner.apiKey });
      await replica.request("PATCH", `/api/projects/${projectId}/keys/${ids[20]}`, { apiKey: owner.apiKey, body: { key: "aaa" } });
      // The very first read on the other server is already exact (it takes the OFFSET path) ...
      await assertPages(server, projectId);
      // ... and its order is patched, not rebuilt.
      await assertCachedOrder(server, projectId);
      expect(keyOrderCounters(server).patches).toBeGreaterThan(patches);
      await assertPages(server, projectId);
      await assertCachedOrder(replica, projectId);
      await assertPages(replica, projectId);
    } finally {
      await replica.close();
    }
  });
});
