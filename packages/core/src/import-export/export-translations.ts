// Exports one project language as a file (docs/api-rules.md, "Import and export"): keys ordered
// by namespace then key (json-nested: by full key, its tree), translator formats with every key, runtime formats with translated keys only, cut at EXPORT_MAX_BYTES by dropping whole entries from the end.
// Rows are read through a cursor, 20,000 at a time, outside Prisma, and the file is written to a temporary file
// that the caller streams out: json-flat and json-nested are written entry by entry
// (json-export-writer.ts), the other formats are serialized whole by @locale/formats.
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  isFormatId,
  isPlaceholderStyle,
  PLACEHOLDER_STYLES,
  type PlaceholderStyle,
  type SkippedEntry,
  serializeWithReport,
  type TranslationEntry,
  toPlaceholderStyle,
  writesNativePlurals,
} from "@locale/formats";
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest, notFound } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { BILINGUAL_FORMATS, exportFileName, type FormatId, TRANSLATOR_FORMATS } from "./format-rules";
import { JsonExportWriter, StreamOrderLost } from "./json-export-writer";

export interface ExportInput {
  language: string;
  format: string;
  /** Only keys of this namespace, written without the namespace prefix. */
  namespace?: string;
  /** Overrides the per-format default of including keys without a value. */
  includeUntranslated?: boolean;
  /** Only approved values: any other is written as untranslated (empty, or left out as the format does). */
  approvedOnly?: boolean;
  /** Write placeholders in this platform style (docs/placeholders.md); default: as stored (ICU). */
  placeholders?: string;
}

export interface ExportResult {
  /** The file, in a temporary directory: stream it out, then call `dispose`. */
  filePath: string;
  byteLength: number;
  fileName: string;
  format: FormatId;
  language: string;
  totalKeys: number;
  truncated: boolean;
  /** Entries the format cannot express, left out of the file (never written broken). */
  skipped: SkippedEntry[];
  /** Removes the temporary file. */
  dispose(): Promise<void>;
}

/** How many left-out keys the `export.completed` activity entry lists by name. */
export const SKIPPED_KEYS_IN_ACTIVITY = 50;

/**
 * The export's statement sorts (and joins) in memory up to this much (PostgreSQL's default, 4 MB,
 * sorts 100,000 rows on disk: a third slower). Only for its own read-only transaction.
 */
export const SORT_IN_MEMORY = "SET LOCAL work_mem = '32MB'";

/** Rows per cursor fetch (a few MB of rows at most; fewer round trips). Two pages are held at most. */
const PAGE = 20_000;

/** One row of the export's cursor, as the driver hands it over (no object per row). */
type ExportRow = [
  namespace: string,
  key: string,
  description: string | null,
  value: string | null,
  status: string | null,
  sourceValue: string | null,
];

/** An export's validated input: what it reads and how it writes it. */
export interface ExportPlan {
  projectId: string;
  sourceLanguage: string;
  input: ExportInput;
  /** The project's spelling of the language. */
  language: string;
  format: FormatId;
  fileName: string;
  /** The placeholder style to convert to; undefined: as stored (ICU). */
  style: PlaceholderStyle | undefined;
  includeUntranslated: boolean;
}

/** Checks the caller's permission and the input (404 for a language of no project, 400 for bad options). */
export async function planExport(ctx: ServiceContext, projectId: string, input: ExportInput): Promise<ExportPlan> {
  const project = await loadProject(ctx, projectId, "export");
  const language = projectLanguages(project).find((l) => l.toLowerCase() === input.language.toLowerCase());
  if (!language) throw notFound("Language");
  if (!isFormatId(input.format)) {
    throw badRequest(`format: "${input.format}" is not a supported format`, [{ path: "format", message: "is not a supported format" }]);
  }
  if (input.namespace?.includes("\u0000")) {
    throw badRequest("namespace: must not contain NUL characters", [{ path: "namespace", message: "must not contain NUL characters" }]);
  }
  if (input.placeholders !== undefined && !isPlaceholderStyle(input.placeholders)) {
    const message = `must be one of ${PLACEHOLDER_STYLES.join(", ")}`;
    throw badRequest(`placeholders: ${message}`, [{ path: "placeholders", message }]);
  }
  const format = input.format;
  return {
    projectId: project.id,
    sourceLanguage: project.sourceLanguage,
    input,
    language,
    format,
    fileName: exportFileName(language, format),
    style: input.placeholders !== undefined && input.placeholders !== "icu" ? input.placeholders : undefined,
    includeUntranslated: input.includeUntranslated ?? TRANSLATOR_FORMATS.includes(format),
  };
}

