// Saves many translation-memory values of a pre-translation in the caller's transaction, set-based:
// the rows saveMachineTranslationInTx writes for origin `tm` value by value (the value with source
// `tm`, its history entry by `tm`, the `translation.tm_applied` activity with its webhook outbox,
// and the TM usage of context and 100 % matches), in a fixed number of statements whatever the
// number of values: the write locks, one read of the current values (with the gate's facts of each
// key), the gate's settings, and one statement writing values, history, activity and TM usage
// together. It keeps writeTranslations' rules (the per-translation lock, the gate, strictly
// increasing history timestamps); a value someone saved meanwhile is left alone ("taken"), as is a
// key deleted meanwhile, and one the gate refuses gets the gate's 422 while the others are saved.
import type { Activity, Prisma, TranslationStatus } from "@locale/db";
import { v7 as uuidv7 } from "uuid";
import type { AppError } from "../errors/app-error";
import type { TmMatchOrigin } from "../pretranslate/tm-match";
import { hasErrors } from "../qa";
import { type KeyFacts, QaGate, qaRefusal, storedQaIssues } from "../quality/qa-gate";
import { recheckAfterSourceChange } from "../quality/qa-recheck";
import { tmPairHash } from "../tm/add-tm-entry";
import { normalizeTmText } from "../tm/tm-similarity";
import { enqueueWebhookDeliveriesMany } from "../webhooks/enqueue-deliveries-many";
import { lockTranslations } from "./write-translations";

type Tx = Prisma.TransactionClient;

export interface TmMatchSave {
  keyId: string;
  key: string;
  sourceText: string;
  translation: string;
  match: TmMatchOrigin;
  similarity: number;
}

export interface TmMatchesSaveInput {
  organizationId: string;
  projectId: string;
  sourceLanguage: string;
  targetLanguage: string;
  jobId?: string;
  /** Distinct keys. */
  items: TmMatchSave[];
}

/** Per item: saved, taken (no longer untranslated), deleted (the key is gone; both: nothing written), or the quality gate's 422. */
export type TmMatchSaveResult = "saved" | "taken" | "deleted" | AppError;

/** A key of the call with its current value in the language (id null: none stored). */
interface CurrentRow {
  keyId: string;
  maxLength: number | null;
  sourceValue: string;
  id: string | null;
  value: string | null;
  status: TranslationStatus | null;
  updatedAt: Date | null;
}

/** One saved value: the translation row's id and stamp, its stored warnings and its activity entry. */
interface Saved {
  item: TmMatchSave;
  translationId: string;
  previousValue: string | null;
  previousStatus: TranslationStatus;
  at: Date;
  qaIssues: string;
  activity: Activity;
}

// Values (insert, or update of an `untranslated` row: the lock and the read above say which),
// history, activity and the TM usage, in one round trip. A context or 100 % match is used again:
// usageCount grows by one per value, as addTmEntry's upsert grows it value by value.
const WRITE_SQL = `
WITH v AS (
  SELECT v.tid, v.kid, v.value, v.prev, v.ps, v.qa, v.at::timestamptz AS at
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS v(tid, kid, value, prev, ps, qa, at)),
t AS (
  INSERT INTO "Translation" ("id", "projectId", "keyId", "language", "value", "status", "source", "aiConfidence", "qaIssues", "createdAt", "updatedAt")
  SELECT v.tid, $8, v.kid, $9, v.value, 'translated'::"TranslationStatus", 'tm'::"TranslationSource", NULL, v.qa::jsonb, v.at, v.at FROM v
  ON CONFLICT ("keyId", "language") DO UPDATE
    SET "value" = EXCLUDED."value", "status" = EXCLUDED."status", "source" = EXCLUDED."source", "aiConfidence" = NULL,
        "qaIssues" = EXCLUDED."qaIssues", "updatedAt" = EXCLUDED."updatedAt"
  RETURNING 1),
h AS (
  INSERT INTO "TranslationHistory" ("id", "translationId", "projectId", "keyId", "language", "previousValue", "newValue",
    "previousStatus", "newStatus", "changedBy", "changedByName", "source", "createdAt")
  SELECT uuid_v7(), v.tid, $8, v.kid, $9, v.prev, v.value, v.ps::"TranslationStatus", 'translated'::"TranslationStatus", 'tm', 'Translation memory', 'tm'::"TranslationSource", v.at
  FROM v RETURNING 1),
a AS (
  INSERT INTO "Activity" ("id", "organizationId", "projectId", "userId", "userName", "tokenId", "action", "targetId", "targetType", "metadata", "createdAt")
  SELECT a.id, $10, $8, NULL, 'tm', NULL, 'translation.tm_applied', a.kid, 'translation', a.meta::jsonb, a.at::timestamptz
  FROM unnest($11::text[], $2::text[], $12::text[], $7::text[]) AS a(id, kid, meta, at) RETURNING 1),
u AS (
  INSERT INTO "TmEntry" ("id", "organizationId", "sourceLanguage", "targetLanguage", "sourceText", "targetText", "sourceNorm", "pairHash", "usageCount", "createdAt", "updatedAt")
  SELECT uuid_v7(), $10, $13, $9, u.s, u.t, u.n, u.h, u.c, now(), now()
  FROM unnest($14::text[], $15::text[], $16::text[], $17::text[], $18::int[]) AS u(s, t, n, h, c)
  ON CONFLICT ("organizationId", "sourceLanguage", "targetLanguage", "pairHash")
  DO UPDATE SET "usageCount" = "TmEntry"."usageCount" + EXCLUDED."usageCount", "updatedAt" = now()
  RETURNING 1)
SELECT (SELECT count(*) FROM t)::int AS values, (SELECT count(*) FROM h)::int AS history, (SELECT count(*) FROM a)::int AS activity,
       (SELECT count(*) FROM u)::int AS usage,
       -- the webhooks subscribed to the entries, as record-activity.ts selects them
       ARRAY(SELECT w."id" FROM "Webhook" w
              WHERE w."organizationId" = $10 AND w."active" AND (w."projectId" IS NULL OR w."projectId" = $8)
                AND (w."events" @> ARRAY['translation.tm_applied'] OR w."events" @> ARRAY['*'])) AS "webhookIds"`;

