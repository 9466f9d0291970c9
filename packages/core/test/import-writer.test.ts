// The import writer's path for a namespace that had no keys when the import began: keys are
// inserted without probing, repeated names are caught in memory and, past the writer's bound, in the
// temporary table; a key created meanwhile by another writer is matched (its value written), never
// taken for a repeat of the file. Each case runs with the names in memory throughout and with the
// table taking over after the first batches, and must write the same rows either way.
import { createTestDb, type Database } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../src/auth/actor";
import { type Candidate, ImportWriter } from "../src/import-export/import-writer";

let db: Database;
let userId: string;
let organizationId: string;

beforeAll(async () => {
  db = await createTestDb();
  const org = await db.prisma.organization.create({ data: { name: "Org", slug: `org-${Date.now()}` } });
  const user = await db.prisma.user.create({ data: { email: `writer-${Date.now()}@example.com`, name: "Writer", passwordHash: "x" } });
  organizationId = org.id;
  userId = user.id;
});
afterAll(async () => {
  await db.close();
});

const entry = (key: string, value = `${key} value`): Candidate => ({ key, value, description: "", takeValue: true });

async function newProject(): Promise<{ id: string; organizationId: string; sourceLanguage: string; qaSettings: unknown }> {
  return db.prisma.project.create({ data: { organizationId, name: "P", sourceLanguage: "en", targetLanguages: ["de"] } });
}