export async function exportTranslations(ctx: ServiceContext, projectId: string, input: ExportInput): Promise<ExportResult> {
  return writeExportFile(ctx, await planExport(ctx, projectId, input));
}

/** The `export.completed` activity entry of an export whose file is written. */
export async function recordExport(
  ctx: ServiceContext,
  plan: ExportPlan,
  outcome: { written: number; truncated: boolean; skipped: SkippedEntry[] },
): Promise<void> {
  const { input, style } = plan;
  const { skipped } = outcome;
  await ctx.db.prisma.$transaction(async (tx) => {
    await recordActivity(tx, ctx.actor, {
      action: "export.completed",
      projectId: plan.projectId,
      targetId: plan.projectId,
      targetType: "project",
      metadata: {
        language: plan.language,
        format: plan.format,
        totalKeys: outcome.written,
        truncated: outcome.truncated,
        ...(input.approvedOnly ? { approvedOnly: true } : {}),
        ...(input.namespace !== undefined ? { namespace: input.namespace } : {}),
        ...(style ? { placeholders: style } : {}),
        ...(skipped.length > 0
          ? {
              skippedCount: skipped.length,
              skipped: skipped.slice(0, SKIPPED_KEYS_IN_ACTIVITY).map((s) => ({
                key: s.namespace ? `${s.namespace}.${s.key}` : s.key,
                reason: s.reason,
              })),
            }
          : {}),
      },
    });
  });
}

