// Imports one translation file into one project language (SPEC.md "Import and export",
// DECISIONS.md "Import and export"). The whole file is one transaction and every write is
// set-based: unnest arrays in chunks, and one statement per chunk that reads the previous state,
// writes the values and their history, so a 100,000-key file costs a few dozen statements and the
// api never holds the project's translations in memory.
import { randomUUID } from "node:crypto";
import { FormatParseError, isFormatId, type ParseResult, parse } from "@locale/formats";
import { recordActivity, type Tx } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { canonicalLanguage } from "../shared/languages";
import { isWellFormedText } from "../shared/unicode-text";
import { type FormatId, JSON_FORMATS } from "./format-rules";

export interface ImportInput {
  language: string;
  format: string;
  /** Raw file text; base64 of the binary file for `mo`. */
  content: string;
  /** JSON formats only: every key of the file goes into this namespace. */
  namespace?: string;
  overwrite?: boolean;
}

export interface ImportIssue {
  line?: number;
  key?: string;
  message: string;
}

export interface ImportResult {
  /** Values written (new translations, filled empty ones, and replaced ones with overwrite). */
  imported: number;
  /** Entries of the file whose value was not written (kept, identical, fuzzy, empty, invalid). */
  skipped: number;
  /** Keys that did not exist before the import. */
  keysCreated: number;
  errors: ImportIssue[];
  language: string;
  format: FormatId;
}

/** Rows per statement: large enough to amortise round trips, small enough for PGlite's memory. */
const CHUNK = 5000;
/** How many created key names the `key.imported` activity entry lists. */
export const IMPORTED_KEY_NAMES_IN_ACTIVITY = 50;
const MAX_KEY_LENGTH = 1000;
/** The same limits the key and translation endpoints apply. */
const MAX_VALUE_LENGTH = 100_000;
const MAX_DESCRIPTION_LENGTH = 10_000;
/** A file with thousands of bad entries answers with the first ones and a count of the rest. */
export const MAX_LISTED_ERRORS = 1000;

interface Candidate {
  namespace: string;
  key: string;
  value: string;
  description: string;
  /** False for POT entries, fuzzy entries and empty values: the key is created, the value is not. */
  takeValue: boolean;
  keyId?: string;
}

interface KeyRow {
  id: string;
  namespace: string;
  key: string;
  hasNoDescription: boolean;
}

export async function importTranslations(ctx: ServiceContext, projectId: string, input: ImportInput): Promise<ImportResult> {
  const project = await loadProject(ctx, projectId, "import", { forWrite: true });
  if (!isFormatId(input.format)) {
    throw badRequest(`format: "${input.format}" is not a supported format`, [{ path: "format", message: "is not a supported format" }]);
  }
  const format = input.format;
  const language = canonicalLanguage(input.language);
  if (!projectLanguages(project).includes(language)) {
    throw badRequest(`language: "${language}" is not a language of this project`, [
      { path: "language", message: "is not the source or a target language of the project" },
    ]);
  }
  const namespace = input.namespace ?? "";
  if (input.namespace !== undefined && !JSON_FORMATS.includes(format)) {
    throw badRequest(`namespace: only the JSON formats (${JSON_FORMATS.join(", ")}) take a namespace`, [
      { path: "namespace", message: "is only accepted for JSON formats" },
    ]);
  }
  if (namespace !== namespace.trim() || namespace.includes("\u0000")) {
    throw badRequest("namespace: must not start or end with whitespace or contain NUL characters", [
      { path: "namespace", message: "must not start or end with whitespace or contain NUL characters" },
    ]);
  }

  const {
    candidates,
    errors,
    skipped: skippedEntries,
  } = readCandidates(format, input.content, language, project.sourceLanguage, namespace);
  let skipped = skippedEntries;

  return ctx.db.prisma.$transaction(async (tx) => {
    const existing = await tx.$queryRaw<KeyRow[]>`
      SELECT "id", "namespace", "key", ("description" = '') AS "hasNoDescription" FROM "Key" WHERE "projectId" = ${project.id}`;
    const newKeys = await insertKeys(tx, project.id, resolveKeys(candidates, existing, input.namespace !== undefined));
    await fillEmptyDescriptions(tx, candidates, existing);

    const valued = candidates.filter((c) => c.takeValue);
    let imported = 0;
    for (let i = 0; i < valued.length; i += CHUNK) {
      imported += await writeTranslations(tx, ctx, project.id, language, valued.slice(i, i + CHUNK), !!input.overwrite);
    }
    // Kept without overwrite, or identical: no write and no history.
    skipped += valued.length - imported;
    await recordActivity(tx, ctx.actor, {
      action: "import.completed",
      projectId: project.id,
      targetId: project.id,
      targetType: "project",
      metadata: {
        language,
        format,
        imported,
        skipped,
        errorCount: errors.length,
        keysCreated: newKeys.length,
        overwrite: !!input.overwrite,
      },
    });
    if (newKeys.length > 0) {
      await recordActivity(tx, ctx.actor, {
        action: "key.imported",
        projectId: project.id,
        targetId: project.id,
        targetType: "project",
        metadata: {
          language,
          format,
          count: newKeys.length,
          keys: newKeys.slice(0, IMPORTED_KEY_NAMES_IN_ACTIVITY).map((k) => (k.namespace ? `${k.namespace}.${k.key}` : k.key)),
        },
      });
    }
    return { imported, skipped, keysCreated: newKeys.length, errors: listedErrors(errors), language, format };
  });
}