describe("ImportWriter into an empty project", () => {
  for (const seenInMemory of [1000, 3]) {
    it(`catches repeats across batches and matches a key created meanwhile (${seenInMemory} names in memory)`, async () => {
      const project = await newProject();
      const actor = { userId, userName: "Writer", organizationId } as Actor;
      const writer = new ImportWriter(
        { projectId: project.id, language: "en", namespace: "", namespaceGiven: false, overwrite: false, actor, qa: project },
        seenInMemory,
      );
      const outcomes = await db.prisma.$transaction(async (tx) => {
        const first = await writer.write(tx, [entry("a"), entry("b"), entry("a", "second a")]);
        const second = await writer.write(tx, [entry("c"), entry("d"), entry("b", "second b")]);
        // Another writer's key, created after the import began (visible here as it is in the same transaction).
        const [meanwhile] = await tx.$queryRaw<{ id: string }[]>`
          INSERT INTO "Key" ("id", "projectId", "namespace", "key", "description", "createdAt", "updatedAt")
          VALUES (uuid_v7(), ${project.id}, '', 'e', 'theirs', now(), now()) RETURNING "id"`;
        const third = await writer.write(tx, [entry("e"), entry("f"), entry("c", "second c")]);
        return { first, second, third, meanwhile: meanwhile!.id };
      });
      expect(outcomes.first.repeated.map((c) => c.value)).toEqual(["second a"]);
      expect(outcomes.second.repeated.map((c) => c.value)).toEqual(["second b"]);
      expect(outcomes.third.repeated.map((c) => c.value)).toEqual(["second c"]);
      expect([outcomes.first.written, outcomes.second.written, outcomes.third.written]).toEqual([2, 2, 2]);
      expect(writer.keysCreated).toBe(5);
      expect(writer.createdNames).toEqual(["a", "b", "c", "d", "f"]);

      const rows = await db.query<{ id: string; key: string; value: string; history: number }>(
        `SELECT k."id", k."key", t."value", (SELECT count(*)::int FROM "TranslationHistory" h WHERE h."translationId" = t."id") AS history
         FROM "Key" k JOIN "Translation" t ON t."keyId" = k."id" AND t."language" = 'en'
         WHERE k."projectId" = $1 ORDER BY k."key"`,
        [project.id],
      );
      expect(rows.map((r) => [r.key, r.value, r.history])).toEqual(["a", "b", "c", "d", "e", "f"].map((k) => [k, `${k} value`, 1]));
      expect(rows.find((r) => r.key === "e")!.id).toBe(outcomes.meanwhile);
      // The temporary table, where it was used, went with the transaction.
      const [table] = await db.query<{ name: string | null }>(`SELECT to_regclass('pg_temp.import_seen')::text AS name`);
      expect(table!.name).toBeNull();
    });
  }

  it("a project that has keys is matched as before: existing keys get their empty values filled, new keys are created", async () => {
    const project = await newProject();
    const existing = await db.prisma.key.create({ data: { projectId: project.id, namespace: "", key: "old" } });
    const actor = { userId, userName: "Writer", organizationId } as Actor;
    const writer = new ImportWriter({
      projectId: project.id,
      language: "en",
      namespace: "",
      namespaceGiven: false,
      overwrite: false,
      actor,
      qa: project,
    });
    const outcome = await db.prisma.$transaction((tx) => writer.write(tx, [entry("old"), entry("new"), entry("new", "again")]));
    expect(outcome).toMatchObject({ written: 2, repeated: [{ key: "new", value: "again" }] });
    expect(writer.keysCreated).toBe(1);
    const values = await db.query<{ key: string; value: string; id: string }>(
      `SELECT k."key", k."id", t."value" FROM "Key" k JOIN "Translation" t ON t."keyId" = k."id" WHERE k."projectId" = $1 ORDER BY k."key"`,
      [project.id],
    );
    expect(values.map((v) => [v.key, v.value])).toEqual([
      ["new", "new value"],
      ["old", "old value"],
    ]);
    expect(values.find((v) => v.key === "old")!.id).toBe(existing.id);
  });

  for (const seenInMemory of [1000, 3]) {
    it(`a project that has keys: repeats across batches are caught (${seenInMemory} names in memory), the gate sees existing keys' limits and source values`, async () => {
      const project = await newProject();
      const short = await db.prisma.key.create({ data: { projectId: project.id, namespace: "", key: "short", maxLength: 5 } });
      const counted = await db.prisma.key.create({ data: { projectId: project.id, namespace: "", key: "counted" } });
      const dotted = await db.prisma.key.create({ data: { projectId: project.id, namespace: "menu", key: "title", maxLength: 4 } });
      await db.prisma.translation.create({
        data: { projectId: project.id, keyId: counted.id, language: "en", value: "{n} files", status: "translated" },
      });
      const actor = { userId, userName: "Writer", organizationId } as Actor;
      const writer = new ImportWriter(
        { projectId: project.id, language: "de", namespace: "", namespaceGiven: false, overwrite: false, actor, qa: project },
        seenInMemory,
      );
      const outcomes = await db.prisma.$transaction(async (tx) => [
        await writer.write(tx, [entry("short", "far too long"), entry("counted", "{n} Dateien"), entry("a")]),
        await writer.write(tx, [entry("b"), entry("menu.title", "Titel!"), entry("counted", "again")]),
        await writer.write(tx, [entry("c"), entry("a", "again"), entry("d")]),
      ]);
      // The existing keys' length limits (also through a dotted name) refuse their values.
      expect(outcomes.flatMap((o) => o.refused.map((r) => [r.candidate.key, r.issues.map((i) => i.check)]))).toEqual([
        ["short", ["max_length"]],
        ["menu.title", ["max_length"]],
      ]);
      expect(outcomes.flatMap((o) => o.repeated.map((c) => c.key))).toEqual(["counted", "a"]);
      expect(outcomes.map((o) => o.written)).toEqual([2, 1, 2]);
      // The source value came with the key: its placeholder is kept, so no issue is stored.
      const [stored] = await db.query<{ value: string; qaIssues: unknown }>(
        `SELECT "value", "qaIssues" FROM "Translation" WHERE "keyId" = $1 AND "language" = 'de'`,
        [counted.id],
      );
      expect(stored).toEqual({ value: "{n} Dateien", qaIssues: [] });
      expect(await db.prisma.translation.count({ where: { keyId: { in: [short.id, dotted.id] } } })).toBe(0);
    });
  }

  it("a value that drops the source's placeholder is stored with its issue, the source read with the key", async () => {
    const project = await newProject();
    const key = await db.prisma.key.create({ data: { projectId: project.id, namespace: "", key: "counted" } });
    await db.prisma.translation.create({
      data: { projectId: project.id, keyId: key.id, language: "en", value: "{n} files", status: "translated" },
    });
    const actor = { userId, userName: "Writer", organizationId } as Actor;
    const writer = new ImportWriter({
      projectId: project.id,
      language: "de",
      namespace: "",
      namespaceGiven: false,
      overwrite: false,
      actor,
      qa: project,
    });
    const outcome = await db.prisma.$transaction((tx) => writer.write(tx, [entry("counted", "Dateien")]));
    const checks = [...outcome.refused.flatMap((r) => r.issues.map((i) => i.check))];
    const [stored] = await db.query<{ qaIssues: { check: string }[] | null }>(
      `SELECT "qaIssues" FROM "Translation" WHERE "keyId" = $1 AND "language" = 'de'`,
      [key.id],
    );
    // Refused (error) or stored with a warning: either way the source's placeholder was seen.
    expect([...checks, ...(stored?.qaIssues ?? []).map((i) => i.check)]).toEqual(["placeholder_missing"]);
  });
});