/** Writes the export to a temporary file and records it. */
export async function writeExportFile(ctx: ServiceContext, plan: ExportPlan): Promise<ExportResult> {
  const { input, language, format, style, includeUntranslated } = plan;
  const withSource = BILINGUAL_FORMATS.includes(format);
  const options = { language, sourceLanguage: plan.sourceLanguage };
  const dir = await mkdtemp(path.join(tmpdir(), "locale-export-"));
  const filePath = path.join(dir, plan.fileName);
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const read: RowQuery = {
      projectId: plan.projectId,
      language,
      sourceLanguage: plan.sourceLanguage,
      namespace: input.namespace,
      // The source values number placeholders and fill bilingual files; nothing else reads them.
      withSource: withSource || style !== undefined,
      // JSON files carry no notes, and only approvedOnly looks at the status: columns not needed
      // are read as NULL, which the driver hands over without making a string per row.
      withDescription: format !== "json-flat" && format !== "json-nested",
      withStatus: input.approvedOnly === true,
    };
    // Entries a placeholder style cannot express: left out and reported with the format's own.
    const styleSkipped: SkippedEntry[] = [];
    const nativePlurals = writesNativePlurals(format);
    const toEntry = ([rowNamespace, key, description, rowValue, status, sourceValue]: ExportRow): TranslationEntry | undefined => {
      let value = input.approvedOnly && status !== "approved" ? "" : (rowValue ?? "");
      // gettext leaves empty values out of MO files, so they never count as written there.
      if (value === "" && (!includeUntranslated || format === "mo")) return undefined;
      let sourceText = withSource && sourceValue ? sourceValue : undefined;
      const namespace = input.namespace === undefined && rowNamespace ? rowNamespace : undefined;
      if (style) {
        // The source value numbers the positions, so every language's file agrees on them.
        const options = { reference: sourceValue ?? undefined, nativePlurals };
        const converted = value === "" ? ({ ok: true, text: "" } as const) : toPlaceholderStyle(value, style, options);
        const source = sourceText === undefined ? undefined : toPlaceholderStyle(sourceText, style, options);
        const failed = !converted.ok ? converted : source && !source.ok ? source : undefined;
        if (failed && !failed.ok) {
          styleSkipped.push({ key, ...(namespace ? { namespace } : {}), reason: `placeholders: ${failed.reason}` });
          return undefined;
        }
        if (converted.ok) value = converted.text;
        if (source?.ok) sourceText = source.text;
      }
      const entry: TranslationEntry = { key, value };
      // A namespace filter writes bare keys, so the file re-imports with the same `namespace`.
      if (namespace) entry.namespace = namespace;
      if (description) entry.description = description;
      if (sourceText) entry.sourceText = sourceText;
      return entry;
    };
    let outcome: { count: number; skipped: SkippedEntry[]; truncated: boolean } | undefined;
    if (
      format === "json-nested" ||
      (format === "json-flat" && !(await hasFullKeyCollision(prismaRows(ctx), plan.projectId, input.namespace)))
    ) {
      outcome = await streamJson(ctx, read, format === "json-nested", filePath, ctx.config.exportMaxBytes, toEntry);
    }
    if (!outcome) {
      const entries: TranslationEntry[] = [];
      await readRows(ctx, read, false, async (rows) => {
        for (const r of rows) {
          const entry = toEntry(r);
          if (entry) entries.push(entry);
        }
        return true;
      });
      const { body, count, skipped } = serializeWithin(format, entries, options, ctx.config.exportMaxBytes);
      outcome = { count, skipped, truncated: count < entries.length };
      entries.length = 0;
      await writeFileStream(filePath, [body]);
    }
    const { count, truncated } = outcome;
    const written = count - outcome.skipped.length;
    const skipped = [...styleSkipped, ...outcome.skipped];
    await recordExport(ctx, plan, { written, truncated, skipped });
    const { size } = await stat(filePath);
    return { filePath, byteLength: size, fileName: plan.fileName, format, language, totalKeys: written, truncated, skipped, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}

interface RowQuery {
  projectId: string;
  language: string;
  sourceLanguage: string;
  namespace: string | undefined;
  /** Whether rows carry the source language's value (else `sourceValue` is null). */
  withSource: boolean;
  /** Whether rows carry the key's description (else null). */
  withDescription: boolean;
  /** Whether rows carry the value's status (else null). */
  withStatus: boolean;
}

/**
 * Whether two keys of different namespaces share a full key (`a.b` bare and `b` in namespace `a`).
 * json-flat lists keys by namespace then key, so such a pair is not adjacent and only the library
 * (one property, first position, last value) writes it; without one the file is streamed. Two keys
 * of one namespace never share a name, so a project without namespaced keys has no such pair, and
 * otherwise one grouping of the project's keys by full key finds it (a self-join by full key was
 * one comparison per pair of keys whenever the planner had no statistics, as after a large import:
 * minutes at 100,000 keys).
 */
export async function hasFullKeyCollision(query: RawRows, projectId: string, namespace: string | undefined): Promise<boolean> {
  if (namespace !== undefined) return false;
  const rows = await query(
    `SELECT 1 FROM "Key" k
     WHERE k."projectId" = $1 AND EXISTS (SELECT 1 FROM "Key" n WHERE n."projectId" = $1 AND n."namespace" > '')
     GROUP BY (CASE WHEN k."namespace" = '' THEN k."key" ELSE k."namespace" || '.' || k."key" END)
     HAVING count(*) > 1 LIMIT 1`,
    [projectId],
  );
  return rows.length > 0;
}

/** Runs one read statement; its rows (a snapshot's reader, or Prisma outside one). */
export type RawRows = (sql: string, params: unknown[]) => Promise<unknown[]>;

const prismaRows =
  (ctx: ServiceContext): RawRows =>
  (sql, params) =>
    ctx.db.prisma.$queryRawUnsafe<unknown[]>(sql, ...params);

/**
 * Reads the language's rows through a cursor, `PAGE` at a time, in one read-only REPEATABLE READ
 * transaction outside Prisma (`Database.readSnapshot`: rows as arrays, without Prisma's per-row
 * decoding, which cost about as much as PostgreSQL sending them). Byte order ("C" collation), so
 * PGlite and every PostgreSQL locale agree: by namespace then key (every format but json-nested),
 * or (json-nested) by the full key `namespace.key`, which keeps every key under a prefix together
 * for the nested writer.
 */
async function readRows(
  ctx: ServiceContext,
  q: RowQuery,
  byFullKey: boolean,
  /** Resolves false to stop reading (the file is full). */
  onPage: (rows: ExportRow[]) => Promise<boolean>,
): Promise<void> {
  await ctx.db.readSnapshot(async (reader) => {
    await reader.arrays(SORT_IN_MEMORY);
    const params: string[] = [q.projectId, q.language];
    const param = (value: string) => `$${params.push(value)}`;
    // The source value is read by a second join only where it is needed and is another language.
    const sourceJoin = q.withSource && q.language !== q.sourceLanguage;
    const source = !q.withSource ? "NULL::text" : sourceJoin ? `s."value"` : `t."value"`;
    const join = sourceJoin ? `LEFT JOIN "Translation" s ON s."keyId" = k."id" AND s."language" = ${param(q.sourceLanguage)}` : "";
    const where = q.namespace !== undefined ? `AND k."namespace" = ${param(q.namespace)}` : "";
    const order = byFullKey
      ? `(CASE WHEN k."namespace" = '' THEN k."key" ELSE k."namespace" || '.' || k."key" END) COLLATE "C", k."namespace" COLLATE "C"`
      : `k."namespace" COLLATE "C", k."key" COLLATE "C"`;
    // The columns in ExportRow's order.
    await reader.arrays(
      `DECLARE export_rows NO SCROLL CURSOR FOR
       SELECT k."namespace", k."key", ${q.withDescription ? `k."description"` : "NULL::text"} AS "description", t."value",
         ${q.withStatus ? `t."status"::text` : "NULL::text"} AS "status", ${source} AS "sourceValue"
       FROM "Key" k
       LEFT JOIN "Translation" t ON t."keyId" = k."id" AND t."language" = $2
       ${join}
       WHERE k."projectId" = $1 ${where}
       ORDER BY ${order}`,
      params,
    );
    // The next page is asked for before this one is written, so the database sends it while the
    // api turns this one into text: at most two pages are held at a time.
    const fetchPage = () => reader.arrays(`FETCH ${PAGE} FROM export_rows`) as Promise<ExportRow[]>;
    let next: Promise<ExportRow[]> | undefined = fetchPage();
    try {
      while (next) {
        const rows: ExportRow[] = await next;
        next = rows.length < PAGE ? undefined : fetchPage();
        if (rows.length > 0 && !(await onPage(rows))) break;
      }
    } finally {
      // Settled before the transaction ends, whether the file is full or writing it failed.
      await next?.catch(() => {});
    }
    await reader.arrays("CLOSE export_rows");
  });
}

/** json-flat / json-nested written as the rows arrive; undefined when the library must do it. */
async function streamJson(
  ctx: ServiceContext,
  q: RowQuery,
  nested: boolean,
  filePath: string,
  maxBytes: number,
  toEntry: (r: ExportRow) => TranslationEntry | undefined,
): Promise<{ count: number; skipped: SkippedEntry[]; truncated: boolean } | undefined> {
  const out = createWriteStream(filePath);
  let failure: Error | undefined;
  out.on("error", (err) => (failure ??= err));
  const sink = {
    // events.once rejects on "error" and removes both listeners again.
    write: async (piece: string) => {
      if (failure) throw failure;
      if (!out.write(piece)) await once(out, "drain");
    },
  };
  const writer = new JsonExportWriter(nested, sink, maxBytes);
  try {
    await readRows(ctx, q, nested, async (rows) => {
      for (const r of rows) {
        const entry = toEntry(r);
        if (!entry) continue;
        if (!writer.add(entry.namespace ? `${entry.namespace}.${entry.key}` : entry.key, entry.value)) return false;
        if (writer.needsFlush) await writer.flush();
      }
      return true;
    });
    await writer.finish();
  } catch (err) {
    // Closed before the library's file replaces it, so no late write of this stream lands in that one.
    const closed = once(out, "close").catch(() => {});
    out.destroy();
    await closed;
    if (err instanceof StreamOrderLost) return undefined;
    throw err;
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return { count: writer.count, skipped: [], truncated: writer.truncated };
}

async function writeFileStream(filePath: string, parts: Uint8Array[]): Promise<void> {
  const out = createWriteStream(filePath);
  out.on("error", () => {}); // reported through once() and end()'s callback
  for (const part of parts) if (!out.write(part)) await once(out, "drain");
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

const encoder = new TextEncoder();

function toBytes(out: string | Uint8Array): Uint8Array {
  return typeof out === "string" ? encoder.encode(out) : out;
}

/**
 * Serializes the longest prefix of `entries` whose file fits in `maxBytes`. Cutting the entry list
 * (never the bytes) keeps the file well-formed; the search starts from a proportional guess and
 * narrows by bisection, so a truncated export costs a handful of serializations.
 */
function serializeWithin(
  format: FormatId,
  entries: TranslationEntry[],
  options: { language: string; sourceLanguage: string },
  maxBytes: number,
): { body: Uint8Array; count: number; skipped: SkippedEntry[] } {
  const attempt = (list: TranslationEntry[]) => {
    const { output, skipped } = serializeWithReport(format, list, options);
    return { body: toBytes(output), count: list.length, skipped };
  };
  const full = attempt(entries);
  if (full.body.byteLength <= maxBytes || entries.length === 0) return full;
  let best = attempt([]);
  let low = 0;
  let high = entries.length - 1;
  let guess = Math.min(high, Math.floor((entries.length * maxBytes) / full.body.byteLength));
  for (let i = 0; i < 64 && low <= high; i++) {
    const result = attempt(entries.slice(0, guess));
    if (result.body.byteLength <= maxBytes) {
      best = result;
      low = guess + 1;
    } else {
      high = guess - 1;
    }
    guess = Math.floor((low + high) / 2);
  }
  return best;
}
