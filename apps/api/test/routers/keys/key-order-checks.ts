// The checks the key-order cache suites share: the database's own order as the oracle, a read that
// settles the cache, and every page and the cached order compared against the oracle.
import { type KeyOrder, keyOrderRefresh, keyOrderSlice, peekKeyOrder } from "@locale/core/keys";
import type { Database } from "@locale/db";
import { expect } from "vitest";
import type { TestServer } from "../../helpers/test-server";

/** The checks, acting as the user whose API key `apiKey` gives. */
export function keyOrderChecks(apiKey: () => string) {
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
    await s.request("GET", `/api/projects/${projectId}/translations/de?limit=1&page=3`, { apiKey: apiKey() });
    await keyOrderRefresh(s, projectId);
  }

  /** Every page of the language and of the key list against the database's own order. */
  async function assertPages(s: TestServer, projectId: string): Promise<void> {
    const expected = await oracle(s.db, projectId);
    const total = expected.ids.length;
    const totalPages = Math.ceil(total / PAGE);
    for (let page = 1; page <= totalPages; page++) {
      const [translations, keys] = await Promise.all([
        s.request("GET", `/api/projects/${projectId}/translations/de?limit=${PAGE}&page=${page}`, { apiKey: apiKey() }),
        s.request("GET", `/api/projects/${projectId}/keys?limit=${PAGE}&page=${page}`, { apiKey: apiKey() }),
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
    const [stats] = await s.db.query<{ version: string }>(`SELECT version::text FROM "ProjectKeyStats" WHERE "projectId" = $1`, [
      projectId,
    ]);
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
      apiKey: apiKey(),
      body: { name: "Order", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    expect(res.status).toBe(201);
    return res.body._id;
  }

  async function createKeys(s: TestServer, projectId: string, keys: { key: string; namespace?: string }[]): Promise<string[]> {
    const res = await s.request("POST", `/api/projects/${projectId}/keys/bulk`, { apiKey: apiKey(), body: { keys } });
    expect(res.status).toBe(200);
    return res.body.keys.map((k: { _id: string }) => k._id);
  }

  return { oracle, settle, assertPages, assertCachedOrder, newProject, createKeys, whole };
}
