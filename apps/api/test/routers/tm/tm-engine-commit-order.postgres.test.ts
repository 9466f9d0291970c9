// The engine's in-process copy against real concurrent transactions (PostgreSQL): a transaction
// that began before another but commits after it must still reach the copy. A copy that only
// remembered the newest transaction it had seen would skip it forever; the copy refreshes from its
// snapshot's oldest running transaction (tm-engine-copies.ts). Also a second process's view: a
// second connection pool (as another api replica) with its own copy sees the first one's writes.
import { type CoreRuntime, createCoreRuntime } from "@locale/core";
import { addTmEntry, configureTmEngine, DEFAULT_TM_ENGINE_SETTINGS, rankTmEntries } from "@locale/core/tm";
import { createDb, createTestDb, type Database } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let db: Database;
let replica: Database;
let organizationId: string;
// A runtime per pool, as each api replica has its own.
const runtimes = new Map<Database, CoreRuntime>();
const runtimeOf = (on: Database): CoreRuntime => {
  if (!runtimes.has(on)) runtimes.set(on, createCoreRuntime());
  return runtimes.get(on)!;
};

const entry = (sourceText: string) => ({
  organizationId,
  sourceLanguage: "en",
  targetLanguage: "de",
  sourceText,
  targetText: `de: ${sourceText}`,
});
const ranked = async (on: Database, sourceText: string) =>
  (
    await rankTmEntries(
      { db: on, runtime: runtimeOf(on) },
      { organizationId, sourceText, sourceLang: "en", targetLang: "de", minSimilarity: 50, limit: 10 },
    )
  ).map((r) => r.sourceText);

beforeAll(async () => {
  db = await createTestDb();
  const [row] = await db.query<{ url: string }>(`SELECT current_database() AS "url"`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.url}`;
  replica = await createDb(url.toString(), { migrate: false });
  const org = await db.prisma.organization.create({ data: { name: "Order", slug: "order" } });
  organizationId = org.id;
  for (let i = 0; i < 30; i++) await addTmEntry(db.prisma, entry(`filler sentence number ${i}`));
  for (const on of [db, replica]) {
    const copies = configureTmEngine({ db: on, runtime: runtimeOf(on) }, { ...DEFAULT_TM_ENGINE_SETTINGS, minEntries: 10 });
    expect(copies, "the native TM engine is built (packages/tm-engine)").not.toBeNull();
    expect(await copies!.prepare(organizationId, "en", "de")).toBe(true);
  }
});
afterAll(async () => {
  for (const on of [db, replica]) configureTmEngine({ db: on, runtime: runtimeOf(on) }, { ...DEFAULT_TM_ENGINE_SETTINGS, enabled: false });
  await replica?.close();
  await db?.close();
});

describe("the engine's copy and concurrent transactions (PostgreSQL)", () => {
  it("sees a write that commits after a later transaction's", async () => {
    let inserted!: () => void;
    let release!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    // the slow transaction takes its transaction id first ...
    const slow = db.prisma.$transaction(async (tx) => {
      await addTmEntry(tx, entry("Slow transaction entry"));
      inserted();
      await gate;
    });
    await insertedYet;
    // ... a later one commits first, and the copy is refreshed past it while the slow one runs
    await addTmEntry(db.prisma, entry("Fast transaction entry"));
    expect(await ranked(db, "transaction entry")).toEqual(["Fast transaction entry"]);
    release();
    await slow;
    expect((await ranked(db, "transaction entry")).sort()).toEqual(["Fast transaction entry", "Slow transaction entry"]);
  });

  it("sees another process's writes and deletions in its own copy", async () => {
    await addTmEntry(replica.prisma, entry("Written by the replica"));
    expect(await ranked(db, "Written by the replica")).toEqual(["Written by the replica"]);
    await db.prisma.tmEntry.deleteMany({ where: { organizationId, sourceText: "Written by the replica" } });
    expect(await ranked(replica, "Written by the replica")).toEqual([]);
  });
});
