import { describe, expect, it } from "vitest";
import { createDb, diffMigrationsAgainstSchema } from "../src/index";
import { createTestDb } from "../src/testing";

describe("migrations", () => {
  it("produce exactly the schema in schema.prisma", async () => {
    const db = await createDb("memory://", { migrate: false });
    try {
      expect(await diffMigrationsAgainstSchema(db.migrationFactory)).toBe("");
    } finally {
      await db.close();
    }
  });

  it("give a working database with pg_trgm and enforced uniqueness", async () => {
    const db = await createTestDb();
    try {
      const org = await db.prisma.organization.create({ data: { name: "Acme", slug: "acme" } });
      await expect(db.prisma.organization.create({ data: { name: "Acme", slug: "acme" } })).rejects.toMatchObject({ code: "P2002" });
      const rows = await db.query<{ s: number }>("SELECT similarity('hello world', 'hello word') AS s");
      expect(rows[0]!.s).toBeGreaterThan(0.5);
      expect(org.settings).toEqual({});
    } finally {
      await db.close();
    }
  });

  it("delivers NOTIFY to listeners after commit", async () => {
    const db = await createTestDb();
    try {
      const got: string[] = [];
      const stop = await db.listen("chan_test", (p) => got.push(p));
      await db.notify("chan_test", "hello");
      for (let i = 0; i < 50 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(got).toEqual(["hello"]);
      await stop();
    } finally {
      await db.close();
    }
  });
});
