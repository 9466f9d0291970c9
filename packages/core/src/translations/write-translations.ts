// The one write path for translation values and statuses. Every caller (PUT, overwrite, status,
// revert, and other domains' imports and AI saves) goes through it inside its own transaction,
// so each real change records exactly one history entry and writes to one translation are
// serialised: concurrent writers queue on a per-(key, language) advisory lock, which works the
// same on PGlite and PostgreSQL and needs no placeholder row. It is also where the quality gate
// holds for every writer alike (docs/quality-checks.md): a changed value failing an error-level
// check refuses the whole write with 422; warnings are stored on the translation.

import type { Prisma, SqlTransaction, Translation, TranslationSource, TranslationStatus } from "@locale/db";
import { v7 as uuidv7 } from "uuid";
import { badRequest } from "../errors/app-error";
import { hasErrors } from "../qa";
import { type KeyFacts, QaGate, type QaProject, qaRefusal, storedQaIssues } from "../quality/qa-gate";
import { recheckAfterSourceChange } from "../quality/qa-recheck";
import { sqlOf, type WriteTx } from "../shared/write-tx";

/** Prisma's interactive transaction or `Database.transaction`'s (shared/write-tx.ts): every statement here is raw SQL. */
type Tx = WriteTx;

/** Who the history names: a user (id and display name), or `ai` with no name for AI batches. */
export interface TranslationAuthor {
  changedBy: string;
  changedByName: string | null;
}

export interface TranslationWrite {
  keyId: string;
  language: string;
  /** New value; undefined keeps the current one (a status change). */
  value?: string;
  /**
   * Explicit status. Undefined derives it from the value: an unchanged value keeps its status, a
   * changed non-empty value becomes `translated` (a review no longer holds), an empty value
   * `untranslated`.
   */
  status?: TranslationStatus;
  /** Producer of the value, recorded whenever a write with a value changes something. */
  source?: TranslationSource;
  aiConfidence?: number | null;
}

export interface TranslationChange {
  /** Index of the write that made this change. */
  index: number;
  translation: Translation;
  /** No row existed before this change. */
  created: boolean;
  previousValue: string | null;
  newValue: string;
  previousStatus: TranslationStatus;
  newStatus: TranslationStatus;
  valueChanged: boolean;
}

export interface WriteTranslationsResult {
  /** State after each write, by write index (null: nothing stored, reads synthesise it). */
  rows: (Translation | null)[];
  changes: TranslationChange[];
  /**
   * A key's source-language value after the writes, when this write read it already (the quality
   * gate reads it for writes with a value); undefined otherwise. Spares the caller a query.
   */
  sourceValueOf(keyId: string): string | undefined;
}

const UNKNOWN_SOURCE = () => undefined;

const pairOf = (keyId: string, language: string) => `${keyId}\u0000${language}`;

/** Takes the per-translation write locks, in a fixed order so two batches cannot deadlock. */
export async function lockTranslations(tx: Tx, pairs: { keyId: string; language: string }[]): Promise<void> {
  if (pairs.length === 0) return;
  const ids = [...new Set(pairs.map((p) => `${p.keyId}:${p.language}`))];
  await sqlOf(tx).execute(
    `SELECT pg_advisory_xact_lock(h) FROM (SELECT DISTINCT hashtextextended(p, 0) AS h FROM unnest($1::text[]) AS p ORDER BY 1) AS locks`,
    [ids],
  );
}

