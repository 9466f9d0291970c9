// Imports one translation file into one project language (docs/api-rules.md, "Import and
// export"). The whole file or none of it: one transaction, or on PGlite for a file of more than one
// batch, a transaction per batch under a journal that takes a failed import back (import-journal.ts). Entries flow through in
// batches: json-flat and json-nested files sent as a stream are parsed incrementally
// (json-entry-reader.ts), other files are parsed whole by @locale/formats (in a worker thread when
// large: parse-off-loop.ts), before the transaction starts; every batch is written
// by ImportWriter with a few set-based statements, so the api holds one batch, never the project.
import {
  FormatParseError,
  isFormatId,
  keptAsWritten,
  normalisedValue,
  type ParseResult,
  type PlaceholderStyle,
  placeholderStyleOf,
} from "@locale/formats";
import { recordActivity, type Tx } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest, type ErrorIssue } from "../errors/app-error";
import { assertWithinQuota, holdQuota } from "../limits/quota-usage";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { qaErrorIssues, qaRefusal } from "../quality/qa-gate";
import { canonicalLanguage } from "../shared/languages";
import { isWellFormedText } from "../shared/unicode-text";
import { checkFileLanguage, type FileLanguageCheck } from "./detect-file-language";
import { type FormatId, JSON_FORMATS } from "./format-rules";
import { inImportTurn } from "./import-gate";
import { closeImportJournal, openImportJournal, undoImport } from "./import-journal";
import { type Candidate, IMPORTED_KEY_NAMES_IN_ACTIVITY, type ImportTarget, ImportWriter } from "./import-writer";
import { readJsonEntries } from "./json-entry-reader";
import { parseOffLoop } from "./parse-off-loop";

export { IMPORTED_KEY_NAMES_IN_ACTIVITY };

export interface ImportOptions {
  language: string;
  format: string;
  /** JSON formats only: every key of the file goes into this namespace. */
  namespace?: string;
  overwrite?: boolean;
  /** The file's name or path as the client has it (`res/values-de/strings.xml`): only to detect its language. */
  fileName?: string;
  /** `icu`: rewrite the file's placeholders (in its format's platform style) as ICU arguments. */
  placeholders?: string;
  /**
   * A preview: the import runs as it would (same statements, same quality gate, same counts) in
   * its transaction, which is then rolled back, so nothing of it is kept.
   */
  dryRun?: boolean;
}

export interface ImportInput extends ImportOptions {
  /** Raw file text; base64 of the binary file for `mo`. */
  content: string;
}

export interface ImportIssue {
  line?: number;
  key?: string;
  message: string;
  /** A value refused by the quality gate: its failed checks, as a 422 would list them. */
  issues?: ErrorIssue[];
}

export interface ImportResult {
  /** Values written (new translations, filled empty ones, and replaced ones with overwrite). */
  imported: number;
  /** Entries of the file whose value was not written (kept, identical, fuzzy, empty, invalid). */
  skipped: number;
  /** Keys that did not exist before the import. */
  keysCreated: number;
  /** The first created keys' names (at most IMPORTED_KEY_NAMES_IN_ACTIVITY). */
  createdKeys: string[];
  /** Of `imported`: values that replaced a different non-empty value (only with overwrite). */
  replaced: number;
  /** True when nothing was kept (`dryRun`): the counts say what the import would do. */
  dryRun: boolean;
  errors: ImportIssue[];
  language: string;
  format: FormatId;
  /** The language the file itself names (header, folder or file name), set against `language`. */
  detectedLanguage: FileLanguageCheck | null;
}

/** Entries per batch: large enough to amortise round trips, small enough for PGlite's memory. */
const CHUNK = 5000;
/**
 * PGlite runs each statement synchronously on the api's own thread, so a batch's statements hold
 * the event loop (and /health) for as long as they run: about 0.25 ms a key on the benchmark machine,
 * 1.3 s for 5,000. Smaller batches keep every pause short at little cost (docs/imports-on-pglite.md).
 */
export const PGLITE_IMPORT_BATCH = 500;
const MAX_KEY_LENGTH = 1000;
/** The same limits the key and translation endpoints apply. */
const MAX_VALUE_LENGTH = 100_000;
const MAX_DESCRIPTION_LENGTH = 10_000;
/** A file with thousands of bad entries answers with the first ones and a count of the rest. */
export const MAX_LISTED_ERRORS = 1000;

/** An import whose options were checked: the project may be written and the file can be read. */
export interface PreparedImport {
  target: Omit<ImportTarget, "actor">;
  format: FormatId;
  sourceLanguage: string;
  languages: string[];
  fileName?: string;
  /** The platform style whose placeholders become ICU arguments; absent: values as written. */
  placeholdersFrom?: PlaceholderStyle;
  dryRun: boolean;
}