/** Parses the file and turns its entries into candidates; the parsed entries do not outlive it. */
function readCandidates(
  format: FormatId,
  content: string,
  language: string,
  sourceLanguage: string,
  namespace: string,
): { candidates: Candidate[]; errors: ImportIssue[]; skipped: number } {
  const parsed = parseFile(format, content, language, sourceLanguage);
  const errors: ImportIssue[] = parsed.errors.map((e) => ({
    ...(e.line !== undefined ? { line: e.line } : {}),
    ...(e.key !== undefined ? { key: e.key } : {}),
    message: e.message,
  }));
  let skipped = 0;
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  for (const entry of parsed.entries) {
    // The library never splits keys into namespaces on its own; a namespace it reports is a prefix.
    const key = entry.namespace ? `${entry.namespace}.${entry.key}` : entry.key;
    const problem = keyProblem(key);
    if (problem) {
      errors.push({ key, message: problem });
      skipped++;
      continue;
    }
    const identity = `${namespace}\u0000${key}`;
    if (seen.has(identity)) {
      errors.push({ key, message: `Duplicate key "${key}"; the first occurrence was kept.` });
      skipped++;
      continue;
    }
    seen.add(identity);
    const valueProblem = textProblem(entry.value, MAX_VALUE_LENGTH, "value");
    if (valueProblem) {
      errors.push({ key, message: valueProblem });
      skipped++;
      continue;
    }
    const takeValue = format !== "pot" && !entry.fuzzy && entry.value !== "";
    if (!takeValue) skipped++;
    // A description is a courtesy of the file: an unusable one is dropped, the entry still counts.
    const description =
      entry.description && !textProblem(entry.description, MAX_DESCRIPTION_LENGTH, "description") ? entry.description : "";
    candidates.push({ namespace, key, value: entry.value, description, takeValue });
  }
  return { candidates, errors, skipped };
}

function parseFile(format: FormatId, content: string, language: string, sourceLanguage: string): ParseResult {
  let data: string | Uint8Array = content;
  if (format === "mo") {
    const compact = content.replace(/\s+/g, "");
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact) || compact.length === 0) {
      throw badRequest("content: a mo file must be sent as base64", [{ path: "content", message: "is not base64" }]);
    }
    data = new Uint8Array(Buffer.from(compact, compact.includes("-") || compact.includes("_") ? "base64url" : "base64"));
  }
  try {
    return parse(format, data, { language, sourceLanguage });
  } catch (err) {
    if (!(err instanceof FormatParseError)) throw err;
    throw badRequest(`content: ${err.message}`, [{ path: "content", message: err.message }]);
  }
}

