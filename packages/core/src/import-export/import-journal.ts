// A large import on PGlite commits batch by batch, so that other requests (any tenant's reads and
// writes) run between two batches instead of waiting for the whole file (docs/imports-on-pglite.md).
// It stays all-or-nothing through a journal: every row it writes is listed in ImportUndo in the
// same transaction, and a failed import is taken back from that list. The journal row is deleted in
// the import's last transaction, together with its activity entry: until then, an import the
// process did not finish (a crash, kill -9) is taken back when the service starts again.
import type { Database } from "@locale/db";
import type { Tx } from "../activity/record-activity";

/** Opens the journal of an import, in the transaction of its first batch. */
export async function openImportJournal(tx: Tx, projectId: string): Promise<string> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "ImportJournal" ("id", "projectId") VALUES (uuid_v7(), ${projectId}) RETURNING "id"`;
  if (!row) throw new Error("import journal: no row");
  return row.id;
}

/** The import is complete: its journal goes in the transaction that records it. */
export async function closeImportJournal(tx: Tx, importId: string): Promise<void> {
  await tx.$executeRaw`DELETE FROM "ImportJournal" WHERE "id" = ${importId}`;
}

/**
 * Takes back everything the import wrote, in one transaction. A translation changed since the import
 * wrote it (another request between two batches) keeps that change; keys the import created go, with
 * whatever was written to them meanwhile.
 */
export async function undoImport(tx: Tx, importId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Translation" t
    SET "value" = u.p->>'value', "status" = (u.p->>'status')::"TranslationStatus",
      "source" = (u.p->>'source')::"TranslationSource", "aiConfidence" = (u.p->>'aiConfidence')::int,
      "qaIssues" = u.p->'qaIssues', "updatedAt" = (u.p->>'updatedAt')::timestamptz
    FROM (SELECT "targetId", "previous" AS p FROM "ImportUndo"
          WHERE "importId" = ${importId} AND "kind" = 'translation' AND "previous" IS NOT NULL) u
    WHERE t."id" = u."targetId" AND t."updatedAt" = (u.p->>'importedAt')::timestamptz`;
  await tx.$executeRaw`
    DELETE FROM "TranslationHistory" WHERE "id" IN (
      SELECT "targetId" FROM "ImportUndo" WHERE "importId" = ${importId} AND "kind" = 'history')`;
  await tx.$executeRaw`
    DELETE FROM "Translation" WHERE "id" IN (
      SELECT "targetId" FROM "ImportUndo" WHERE "importId" = ${importId} AND "kind" = 'translation' AND "previous" IS NULL)`;
  await tx.$executeRaw`
    UPDATE "Key" SET "description" = '' WHERE "id" IN (
      SELECT "targetId" FROM "ImportUndo" WHERE "importId" = ${importId} AND "kind" = 'description')`;
  await tx.$executeRaw`
    DELETE FROM "Key" WHERE "id" IN (
      SELECT "targetId" FROM "ImportUndo" WHERE "importId" = ${importId} AND "kind" = 'key')`;
  await tx.$executeRaw`DELETE FROM "ImportJournal" WHERE "id" = ${importId}`;
}

/** At start-up, before any request: takes back the imports a stopped process left unfinished. */
export async function undoUnfinishedImports(db: Database): Promise<number> {
  const open = await db.prisma.$queryRaw<{ id: string }[]>`SELECT "id" FROM "ImportJournal" ORDER BY "startedAt"`;
  for (const { id } of open) await db.prisma.$transaction((tx) => undoImport(tx, id), { timeout: 600_000 });
  return open.length;
}