/** Thrown out of a dry run's transaction to roll it back, carrying the result. */
class DryRunRollback extends Error {
  constructor(readonly result: ImportResult) {
    super("dry run");
  }
}

/** A file's bytes, read once, in order. */
export type ImportSource = () => AsyncIterable<Uint8Array>;

/** Checks permission, language, format and namespace before any of the file is read. */
export async function prepareImport(ctx: ServiceContext, projectId: string, options: ImportOptions): Promise<PreparedImport> {
  const project = await loadProject(ctx, projectId, "import", { forWrite: true });
  if (!isFormatId(options.format)) {
    throw badRequest(`format: "${options.format}" is not a supported format`, [{ path: "format", message: "is not a supported format" }]);
  }
  const format = options.format;
  const language = canonicalLanguage(options.language);
  if (!projectLanguages(project).includes(language)) {
    throw badRequest(`language: "${language}" is not a language of this project`, [
      { path: "language", message: "is not the source or a target language of the project" },
    ]);
  }
  const namespace = options.namespace ?? "";
  if (options.namespace !== undefined && !JSON_FORMATS.includes(format)) {
    throw badRequest(`namespace: only the JSON formats (${JSON_FORMATS.join(", ")}) take a namespace`, [
      { path: "namespace", message: "is only accepted for JSON formats" },
    ]);
  }
  if (namespace !== namespace.trim() || namespace.includes("\u0000")) {
    throw badRequest("namespace: must not start or end with whitespace or contain NUL characters", [
      { path: "namespace", message: "must not start or end with whitespace or contain NUL characters" },
    ]);
  }
  if (options.placeholders !== undefined && options.placeholders !== "icu") {
    throw badRequest('placeholders: must be "icu"', [{ path: "placeholders", message: 'must be "icu"' }]);
  }
  const placeholdersFrom = options.placeholders === "icu" ? placeholderStyleOf(format) : undefined;
  return {
    ...(placeholdersFrom && placeholdersFrom !== "icu" ? { placeholdersFrom } : {}),
    target: {
      projectId: project.id,
      language,
      namespace,
      namespaceGiven: options.namespace !== undefined,
      overwrite: !!options.overwrite,
      qa: project,
    },
    format,
    sourceLanguage: project.sourceLanguage,
    languages: projectLanguages(project),
    ...(options.fileName !== undefined ? { fileName: options.fileName } : {}),
    dryRun: !!options.dryRun,
  };
}

/** The import endpoint's JSON body: the file is in `content` (parsed whole, before the transaction). */
export async function importTranslations(ctx: ServiceContext, projectId: string, input: ImportInput): Promise<ImportResult> {
  const prepared = await prepareImport(ctx, projectId, input);
  const parsed = await parseFile(prepared.format, decodeContent(prepared.format, input.content), prepared);
  const head = prepared.format === "mo" ? null : input.content.slice(0, HEAD_CHARS);
  return runImport(ctx, prepared, head, async (sink) => {
    for (const issue of parsed.errors) sink.issue(issue);
    const entries = parsed.entries;
    for (let i = 0; i < entries.length; i++) {
      sink.entry(entries[i]!);
      if (sink.pending >= sink.batchSize) await sink.flush();
    }
  });
}

/**
 * The file as a byte stream (the raw-body import): json-flat and json-nested are parsed as the
 * bytes arrive, other formats are read whole and parsed by the library. `mo` is the binary file.
 * A file that turns out to be unreadable part-way rolls the whole import back.
 */
export async function importTranslationFile(ctx: ServiceContext, prepared: PreparedImport, source: ImportSource): Promise<ImportResult> {
  const format = prepared.format;
  const first = await firstBytes(source);
  const text = format === "mo" ? null : new TextDecoder().decode(first.subarray(0, HEAD_CHARS));
  if (format === "json-flat" || format === "json-nested") {
    const head = first;
    // UTF-16 files (byte-order mark) are left to the library, which decodes them.
    if (!(head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)))) {
      return runImport(ctx, prepared, text, async (sink) => {
        await asParseError(() =>
          readJsonEntries(
            format,
            source(),
            (entry) => sink.entry(entry),
            (issue) => sink.issue(issue),
            async () => {
              if (sink.pending >= sink.batchSize) await sink.flush();
            },
          ),
        );
      });
    }
  }
  const parts: Uint8Array[] = [];
  for await (const part of source()) parts.push(part);
  const bytes = new Uint8Array(Buffer.concat(parts));
  parts.length = 0;
  const parsed = await parseFile(format, bytes, prepared);
  return runImport(ctx, prepared, text, async (sink) => {
    for (const issue of parsed.errors) sink.issue(issue);
    for (const entry of parsed.entries) {
      sink.entry(entry);
      if (sink.pending >= sink.batchSize) await sink.flush();
    }
  });
}

