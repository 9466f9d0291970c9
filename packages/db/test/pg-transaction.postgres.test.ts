// Statements outside Prisma run on a pooled connection of their own (pg-transaction.ts). A
// connection the database ends under them (a restart, a reaper, pg_terminate_backend) must fail
// that read or write alone: the pool no longer listens for a checked-out client's "error", and an
// unheard one would end the process.
import { describe, expect, it } from "vitest";
import { createTestDb } from "../src/testing";

describe("transactions outside Prisma, on PostgreSQL", () => {
  it("fail alone when the database ends their connection, and the next one runs", async () => {
    const db = await createTestDb();
    try {
      const heard: unknown[] = [];
      const onUncaught = (error: unknown) => heard.push(error);
      process.on("uncaughtException", onUncaught);
      try {
        await expect(db.readSnapshot((r) => r.arrays("SELECT pg_terminate_backend(pg_backend_pid())"))).rejects.toThrow();
        await expect(db.transaction((tx) => tx.query("SELECT pg_terminate_backend(pg_backend_pid())"))).rejects.toThrow();
        // give a late "error" event its turn
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        process.off("uncaughtException", onUncaught);
      }
      expect(heard).toEqual([]);
      expect(await db.readSnapshot((r) => r.arrays("SELECT 1"))).toEqual([[1]]);
      expect(await db.transaction((tx) => tx.query<{ one: number }>("SELECT 1 AS one"))).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });
});