export async function writeTranslations(
  tx: Tx,
  projectId: string,
  author: TranslationAuthor,
  writes: TranslationWrite[],
  /** The caller's loaded project (spares the gate a query). */
  project?: QaProject,
  /**
   * The length limits of the written keys, when the caller has read the keys: with `project`,
   * the gate's key facts come from them and the current rows (read with the keys' source values
   * in one statement), which spares the gate its query of the keys.
   */
  keyLimits?: Map<string, number | null>,
): Promise<WriteTranslationsResult> {
  if (writes.length === 0) return { rows: [], changes: [], sourceValueOf: UNKNOWN_SOURCE };
  const sql = sqlOf(tx);
  await lockTranslations(sql, writes);
  const valued = writes.filter((w) => w.value);
  const keyIds = [...new Set(writes.map((w) => w.keyId))];
  const languages = new Set(writes.map((w) => w.language));
  const factsHere = valued.length > 0 && project !== undefined && keyLimits !== undefined && valued.every((w) => keyLimits.has(w.keyId));
  if (factsHere) languages.add(project.sourceLanguage);
  // Raw, like the writes below (issue 26): a Prisma findMany costs a save more CPU than the query.
  const existing = await sql.query<Translation>(
    `SELECT * FROM "Translation" WHERE "keyId" = ANY($1::text[]) AND "language" = ANY($2::text[])`,
    [keyIds, [...languages]],
  );
  const initial = new Map<string, Translation>(existing.map((t) => [pairOf(t.keyId, t.language), t]));
  let knownKeys: Map<string, KeyFacts> | undefined;
  if (factsHere) {
    knownKeys = new Map();
    for (const w of valued)
      knownKeys.set(w.keyId, {
        source: initial.get(pairOf(w.keyId, project.sourceLanguage))?.value ?? "",
        maxLength: keyLimits.get(w.keyId)!,
      });
  }
  const gate =
    valued.length > 0
      ? await QaGate.load(
          sql,
          project ?? projectId,
          valued.map((w) => w.keyId),
          [...new Set(valued.map((w) => w.language))],
          knownKeys,
        )
      : null;
  const state = new Map<string, Translation | null>();
  const lastStamp = new Map<string, number>();
  const now = Date.now();
  const rows: (Translation | null)[] = [];
  const changes: TranslationChange[] = [];
  const history: HistoryRow[] = [];

  for (const [index, w] of writes.entries()) {
    const pair = pairOf(w.keyId, w.language);
    const current = state.has(pair) ? state.get(pair)! : (initial.get(pair) ?? null);
    const currentValue = current?.value ?? "";
    const currentStatus: TranslationStatus = current?.status ?? "untranslated";
    const newValue = w.value ?? currentValue;
    const valueChanged = newValue !== currentValue;
    const newStatus: TranslationStatus = w.status ?? (valueChanged ? (newValue === "" ? "untranslated" : "translated") : currentStatus);
    if (newStatus !== "untranslated" && newValue === "") {
      throw badRequest(`status: a translation without a value can only be untranslated`, [
        { path: "status", message: "needs a non-empty value" },
      ]);
    }
    if (!valueChanged && newStatus === currentStatus) {
      rows.push(current);
      continue;
    }
    // History is ordered by time: keep each translation's timestamps strictly increasing even
    // when serialised writes land within one millisecond.
    const previousStamp = lastStamp.get(pair) ?? (current ? current.updatedAt.getTime() : 0);
    const stamp = new Date(Math.max(now, previousStamp + 1));
    lastStamp.set(pair, stamp.getTime());
    let qaIssues = current?.qaIssues ?? [];
    if (valueChanged) {
      const issues = gate && newValue !== "" ? gate.check(w.keyId, w.language, newValue) : [];
      if (hasErrors(issues)) throw qaRefusal(issues, writes.length > 1 ? `${w.language}, write ${index + 1}` : undefined);
      // A new value is checked afresh: its warnings replace the old ones, ignores included.
      qaIssues = storedQaIssues(issues) as unknown as Prisma.JsonArray;
    }
    const source: TranslationSource = w.value !== undefined ? (w.source ?? "human") : (current?.source ?? w.source ?? "human");
    const aiConfidence = source === "ai" ? (w.value !== undefined ? (w.aiConfidence ?? null) : (current?.aiConfidence ?? null)) : null;
    const next: Translation = {
      id: current?.id ?? uuidv7(),
      projectId,
      keyId: w.keyId,
      language: w.language,
      value: newValue,
      status: newStatus,
      source,
      aiConfidence,
      qaIssues,
      createdAt: current?.createdAt ?? stamp,
      updatedAt: stamp,
    };
    state.set(pair, next);
    rows.push(next);
    changes.push({
      index,
      translation: next,
      created: current === null,
      previousValue: current ? current.value : null,
      newValue,
      previousStatus: currentStatus,
      newStatus,
      valueChanged,
    });
    history.push({
      translationId: next.id,
      projectId,
      keyId: w.keyId,
      language: w.language,
      previousValue: current ? current.value : null,
      newValue,
      previousStatus: currentStatus,
      newStatus,
      changedBy: author.changedBy,
      changedByName: author.changedByName,
      source,
      createdAt: stamp,
    });
  }

  const creates: Translation[] = [];
  const updates: Translation[] = [];
  for (const [pair, row] of state) if (row) (initial.has(pair) ? updates : creates).push(row);
  await storeChanges(sql, projectId, creates, updates, history);
  if (changes.some((c) => c.valueChanged)) {
    // A new source value changes what the key's other languages are checked against.
    const qaProject = gate?.project ?? project ?? projectId;
    const sourceLanguage =
      typeof qaProject === "string"
        ? (await sql.query<{ sourceLanguage: string }>(`SELECT "sourceLanguage" FROM "Project" WHERE "id" = $1`, [projectId]))[0]
            ?.sourceLanguage
        : qaProject.sourceLanguage;
    const sourceKeys = changes.filter((c) => c.valueChanged && c.translation.language === sourceLanguage).map((c) => c.translation.keyId);
    await recheckAfterSourceChange(sql, qaProject, sourceKeys);
  }
  const sourceValueOf = !gate
    ? UNKNOWN_SOURCE
    : (keyId: string) => {
        const written = state.get(pairOf(keyId, gate.project.sourceLanguage));
        return written ? written.value : gate.sourceValue(keyId);
      };
  return { rows, changes, sourceValueOf };
}

