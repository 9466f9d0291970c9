// Imports one translation file into one project language (SPEC.md "Import and export",
// DECISIONS.md "Import and export"). The whole file is one transaction and every write is
// set-based (unnest arrays, chunked), so a 100,000-key file costs a few dozen statements.
import { randomUUID } from "node:crypto";
import { FormatParseError, isFormatId, parse, type ParseResult } from "@locale/formats";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { recordActivity, type Tx } from "../activity/record-activity";
import { canonicalLanguage } from "../shared/languages";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { JSON_FORMATS, type FormatId } from "./format-rules";

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
  description: string;
}

interface TranslationRow {
  id: string;
  keyId: string;
  value: string;
  status: string;
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
  if (namespace !== namespace.trim()) {
    throw badRequest("namespace: must not start or end with whitespace", [{ path: "namespace", message: "must not start or end with whitespace" }]);
  }

  const parsed = parseFile(format, input.content, language, project.sourceLanguage);
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
    const takeValue = format !== "pot" && !entry.fuzzy && entry.value !== "";
    if (!takeValue) skipped++;
    candidates.push({ namespace, key, value: entry.value, description: entry.description ?? "", takeValue });
  }

  return ctx.db.prisma.$transaction(async (tx) => {
    const existing = await tx.$queryRaw<KeyRow[]>`
      SELECT "id", "namespace", "key", "description" FROM "Key" WHERE "projectId" = ${project.id}`;
    const newKeys = resolveKeys(candidates, existing, input.namespace !== undefined);
    await insertKeys(tx, project.id, newKeys);
    await fillEmptyDescriptions(tx, candidates, existing);

    const translations = await tx.$queryRaw<TranslationRow[]>`
      SELECT "id", "keyId", "value", "status"::text AS "status" FROM "Translation"
      WHERE "projectId" = ${project.id} AND "language" = ${language}`;
    const byKey = new Map(translations.map((t) => [t.keyId, t]));

    const inserts: { id: string; keyId: string; value: string }[] = [];
    const updates: { row: TranslationRow; value: string }[] = [];
    for (const c of candidates) {
      if (!c.takeValue) continue;
      const current = byKey.get(c.keyId!);
      if (!current) inserts.push({ id: randomUUID(), keyId: c.keyId!, value: c.value });
      else if (current.value === "" || (input.overwrite && current.value !== c.value)) updates.push({ row: current, value: c.value });
      else skipped++; // kept without overwrite, or identical: no write and no history
    }
    await insertTranslations(tx, project.id, language, inserts);
    await updateTranslations(tx, updates);
    await insertHistory(tx, ctx, project.id, language, inserts, updates);

    const imported = inserts.length + updates.length;
    await recordActivity(tx, ctx.actor, {
      action: "import.completed",
      projectId: project.id,
      targetId: project.id,
      targetType: "project",
      metadata: { language, format, imported, skipped, errorCount: errors.length, keysCreated: newKeys.length, overwrite: !!input.overwrite },
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
    return { imported, skipped, keysCreated: newKeys.length, errors, language, format };
  });
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
  if (key !== key.trim()) return `The key "${key}" starts or ends with whitespace and was skipped.`;
  return undefined;
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

async function insertKeys(tx: Tx, projectId: string, keys: Required<Candidate>[]): Promise<void> {
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const rows = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "Key" ("id", "projectId", "namespace", "key", "description", "createdAt", "updatedAt")
      SELECT t.id, ${projectId}, t.ns, t.k, t.d, now(), now()
      FROM unnest(${chunk.map((c) => c.keyId)}::text[], ${chunk.map((c) => c.namespace)}::text[],
                  ${chunk.map((c) => c.key)}::text[], ${chunk.map((c) => c.description)}::text[]) AS t(id, ns, k, d)
      ON CONFLICT ("projectId", "namespace", "key") DO NOTHING
      RETURNING "id"`;
    if (rows.length === chunk.length) continue;
    // A concurrent writer created some of these keys after we read the key list: use its rows.
    const inserted = new Set(rows.map((r) => r.id));
    const lost = chunk.filter((c) => !inserted.has(c.keyId));
    const found = await tx.$queryRaw<KeyRow[]>`
      SELECT k."id", k."namespace", k."key", k."description" FROM "Key" k
      JOIN unnest(${lost.map((c) => c.namespace)}::text[], ${lost.map((c) => c.key)}::text[]) AS t(ns, k)
        ON k."namespace" = t.ns AND k."key" = t.k
      WHERE k."projectId" = ${projectId}`;
    const byName = new Map(found.map((k) => [`${k.namespace}\u0000${k.key}`, k.id]));
    for (const c of lost) c.keyId = byName.get(`${c.namespace}\u0000${c.key}`) ?? c.keyId;
  }
}

/** Descriptions and comments from the file fill keys whose description is empty; never replace. */
async function fillEmptyDescriptions(tx: Tx, candidates: Candidate[], existing: KeyRow[]): Promise<void> {
  const emptyIds = new Set(existing.filter((k) => k.description === "").map((k) => k.id));
  const fills = candidates.filter((c) => c.description !== "" && emptyIds.has(c.keyId!));
  for (let i = 0; i < fills.length; i += CHUNK) {
    const chunk = fills.slice(i, i + CHUNK);
    await tx.$executeRaw`
      UPDATE "Key" k SET "description" = t.d, "updatedAt" = now()
      FROM unnest(${chunk.map((c) => c.keyId!)}::text[], ${chunk.map((c) => c.description)}::text[]) AS t(id, d)
      WHERE k."id" = t.id AND k."description" = ''`;
  }
}

async function insertTranslations(tx: Tx, projectId: string, language: string, rows: { id: string; keyId: string; value: string }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await tx.$executeRaw`
      INSERT INTO "Translation" ("id", "projectId", "keyId", "language", "value", "status", "source", "createdAt", "updatedAt")
      SELECT t.id, ${projectId}, t.key_id, ${language}, t.v, 'translated'::"TranslationStatus", 'import'::"TranslationSource", now(), now()
      FROM unnest(${chunk.map((r) => r.id)}::text[], ${chunk.map((r) => r.keyId)}::text[], ${chunk.map((r) => r.value)}::text[]) AS t(id, key_id, v)`;
  }
}

async function updateTranslations(tx: Tx, rows: { row: TranslationRow; value: string }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await tx.$executeRaw`
      UPDATE "Translation" tr
      SET "value" = t.v, "status" = 'translated'::"TranslationStatus", "source" = 'import'::"TranslationSource",
          "aiConfidence" = NULL, "updatedAt" = now()
      FROM unnest(${chunk.map((r) => r.row.id)}::text[], ${chunk.map((r) => r.value)}::text[]) AS t(id, v)
      WHERE tr."id" = t.id`;
  }
}

async function insertHistory(
  tx: Tx,
  ctx: ServiceContext,
  projectId: string,
  language: string,
  inserts: { id: string; keyId: string; value: string }[],
  updates: { row: TranslationRow; value: string }[],
): Promise<void> {
  const entries = [
    ...inserts.map((r) => ({ translationId: r.id, keyId: r.keyId, previousValue: null as string | null, previousStatus: "untranslated", value: r.value })),
    ...updates.map((u) => ({ translationId: u.row.id, keyId: u.row.keyId, previousValue: u.row.value as string | null, previousStatus: u.row.status, value: u.value })),
  ];
  for (let i = 0; i < entries.length; i += CHUNK) {
    const chunk = entries.slice(i, i + CHUNK);
    await tx.$executeRaw`
      INSERT INTO "TranslationHistory" ("id", "translationId", "projectId", "keyId", "language", "previousValue", "newValue",
        "previousStatus", "newStatus", "changedBy", "changedByName", "source", "createdAt")
      SELECT t.id, t.translation_id, ${projectId}, t.key_id, ${language}, t.prev, t.v,
        t.prev_status::"TranslationStatus", 'translated'::"TranslationStatus", ${ctx.actor.userId}, ${ctx.actor.userName},
        'import'::"TranslationSource", now()
      FROM unnest(${chunk.map(() => randomUUID())}::text[], ${chunk.map((e) => e.translationId)}::text[], ${chunk.map((e) => e.keyId)}::text[],
                  ${chunk.map((e) => e.previousValue)}::text[], ${chunk.map((e) => e.value)}::text[],
                  ${chunk.map((e) => e.previousStatus)}::text[]) AS t(id, translation_id, key_id, prev, v, prev_status)`;
  }
}