// After the locks: a writer that committed before we got a lock is seen. With what the quality
// gate needs of each key (its length limit and its value in the project's source language).
const READ_SQL = `
SELECT k."id" AS "keyId", k."maxLength", COALESCE(s."value", '') AS "sourceValue",
       t."id", t."value", t."status", t."updatedAt"
FROM "Key" k
LEFT JOIN "Translation" s ON s."keyId" = k."id" AND s."language" = (SELECT p."sourceLanguage" FROM "Project" p WHERE p."id" = $3)
LEFT JOIN "Translation" t ON t."keyId" = k."id" AND t."language" = $2
WHERE k."id" = ANY($1::text[])`;

export async function saveTmMatchesInTx(tx: Tx, input: TmMatchesSaveInput): Promise<TmMatchSaveResult[]> {
  const { items, targetLanguage: language } = input;
  if (items.length === 0) return [];
  await lockTranslations(
    tx,
    items.map((i) => ({ keyId: i.keyId, language })),
  );
  const rows = await tx.$queryRawUnsafe<CurrentRow[]>(
    READ_SQL,
    items.map((i) => i.keyId),
    language,
    input.projectId,
  );
  const rowOf = new Map(rows.map((r) => [r.keyId, r]));
  const results: TmMatchSaveResult[] = items.map((i) => {
    const r = rowOf.get(i.keyId);
    if (!r) return "deleted";
    return r.id !== null && r.status !== "untranslated" ? "taken" : "saved";
  });
  const facts = new Map<string, KeyFacts>();
  for (const r of rows) facts.set(r.keyId, { source: r.sourceValue, maxLength: r.maxLength });
  if (!results.includes("saved")) return results;
  const gate = await QaGate.load(tx, input.projectId, [], [language], facts);
  const now = Date.now();
  const saved: Saved[] = [];
  for (const [n, item] of items.entries()) {
    if (results[n] !== "saved") continue;
    const issues = gate.check(item.keyId, language, item.translation);
    if (hasErrors(issues)) {
      results[n] = qaRefusal(issues);
      continue;
    }
    const c = rowOf.get(item.keyId)!;
    // History is ordered by time: a stamp later than the row's last change, as writeTranslations keeps it.
    const at = new Date(Math.max(now, c.updatedAt ? c.updatedAt.getTime() + 1 : 0));
    saved.push({
      item,
      translationId: c.id ?? uuidv7(),
      previousValue: c.value,
      previousStatus: c.status ?? "untranslated",
      at,
      qaIssues: JSON.stringify(storedQaIssues(issues)),
      activity: {
        id: uuidv7(),
        organizationId: input.organizationId,
        projectId: input.projectId,
        userId: null,
        userName: "tm",
        tokenId: null,
        action: "translation.tm_applied",
        targetId: item.keyId,
        targetType: "translation",
        metadata: {
          key: item.key,
          language,
          match: item.match,
          similarity: item.similarity,
          ...(input.jobId ? { jobId: input.jobId } : {}),
        },
        createdAt: at,
      },
    });
  }
  if (saved.length === 0) return results;

  const pairs = new Map<string, { source: string; target: string; count: number }>();
  if (input.sourceLanguage !== language) {
    for (const { item } of saved) {
      if (item.match === "fuzzy" || item.sourceText.trim() === "" || item.translation.trim() === "") continue;
      const hash = tmPairHash(item.sourceText, item.translation);
      const pair = pairs.get(hash);
      if (pair) pair.count++;
      else pairs.set(hash, { source: item.sourceText, target: item.translation, count: 1 });
    }
  }
  const usage = [...pairs.entries()];
  const column = <T>(f: (s: Saved) => T) => saved.map(f);
  const [written] = await tx.$queryRawUnsafe<{ values: number; history: number; activity: number; webhookIds: string[] }[]>(
    WRITE_SQL,
    column((s) => s.translationId),
    column((s) => s.item.keyId),
    column((s) => s.item.translation),
    column((s) => s.previousValue),
    column((s) => s.previousStatus),
    column((s) => s.qaIssues),
    column((s) => s.at.toISOString()),
    input.projectId,
    language,
    input.organizationId,
    column((s) => s.activity.id),
    column((s) => JSON.stringify(s.activity.metadata)),
    input.sourceLanguage,
    usage.map(([, p]) => p.source),
    usage.map(([, p]) => p.target),
    usage.map(([, p]) => normalizeTmText(p.source)),
    usage.map(([h]) => h),
    usage.map(([, p]) => p.count),
  );
  if (written?.values !== saved.length || written.history !== saved.length || written.activity !== saved.length) {
    throw new Error(`pre-translation: ${saved.length} values to save, ${JSON.stringify(written)} written`);
  }
  await enqueueWebhookDeliveriesMany(
    tx,
    saved.map((s) => s.activity),
    written.webhookIds,
  );
  // A value in the project's source language changes what its other languages are checked against.
  if (language === gate.project.sourceLanguage) {
    await recheckAfterSourceChange(
      tx,
      gate.project,
      saved.map((s) => s.item.keyId),
    );
  }
  return results;
}