type HistoryRow = Omit<Prisma.TranslationHistoryCreateManyInput, "id" | "createdAt"> & { createdAt: Date; source: TranslationSource };

/**
 * The created rows, the updated rows and their history entries in one statement (data-modifying
 * CTEs, one round trip; issue 26): a single save and a bulk overwrite of 1,000 values alike, the
 * rows of each part as arrays (`unnest`). History ids are UUIDv7 made here, as Prisma's
 * `@default(uuid(7))` makes them. Every created or updated row has a history entry, so the
 * entries are the statement's main part.
 */
async function storeChanges(sql: SqlTransaction, projectId: string, creates: Translation[], updates: Translation[], history: HistoryRow[]) {
  if (history.length === 0) return;
  const params: unknown[] = [];
  const array = <T>(rows: T[], value: (row: T) => unknown) => `$${params.push(rows.map(value))}::text[]`;
  // The columns a created and an updated row set alike.
  const values = (rows: Translation[]) =>
    [
      array(rows, (r) => r.id),
      array(rows, (r) => r.value),
      array(rows, (r) => r.status),
      array(rows, (r) => r.source),
      array(rows, (r) => (r.aiConfidence === null ? null : String(r.aiConfidence))),
      array(rows, (r) => r.updatedAt.toISOString()),
      array(rows, (r) => JSON.stringify(r.qaIssues)),
    ].join(", ");
  const steps: string[] = [];
  if (creates.length > 0) {
    steps.push(`created AS (
      INSERT INTO "Translation" ("id", "projectId", "keyId", "language", "value", "status", "source", "aiConfidence", "qaIssues", "createdAt", "updatedAt")
      SELECT u.id, $${params.push(projectId)}::text, u.key, u.lang, u.value, u.status::"TranslationStatus", u.source::"TranslationSource",
             u.confidence::int, u.qa::jsonb, u.created::timestamptz, u.at::timestamptz
        FROM unnest(${values(creates)}, ${array(creates, (r) => r.keyId)}, ${array(creates, (r) => r.language)},
                    ${array(creates, (r) => r.createdAt.toISOString())})
          AS u(id, value, status, source, confidence, at, qa, key, lang, created))`);
  }
  if (updates.length > 0) {
    steps.push(`updated AS (
      UPDATE "Translation" t
         SET "value" = u.value, "status" = u.status::"TranslationStatus", "source" = u.source::"TranslationSource",
             "aiConfidence" = u.confidence::int, "updatedAt" = u.at::timestamptz, "qaIssues" = u.qa::jsonb
        FROM unnest(${values(updates)}) AS u(id, value, status, source, confidence, at, qa)
       WHERE t.id = u.id)`);
  }
  const entries = `
    INSERT INTO "TranslationHistory" ("id", "translationId", "projectId", "keyId", "language", "previousValue", "newValue",
      "previousStatus", "newStatus", "changedBy", "changedByName", "source", "createdAt")
    SELECT h.id, h.tid, h.pid, h.kid, h.lang, h.prev, h.next, h.ps::"TranslationStatus", h.ns::"TranslationStatus", h.by, h.name,
           h.src::"TranslationSource", h.at::timestamptz
      FROM unnest(${[
        array(history, () => uuidv7()),
        array(history, (r) => r.translationId),
        array(history, (r) => r.projectId),
        array(history, (r) => r.keyId),
        array(history, (r) => r.language),
        array(history, (r) => r.previousValue ?? null),
        array(history, (r) => r.newValue),
        array(history, (r) => r.previousStatus),
        array(history, (r) => r.newStatus),
        array(history, (r) => r.changedBy),
        array(history, (r) => r.changedByName ?? null),
        array(history, (r) => r.source),
        array(history, (r) => r.createdAt.toISOString()),
      ].join(", ")})
        AS h(id, tid, pid, kid, lang, prev, next, ps, ns, by, name, src, at)`;
  await sql.execute(steps.length > 0 ? `WITH ${steps.join(",\n")}${entries}` : entries, params);
}

/** Source-language values of the given keys (for placeholder warnings). */
export async function readSourceValues(tx: Tx, keyIds: string[], sourceLanguage: string): Promise<Map<string, string>> {
  if (keyIds.length === 0) return new Map();
  const rows = await sqlOf(tx).query<{ keyId: string; value: string }>(
    `SELECT "keyId", "value" FROM "Translation" WHERE "keyId" = ANY($1::text[]) AND "language" = $2`,
    [keyIds, sourceLanguage],
  );
  return new Map(rows.map((r) => [r.keyId, r.value]));
}
