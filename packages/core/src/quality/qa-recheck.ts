// The background recheck of a project's stored quality-check issues after its settings change
// (docs/quality-checks.md). A settings change (re)starts the project's `QaRecheck` row in its own
// transaction and wakes the workers (NOTIFY); the worker that holds the row (recheck-lease.ts, and
// run-qa-recheck.ts, which the worker's qa-recheck runner calls per queued job) then walks the
// project's translations in id order, a batch per transaction: it recomputes each value's issues
// with the same gate as the writes, stores those that differ, and advances the row's cursor and
// counts in that same transaction. So progress is exact at every commit, and a worker that dies is
// resumed from the cursor by another. A new settings change resets the row: the running worker
// sees it no longer holds the row and stops, and the recheck starts over.
import type { Database, Prisma } from "@locale/db";
import { isQaCheckId } from "../qa";
import type { QaIssue } from "../qa/types";
import { iso } from "../shared/dates";
import { sqlOf, type WriteTx } from "../shared/write-tx";
import { readStoredQaIssues, type StoredQaIssue } from "../translations/translation-record";
import { type KeyFacts, QaGate, type QaProject } from "./qa-gate";

type Tx = Prisma.TransactionClient;

/** Wakes the workers when a recheck is requested (payload: the project id). */
export const QA_RECHECK_CHANNEL = "qa_recheck_queued";

export const QA_RECHECK_BATCH = 2_000;

export interface QaRecheckRecord {
  status: "queued" | "running" | "completed";
  /** Counts the settings changes that started a recheck. */
  generation: number;
  /** Translations with a value when the recheck started. */
  total: number;
  checked: number;
  /** Translations whose stored issues changed. */
  changed: number;
  requestedAt: string;
  finishedAt: string | null;
}

interface RecheckRow {
  projectId: string;
  generation: number;
  status: string;
  cursor: string | null;
  total: number;
  checked: number;
  changed: number;
  lockedBy: string | null;
  requestedAt: Date;
  finishedAt: Date | null;
}

export function toQaRecheckRecord(row: RecheckRow): QaRecheckRecord {
  return {
    status: row.status as QaRecheckRecord["status"],
    generation: row.generation,
    total: row.total,
    checked: row.checked,
    changed: row.changed,
    requestedAt: iso(row.requestedAt),
    finishedAt: row.finishedAt ? iso(row.finishedAt) : null,
  };
}

/** (Re)starts the project's recheck from the beginning; call in the settings change's transaction. */
export async function requestQaRecheck(tx: Tx, projectId: string): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "QaRecheck" ("projectId", "generation", "status", "requestedAt")
    VALUES (${projectId}, 1, 'queued', now())
    ON CONFLICT ("projectId") DO UPDATE SET
      "generation" = "QaRecheck"."generation" + 1, "status" = 'queued', "cursor" = NULL, "total" = 0, "checked" = 0,
      "changed" = 0, "lockedBy" = NULL, "heartbeatAt" = NULL, "requestedAt" = now(), "finishedAt" = NULL`;
}

export async function readQaRecheck(db: Database, projectId: string): Promise<QaRecheckRecord | null> {
  const [row] = await db.query<RecheckRow>(`SELECT * FROM "QaRecheck" WHERE "projectId" = $1`, [projectId]);
  return row ? toQaRecheckRecord(row) : null;
}

/** Comparable form of stored issues (jsonb reorders object keys, so not JSON text as read). */
const canonical = (issues: StoredQaIssue[]): string =>
  JSON.stringify(issues.map((i) => [i.check, i.severity, i.message, i.start ?? null, i.end ?? null, i.ignored === true]));

/** Issues of one check set aside on the old value stay set aside: the value did not change. */
function keepIgnores(fresh: QaIssue[], old: StoredQaIssue[]): StoredQaIssue[] {
  const ignored = new Set(old.filter((i) => i.ignored && isQaCheckId(i.check)).map((i) => i.check));
  return ignored.size === 0 ? fresh : fresh.map((i) => (ignored.has(i.check) ? { ...i, ignored: true } : i));
}

export interface RecheckBatchResult {
  /** False once the recheck is completed, or this worker no longer holds it. */
  more: boolean;
  checked: number;
  changed: number;
}

/**
 * Rechecks the next batch of the project's translations, if `workerId` holds its recheck. One
 * transaction: the row is locked, so a settings change waits for the batch and then resets it.
 */
export async function recheckNextBatch(
  db: Database,
  projectId: string,
  workerId: string,
  batchSize = QA_RECHECK_BATCH,
): Promise<RecheckBatchResult> {
  return db.prisma.$transaction(
    async (tx) => {
      const [row] = await tx.$queryRaw<RecheckRow[]>`SELECT * FROM "QaRecheck" WHERE "projectId" = ${projectId} FOR UPDATE`;
      if (!row || row.status === "completed" || row.lockedBy !== workerId) return { more: false, checked: 0, changed: 0 };
      let total = row.total;
      if (row.status === "queued") {
        const [count] = await tx.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM "Translation" WHERE "projectId" = ${projectId} AND "value" <> ''`;
        total = count?.n ?? 0;
      }
      const [project] = await tx.$queryRaw<QaProject[]>`
        SELECT "id", "organizationId", "sourceLanguage", "qaSettings" FROM "Project" WHERE "id" = ${projectId}`;
      if (!project) return { more: false, checked: 0, changed: 0 };
      // Each value with its key's limit and source value, in one statement (not one per gate).
      const batch = await tx.$queryRaw<RecheckedRow[]>`
        SELECT t."id", t."keyId", t."language", t."value", t."qaIssues", k."maxLength", s."value" AS source
        FROM "Translation" t
        JOIN "Key" k ON k."id" = t."keyId"
        LEFT JOIN "Translation" s ON s."keyId" = t."keyId" AND s."language" = ${project.sourceLanguage}
        WHERE t."projectId" = ${projectId} AND t."value" <> '' AND (${row.cursor}::text IS NULL OR t."id" > ${row.cursor}::text)
        ORDER BY t."id" LIMIT ${batchSize}`;
      const changed = await recheckRows(tx, project, batch);
      const done = batch.length < batchSize;
      const cursor = batch.length > 0 ? batch[batch.length - 1]!.id : row.cursor;
      await tx.$executeRaw`
        UPDATE "QaRecheck" SET "status" = ${done ? "completed" : "running"}, "cursor" = ${cursor}, "total" = ${total},
          "checked" = "checked" + ${batch.length}, "changed" = "changed" + ${changed}, "heartbeatAt" = now(),
          "lockedBy" = ${done ? null : workerId}, "finishedAt" = ${done ? new Date() : null}
        WHERE "projectId" = ${projectId}`;
      return { more: !done, checked: batch.length, changed };
    },
    { timeout: 120_000 },
  );
}