function keyProblem(key: string): string | undefined {
  if (key === "") return "A key without a name was skipped.";
  if (key.length > MAX_KEY_LENGTH) return `The key is longer than ${MAX_KEY_LENGTH} characters and was skipped.`;
  // Leading/trailing whitespace is part of the key (gettext msgids end in "\n"); only blank names are refused.
  if (key.trim() === "") return "A key made only of whitespace was skipped.";
  if (key.includes("\u0000")) return "The key contains a NUL character and was skipped.";
  if (!isWellFormedText(key)) return "The key is not valid Unicode text (a lone surrogate) and was skipped.";
  return undefined;
}

/** PostgreSQL text cannot hold NUL characters, and a lone surrogate would come back as U+FFFD. */
function textProblem(text: string, maxLength: number, what: string): string | undefined {
  if (text.length > maxLength) return `The ${what} is longer than ${maxLength} characters and was skipped.`;
  if (text.includes("\u0000")) return `The ${what} contains a NUL character and was skipped.`;
  if (!isWellFormedText(text)) return `The ${what} is not valid Unicode text (a lone surrogate) and was skipped.`;
  return undefined;
}

function listedErrors(errors: ImportIssue[]): ImportIssue[] {
  if (errors.length <= MAX_LISTED_ERRORS) return errors;
  return [...errors.slice(0, MAX_LISTED_ERRORS), { message: `${errors.length - MAX_LISTED_ERRORS} more problems are not listed.` }];
}

/**
 * Gives every candidate its key id, creating ids for new keys. Without an explicit namespace a
 * dotted name also matches an existing namespaced key (`ns.key`), because every export writes
 * namespaced keys that way and a re-import must land on the same keys.
 */
function resolveKeys(candidates: Candidate[], existing: KeyRow[], namespaceGiven: boolean): Required<Candidate>[] {
  const exact = new Map<string, KeyRow>();
  const dotted = new Map<string, KeyRow>();
  for (const k of existing) {
    exact.set(`${k.namespace}\u0000${k.key}`, k);
    if (k.namespace && !namespaceGiven) dotted.set(`${k.namespace}.${k.key}`, k);
  }
  const created: Required<Candidate>[] = [];
  const createdIds = new Map<string, string>();
  for (const c of candidates) {
    const identity = `${c.namespace}\u0000${c.key}`;
    const row = exact.get(identity) ?? (namespaceGiven ? undefined : dotted.get(c.key));
    if (row) {
      c.keyId = row.id;
      continue;
    }
    const again = createdIds.get(identity);
    if (again) {
      c.keyId = again;
      continue;
    }
    c.keyId = randomUUID();
    createdIds.set(identity, c.keyId);
    created.push(c as Required<Candidate>);
  }
  return created;
}

