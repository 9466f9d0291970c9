// The cached key order with two servers on one PostgreSQL database, each with its own cache (as
// api replicas): writes through one must never leave the other serving a stale order, and the
// other patches its order from the shared, trigger-kept change log instead of rebuilding it.
import { keyOrderCounters } from "@locale/core/keys";
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

const { assertPages, assertCachedOrder, newProject, createKeys } = keyOrderChecks(() => owner.apiKey);

describe("two servers on one database (api replicas)", () => {
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