/** A stored translation with what checking it needs (its key's limit and source value). */
interface RecheckedRow {
  id: string;
  keyId: string;
  language: string;
  value: string;
  qaIssues: unknown;
  maxLength: number | null;
  source: string | null;
}

/** Recomputes the rows' issues with the current settings and stores those that differ; returns how many. */
async function recheckRows(tx: WriteTx, project: QaProject, rows: RecheckedRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const changedIds: string[] = [];
  const changedIssues: string[] = [];
  const facts = new Map<string, KeyFacts>(rows.map((t) => [t.keyId, { source: t.source ?? "", maxLength: t.maxLength }]));
  const gate = await QaGate.load(tx, project, [], [...new Set(rows.map((t) => t.language))], facts);
  for (const t of rows) {
    const old = readStoredQaIssues(t.qaIssues);
    const next = keepIgnores(gate.check(t.keyId, t.language, t.value), old);
    if (canonical(next) !== canonical(old)) {
      changedIds.push(t.id);
      changedIssues.push(JSON.stringify(next));
    }
  }
  if (changedIds.length > 0) {
    // The value, status and updatedAt stay: only what the checks say about them changed.
    await sqlOf(tx).execute(
      `UPDATE "Translation" t SET "qaIssues" = u.qa::jsonb
       FROM unnest($1::text[], $2::text[]) AS u(id, qa) WHERE t.id = u.id`,
      [changedIds, changedIssues],
    );
  }
  return changedIds.length;
}

/**
 * After a write changed the source values of these keys: rechecks the keys' stored translations
 * in the other languages against the new source, in the writer's transaction (so a read never
 * sees a new source with issues computed against the old one). Like the background recheck, the
 * values stay as they are and their issues are stored at both levels (a translation the new
 * source makes fail an error-level check carries that error, which `?qa=error` and the CI gate
 * report); ignores of checks that still fire are kept. The rows are locked: a concurrent write
 * of one of them waits for this commit.
 */
export async function recheckAfterSourceChange(tx: WriteTx, project: QaProject | string, keyIds: string[]): Promise<number> {
  if (keyIds.length === 0) return 0;
  const sql = sqlOf(tx);
  const row =
    typeof project === "string"
      ? (
          await sql.query<QaProject>(`SELECT "id", "organizationId", "sourceLanguage", "qaSettings" FROM "Project" WHERE "id" = $1`, [
            project,
          ])
        )[0]
      : project;
  if (!row) return 0;
  const ids = [...new Set(keyIds)];
  const rows = await sql.query<RecheckedRow>(
    `SELECT t."id", t."keyId", t."language", t."value", t."qaIssues", k."maxLength", s."value" AS source
     FROM "Translation" t
     JOIN "Key" k ON k."id" = t."keyId"
     LEFT JOIN "Translation" s ON s."keyId" = t."keyId" AND s."language" = $1
     WHERE t."keyId" = ANY($2::text[]) AND t."language" <> $1 AND t."value" <> ''
     ORDER BY t."id"
     FOR UPDATE OF t`,
    [row.sourceLanguage, ids],
  );
  return recheckRows(tx, row, rows);
}