interface EntrySink {
  entry(entry: {
    key: string;
    value: string;
    namespace?: string;
    description?: string;
    fuzzy?: boolean;
    metadata?: Record<string, unknown>;
  }): void;
  issue(issue: { line?: number; key?: string; message: string }): void;
  /** Candidates waiting for the next flush. */
  readonly pending: number;
  /** Candidates written together, in one batch of statements. */
  readonly batchSize: number;
  flush(): Promise<void>;
}

/** Runs the import's one transaction; `feed` pushes the file's entries into the sink. */
/** How much of a file's start is read for its language (headers and folders say it early). */
const HEAD_CHARS = 64 * 1024;

async function runImport(
  ctx: ServiceContext,
  prepared: PreparedImport,
  head: string | null,
  feed: (sink: EntrySink) => Promise<void>,
): Promise<ImportResult> {
  const detectedLanguage = checkFileLanguage({
    fileName: prepared.fileName ?? null,
    head,
    chosen: prepared.target.language,
    languages: prepared.languages,
  });
  const { target, format } = prepared;
  const listed: ImportIssue[] = [];
  let errorCount = 0;
  let skipped = 0;
  let imported = 0;
  let valued = 0;
  const onPglite = ctx.db.kind === "pglite";
  const batchSize = onPglite ? PGLITE_IMPORT_BATCH : CHUNK;
  const addIssue = (issue: ImportIssue) => {
    errorCount++;
    if (listed.length < MAX_LISTED_ERRORS) {
      listed.push({
        ...(issue.line !== undefined ? { line: issue.line } : {}),
        ...(issue.key !== undefined ? { key: issue.key } : {}),
        message: issue.message,
        ...(issue.issues ? { issues: issue.issues } : {}),
      });
    }
  };
  const writer = new ImportWriter({ ...target, actor: ctx.actor });
  let batch: Candidate[] = [];
  const sink: EntrySink = {
    entry(entry) {
      // The library never splits keys into namespaces on its own; a namespace it reports is a prefix.
      const key = entry.namespace ? `${entry.namespace}.${entry.key}` : entry.key;
      const problem = keyProblem(key) ?? textProblem(entry.value, MAX_VALUE_LENGTH, "value");
      if (problem) {
        addIssue({ key, message: problem });
        skipped++;
        return;
      }
      let value = entry.value;
      if (prepared.placeholdersFrom) {
        // Normalised to ICU on request; a placeholder ICU cannot hold keeps the value as written, listed.
        const normalised = normalisedValue(entry, prepared.placeholdersFrom);
        if (normalised.ok) value = normalised.message;
        else addIssue({ key, message: keptAsWritten(normalised.reason) });
      }
      const takeValue = format !== "pot" && !entry.fuzzy && value !== "";
      // A description is a courtesy of the file: an unusable one is dropped, the entry still counts.
      const description =
        entry.description && !textProblem(entry.description, MAX_DESCRIPTION_LENGTH, "description") ? entry.description : "";
      batch.push({ key, value, description, takeValue });
    },
    issue: addIssue,
    get pending() {
      return batch.length;
    },
    batchSize,
    flush: async () => {},
  };
  /** Writes one batch and counts its outcome. */
  const writeBatch = async (tx: Tx, current: Candidate[]) => {
    // The keys quota: a batch that passes it fails the whole import (docs/api-rules.md, "Quotas").
    const keysQuota = await holdQuota(tx, ctx.config.quotas, ctx.actor.organizationId, "keys");
    const outcome = await writer.write(tx, current);
    await assertWithinQuota(tx, keysQuota);
    for (const c of outcome.repeated) addIssue({ key: c.key, message: `Duplicate key "${c.key}"; the first occurrence was kept.` });
    for (const r of outcome.refused) {
      addIssue({ key: r.candidate.key, message: qaRefusal(r.issues).message, issues: qaErrorIssues(r.issues) });
    }
    const valuedHere = current.filter((c) => c.takeValue).length - outcome.repeated.filter((c) => c.takeValue).length;
    valued += valuedHere;
    imported += outcome.written;
    // Repeated, and entries without a value to take (POT, fuzzy, empty): counted, not written.
    skipped += current.length - valuedHere;
  };
  /** The import's last statements: its activity entries, and its result. */
  const finish = async (tx: Tx): Promise<ImportResult> => {
    // Kept without overwrite, or identical: no write and no history.
    skipped += valued - imported;
    await recordActivity(tx, ctx.actor, {
      action: "import.completed",
      projectId: target.projectId,
      targetId: target.projectId,
      targetType: "project",
      metadata: {
        language: target.language,
        format,
        imported,
        skipped,
        errorCount,
        keysCreated: writer.keysCreated,
        overwrite: target.overwrite,
      },
    });
    if (writer.keysCreated > 0) {
      await recordActivity(tx, ctx.actor, {
        action: "key.imported",
        projectId: target.projectId,
        targetId: target.projectId,
        targetType: "project",
        metadata: { language: target.language, format, count: writer.keysCreated, keys: writer.createdNames },
      });
    }
    const errors =
      errorCount > listed.length ? [...listed, { message: `${errorCount - listed.length} more problems are not listed.` }] : listed;
    const result: ImportResult = {
      imported,
      skipped,
      keysCreated: writer.keysCreated,
      createdKeys: writer.createdNames,
      replaced: writer.replaced,
      errors,
      language: target.language,
      format,
      detectedLanguage,
      dryRun: prepared.dryRun,
    };
    // A preview: its transaction is rolled back, carrying the result out.
    if (prepared.dryRun) throw new DryRunRollback(result);
    return result;
  };
  /** Takes the pending candidates, a batch at a time. */
  const takeBatches = function* (): Generator<Candidate[]> {
    const pending = batch;
    batch = [];
    // A streamed chunk of the file may hold more than one batch: written a batch at a time.
    for (let from = 0; from < pending.length; from += batchSize) yield pending.slice(from, from + batchSize);
  };

  if (!onPglite) {
    // PostgreSQL: one transaction; MVCC keeps every other request apart from it.
    return keepDryRunResult(
      ctx.db.prisma.$transaction(async (tx) => {
        sink.flush = async () => {
          for (const current of takeBatches()) await writeBatch(tx, current);
        };
        await feed(sink);
        await sink.flush();
        return finish(tx);
      }),
    );
  }

  // PGlite: imports take turns (import-gate.ts). A file of one batch is one transaction; a larger
  // one commits batch by batch under a journal (import-journal.ts), so every other request waits for
  // at most one batch, and a failure or a crash takes all of it back.
  return inImportTurn(ctx, ctx.actor.organizationId, async () => {
    let journalId: string | null = null;
    sink.flush = async () => {
      // Until the file has shown more than one batch, nothing is written: a small file stays one transaction.
      // A preview is one transaction whatever its size, since it is rolled back at the end.
      if (prepared.dryRun || (journalId === null && batch.length <= batchSize)) return;
      for (const current of takeBatches()) {
        await ctx.db.prisma.$transaction(async (tx) => {
          if (journalId === null) {
            journalId = await openImportJournal(tx, target.projectId);
            writer.journalId = journalId;
          }
          await writeBatch(tx, current);
        });
        // PGlite's statements resolve without an I/O turn in between: let waiting requests run.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    };
    try {
      await feed(sink);
      if (journalId === null) {
        return await keepDryRunResult(
          ctx.db.prisma.$transaction(async (tx) => {
            for (const current of takeBatches()) await writeBatch(tx, current);
            return finish(tx);
          }),
        );
      }
      await sink.flush();
      const id: string = journalId;
      return await ctx.db.prisma.$transaction(async (tx) => {
        const result = await finish(tx);
        await closeImportJournal(tx, id);
        await writer.close(tx);
        return result;
      });
    } catch (err) {
      if (journalId !== null) {
        const id: string = journalId;
        // Should taking it back fail too, the journal stays and the next start-up takes it back.
        await ctx.db.prisma
          .$transaction(async (tx) => {
            await undoImport(tx, id);
            await writer.close(tx);
          })
          .catch(() => undefined);
      }
      throw err;
    }
  });
}

/** A dry run's result, out of the transaction its rollback ended. */
async function keepDryRunResult(run: Promise<ImportResult>): Promise<ImportResult> {
  try {
    return await run;
  } catch (err) {
    if (err instanceof DryRunRollback) return err.result;
    throw err;
  }
}

async function firstBytes(source: ImportSource): Promise<Uint8Array> {
  for await (const part of source()) if (part.length > 0) return part;
  return new Uint8Array(0);
}

/** A file the parser cannot read is the client's mistake: 400 naming the line. */
async function asParseError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof FormatParseError) throw badRequest(`content: ${err.message}`, [{ path: "content", message: err.message }]);
    throw err;
  }
}

function decodeContent(format: FormatId, content: string): string | Uint8Array {
  if (format !== "mo") return content;
  const compact = content.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact) || compact.length === 0) {
    throw badRequest("content: a mo file must be sent as base64", [{ path: "content", message: "is not base64" }]);
  }
  return new Uint8Array(Buffer.from(compact, compact.includes("-") || compact.includes("_") ? "base64url" : "base64"));
}

async function parseFile(format: FormatId, data: string | Uint8Array, prepared: PreparedImport): Promise<ParseResult> {
  try {
    return await parseOffLoop(format, data, { language: prepared.target.language, sourceLanguage: prepared.sourceLanguage });
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
