// Writes a bulk edit's planned changes set-based: one UPDATE for the existing values, one INSERT
// for values copied into languages that had none, one INSERT for the history (one entry per
// changed value, source `bulk`). A hundred thousand values are three statements, not a hundred
// thousand round trips. The rows were locked by the read (readCells with `lock`).
import type { Prisma } from "@locale/db";
import { v7 as uuidv7 } from "uuid";
import type { TranslationAuthor } from "../translations/write-translations";
import type { PlannedChange } from "./plan-bulk-edit";

type Tx = Prisma.TransactionClient;

export interface WrittenChange {
  change: PlannedChange;
  translationId: string;
}

export async function writeBulkChanges(
  tx: Tx,
  projectId: string,
  author: TranslationAuthor,
  changes: PlannedChange[],
): Promise<WrittenChange[]> {
  if (changes.length === 0) return [];
  const now = Date.now();
  const written: WrittenChange[] = [];
  const upd = {
    id: [] as string[],
    value: [] as string[],
    status: [] as string[],
    source: [] as (string | null)[],
    conf: [] as (string | null)[],
    at: [] as string[],
    qa: [] as string[],
  };
  const ins = {
    id: [] as string[],
    keyId: [] as string[],
    language: [] as string[],
    value: [] as string[],
    at: [] as string[],
    qa: [] as string[],
  };
  const hist = {
    translationId: [] as string[],
    keyId: [] as string[],
    language: [] as string[],
    prev: [] as (string | null)[],
    next: [] as string[],
    prevStatus: [] as string[],
    nextStatus: [] as string[],
    source: [] as string[],
    at: [] as string[],
  };
  for (const c of changes) {
    const { cell } = c;
    // History is ordered by time: a translation's stamps stay strictly increasing.
    const at = new Date(Math.max(now, cell.updatedAt ? cell.updatedAt.getTime() + 1 : 0)).toISOString();
    const qa = JSON.stringify(c.valueChanged ? c.qaIssues : (cell.qaIssues ?? []));
    let id = cell.translationId;
    if (id === null) {
      id = uuidv7();
      ins.id.push(id);
      ins.keyId.push(cell.keyId);
      ins.language.push(cell.language);
      ins.value.push(c.value);
      ins.at.push(at);
      ins.qa.push(qa);
    } else {
      upd.id.push(id);
      upd.value.push(c.value);
      upd.status.push(c.status);
      // A new value is the bulk edit's; a status change keeps who produced the value.
      upd.source.push(c.valueChanged ? "bulk" : cell.source);
      upd.conf.push(c.valueChanged || cell.aiConfidence === null ? null : String(cell.aiConfidence));
      upd.at.push(at);
      upd.qa.push(qa);
    }
    hist.translationId.push(id);
    hist.keyId.push(cell.keyId);
    hist.language.push(cell.language);
    hist.prev.push(cell.translationId === null ? null : cell.value);
    hist.next.push(c.value);
    hist.prevStatus.push(cell.status);
    hist.nextStatus.push(c.status);
    hist.source.push("bulk");
    hist.at.push(at);
    written.push({ change: c, translationId: id });
  }
  if (upd.id.length > 0) {
    await tx.$executeRawUnsafe(
      `UPDATE "Translation" t
          SET "value" = u.value, "status" = u.status::"TranslationStatus", "source" = u.source::"TranslationSource",
              "aiConfidence" = u.conf::int, "updatedAt" = u.at::timestamptz, "qaIssues" = u.qa::jsonb
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS u(id, value, status, source, conf, at, qa)
        WHERE t.id = u.id`,
      upd.id,
      upd.value,
      upd.status,
      upd.source,
      upd.conf,
      upd.at,
      upd.qa,
    );
  }
  if (ins.id.length > 0) {
    await tx.$executeRawUnsafe(
      `INSERT INTO "Translation" ("id", "projectId", "keyId", "language", "value", "status", "source", "qaIssues", "createdAt", "updatedAt")
       SELECT i.id, $1, i."keyId", i.language, i.value, 'translated', 'bulk', i.qa::jsonb, i.at::timestamptz, i.at::timestamptz
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS i(id, "keyId", language, value, at, qa)`,
      projectId,
      ins.id,
      ins.keyId,
      ins.language,
      ins.value,
      ins.at,
      ins.qa,
    );
  }
  await tx.$executeRawUnsafe(
    `INSERT INTO "TranslationHistory" ("id", "translationId", "projectId", "keyId", "language", "previousValue", "newValue",
                                       "previousStatus", "newStatus", "changedBy", "changedByName", "source", "createdAt")
     SELECT uuid_v7(), h.tid, $1, h."keyId", h.language, h.prev, h.next, h.ps::"TranslationStatus", h.ns::"TranslationStatus",
            $2, $3, h.source::"TranslationSource", h.at::timestamptz
       FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
            WITH ORDINALITY AS h(tid, "keyId", language, prev, next, ps, ns, source, at, n)
      ORDER BY h.n`,
    projectId,
    author.changedBy,
    author.changedByName,
    hist.translationId,
    hist.keyId,
    hist.language,
    hist.prev,
    hist.next,
    hist.prevStatus,
    hist.nextStatus,
    hist.source,
    hist.at,
  );
  return written;
}
