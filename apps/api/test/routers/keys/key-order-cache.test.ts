// The cached key order of a large project under writes: creations, deletions, renames, imports and
// raw SQL interleaved with page reads. After each step the order the cache holds (once its refresh
// has settled) must equal the order the database gives, and every page of the language and of the
// key list must match it. Most steps must be absorbed by patching the order from the trigger-kept
// change log, not by rebuilding it. (Two servers on one PostgreSQL database, each with its own cache:
// key-order-replicas.postgres.test.ts.)
import { keyOrderCounters, patchedKeyOrder, peekKeyOrder } from "@locale/core/keys";
import { testBackend } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";
import { keyOrderChecks } from "./key-order-checks";

let server: TestServer;
let owner: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Key Order Owner");
});
afterAll(async () => {
  await server.close();
});

const { oracle, assertPages, assertCachedOrder, newProject, createKeys, whole } = keyOrderChecks(() => owner.apiKey);

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
