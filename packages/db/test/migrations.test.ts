import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDb, diffMigrationsAgainstSchema, everyMigrationApplied } from "../src/index";
import { MIGRATIONS_DIR } from "../src/paths";
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

  it("are skipped at start-up only when every one is applied, finished and unchanged", async () => {
    const fresh = await createDb("memory://", { migrate: false });
    try {
      expect(await everyMigrationApplied(fresh.query)).toBe(false);
    } finally {
      await fresh.close();
    }
    const db = await createTestDb();
    const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
    try {
      expect(await everyMigrationApplied(db.query)).toBe(true);
      // a migration the database has not seen
      cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      mkdirSync(path.join(dir, "29990101000000_next"));
      writeFileSync(path.join(dir, "29990101000000_next", "migration.sql"), "SELECT 1;\n");
      expect(await everyMigrationApplied(db.query, dir)).toBe(false);
      // an applied migration whose file was edited afterwards
      const [first] = await db.query<{ migration_name: string }>("SELECT migration_name FROM _prisma_migrations ORDER BY 1 LIMIT 1");
      await db.query("UPDATE _prisma_migrations SET checksum = 'edited' WHERE migration_name = $1", [first!.migration_name]);
      expect(await everyMigrationApplied(db.query)).toBe(false);
      await db.query("UPDATE _prisma_migrations SET checksum = 'x', finished_at = NULL WHERE migration_name = $1", [first!.migration_name]);
      expect(await everyMigrationApplied(db.query)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
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