/** Inserts the new keys; returns those this import created (a concurrent import may win some). */
async function insertKeys(tx: Tx, projectId: string, keys: Required<Candidate>[]): Promise<Required<Candidate>[]> {
  const created: Required<Candidate>[] = [];
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const rows = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "Key" ("id", "projectId", "namespace", "key", "description", "createdAt", "updatedAt")
      SELECT t.id, ${projectId}, t.ns, t.k, t.d, now(), now()
      FROM unnest(${chunk.map((c) => c.keyId)}::text[], ${chunk.map((c) => c.namespace)}::text[],
                  ${chunk.map((c) => c.key)}::text[], ${chunk.map((c) => c.description)}::text[]) AS t(id, ns, k, d)
      ON CONFLICT ("projectId", "namespace", "key") DO NOTHING
      RETURNING "id"`;
    if (rows.length === chunk.length) {
      created.push(...chunk);
      continue;
    }
    // A concurrent writer created some of these keys after we read the key list: use its rows.
    const inserted = new Set(rows.map((r) => r.id));
    for (const c of chunk) if (inserted.has(c.keyId)) created.push(c);
    const lost = chunk.filter((c) => !inserted.has(c.keyId));
    const found = await tx.$queryRaw<KeyRow[]>`
      SELECT k."id", k."namespace", k."key", (k."description" = '') AS "hasNoDescription" FROM "Key" k
      JOIN unnest(${lost.map((c) => c.namespace)}::text[], ${lost.map((c) => c.key)}::text[]) AS t(ns, k)
        ON k."namespace" = t.ns AND k."key" = t.k
      WHERE k."projectId" = ${projectId}`;
    const byName = new Map(found.map((k) => [`${k.namespace}\u0000${k.key}`, k.id]));
    for (const c of lost) c.keyId = byName.get(`${c.namespace}\u0000${c.key}`) ?? c.keyId;
  }
  return created;
}

/** Descriptions and comments from the file fill keys whose description is empty; never replace. */
async function fillEmptyDescriptions(tx: Tx, candidates: Candidate[], existing: KeyRow[]): Promise<void> {
  const emptyIds = new Set(existing.filter((k) => k.hasNoDescription).map((k) => k.id));
  const fills = candidates.filter((c) => c.description !== "" && emptyIds.has(c.keyId!));
  for (let i = 0; i < fills.length; i += CHUNK) {
    const chunk = fills.slice(i, i + CHUNK);
    await tx.$executeRaw`
      UPDATE "Key" k SET "description" = t.d, "updatedAt" = now()
      FROM unnest(${chunk.map((c) => c.keyId!)}::text[], ${chunk.map((c) => c.description)}::text[]) AS t(id, d)
      WHERE k."id" = t.id AND k."description" = ''`;
  }
}

/**
 * Writes one chunk of values in one statement: new translations are inserted, empty ones filled,
 * and (with overwrite) differing ones replaced; every row written gets its history entry with the
 * previous value and status read in the same statement. Returns the number of values written.
 */
async function writeTranslations(
  tx: Tx,
  ctx: ServiceContext,
  projectId: string,
  language: string,
  chunk: Candidate[],
  overwrite: boolean,
): Promise<number> {
  const [row] = await tx.$queryRaw<{ written: number }[]>`
    WITH input AS (
      SELECT t.key_id, t.v FROM unnest(${chunk.map((c) => c.keyId!)}::text[], ${chunk.map((c) => c.value)}::text[]) AS t(key_id, v)
    ), cur AS (
      SELECT i.key_id, i.v, tr."id" AS tid, tr."value" AS old_value, tr."status" AS old_status
      FROM input i LEFT JOIN "Translation" tr ON tr."keyId" = i.key_id AND tr."language" = ${language}
    ), inserted AS (
      INSERT INTO "Translation" ("id", "projectId", "keyId", "language", "value", "status", "source", "createdAt", "updatedAt")
      SELECT gen_random_uuid()::text, ${projectId}, c.key_id, ${language}, c.v, 'translated', 'import', now(), now()
      FROM cur c WHERE c.tid IS NULL
      ON CONFLICT ("keyId", "language") DO NOTHING -- created meanwhile by a concurrent writer: theirs stands
      RETURNING "id", "keyId", "value"
    ), updated AS (
      UPDATE "Translation" tr
      SET "value" = c.v, "status" = 'translated', "source" = 'import', "aiConfidence" = NULL, "updatedAt" = now()
      FROM cur c
      WHERE tr."id" = c.tid AND (c.old_value = '' OR (${overwrite} AND c.old_value <> c.v))
      RETURNING tr."id", tr."keyId", tr."value", c.old_value, c.old_status
    ), history AS (
      INSERT INTO "TranslationHistory" ("id", "translationId", "projectId", "keyId", "language", "previousValue", "newValue",
        "previousStatus", "newStatus", "changedBy", "changedByName", "source", "createdAt")
      SELECT gen_random_uuid()::text, h.id, ${projectId}, h."keyId", ${language}, h.prev, h."value", h.prev_status,
        'translated', ${ctx.actor.userId}, ${ctx.actor.userName}, 'import', now()
      FROM (
        SELECT "id", "keyId", "value", NULL::text AS prev, 'untranslated'::"TranslationStatus" AS prev_status FROM inserted
        UNION ALL
        SELECT "id", "keyId", "value", old_value, old_status FROM updated
      ) h
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM history)::int AS written`;
  return row?.written ?? 0;
}
