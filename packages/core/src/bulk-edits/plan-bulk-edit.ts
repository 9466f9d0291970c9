// What a bulk edit would change: the selected keys' values in the chosen languages, read with one
// statement, and the new value and status of each (docs/bulk-edits.md). The preview and the apply
// share this, so the apply writes exactly what a preview of the same input counts.
import type { Prisma, Project, TranslationStatus } from "@locale/db";
import type { Permission } from "../auth/permissions";
import { badRequest, notFound } from "../errors/app-error";
import { type KeyFilters, keyFilterSql, substringPattern } from "../keys/key-filter-sql";
import { projectLanguages } from "../projects/project-record";
import { hasErrors, type QaIssue } from "../qa";
import { parseQaFilter } from "../quality/qa-filter";
import { QaGate, qaErrorIssues, storedQaIssues } from "../quality/qa-gate";
import { canonicalLanguage } from "../shared/languages";
import type { BulkCellRef, BulkEditInput, BulkLanguageCount, BulkOperation, BulkRefusal, BulkSelection } from "./bulk-edit-types";
import { TextReplacer } from "./text-replacer";

type Tx = Prisma.TransactionClient;

/** The most values one request reads: past it, narrow the selection (the work per request is bounded). */
export const MAX_BULK_VALUES = 200_000;
/** The most key ids a selection may list; larger selections use the filter. */
export const MAX_BULK_KEY_IDS = 10_000;
/** How many refusals and conflicts an answer lists (the counts are always complete). */
export const MAX_LISTED = 1000;

export interface Cell extends BulkCellRef {
  translationId: string | null;
  value: string;
  status: TranslationStatus;
  updatedAt: Date | null;
  qaIssues: unknown;
  source: string | null;
  aiConfidence: number | null;
  /** The copied value (copy only). */
  from: string | null;
  /** Neither the value nor the copied one changed since the preview's snapshot (true without one). */
  fresh: boolean;
}

export interface PlannedChange {
  cell: Cell;
  value: string;
  status: TranslationStatus;
  valueChanged: boolean;
  matches: number;
  /** Warnings stored with a new value. */
  qaIssues: QaIssue[];
}

export interface Plan {
  changes: PlannedChange[];
  refused: BulkRefusal[];
  refusedCount: number;
  conflicts: BulkCellRef[];
  conflictCount: number;
  languages: BulkLanguageCount[];
  keys: number;
  /** The statement's snapshot (pg_snapshot text), for the preview's token. */
  snapshot: string | null;
}

/** The permission a single edit of the same kind needs. */
export function permissionFor(operation: BulkOperation): Permission {
  if (operation.type !== "setStatus") return "translations.write";
  return operation.status === "reviewed" || operation.status === "approved" ? "translations.review" : "translations.status";
}

/** The input with languages made canonical and checked against the project (also what the token hashes). */
export function normalizeBulkInput(project: Pick<Project, "sourceLanguage" | "targetLanguages">, input: BulkEditInput): BulkEditInput {
  const known = projectLanguages(project);
  const language = (code: string, path: string) => {
    const c = canonicalLanguage(code, path);
    if (!known.includes(c)) throw notFound("Language");
    return c;
  };
  const op = input.operation;
  const languages = [...new Set(op.languages.map((l, i) => language(l, `operation.languages.${i}`)))];
  if (languages.length === 0)
    throw badRequest("operation.languages: name at least one language", [{ path: "operation.languages", message: "empty" }]);
  let operation: BulkOperation;
  switch (op.type) {
    case "replace":
      operation = {
        type: "replace",
        languages,
        find: op.find,
        replace: op.replace,
        regex: op.regex ?? false,
        caseSensitive: op.caseSensitive ?? true,
        wholeWord: op.wholeWord ?? false,
      };
      break;
    case "setStatus":
      operation = { type: "setStatus", languages, status: op.status };
      break;
    case "copy": {
      const from = op.from === undefined ? project.sourceLanguage : language(op.from, "operation.from");
      if (languages.includes(from)) {
        throw badRequest("operation.languages: must not include the language copied from", [
          { path: "operation.languages", message: `includes ${from}` },
        ]);
      }
      operation = { type: "copy", languages, from, overwrite: op.overwrite ?? false };
      break;
    }
    case "clear":
      operation = { type: "clear", languages };
      break;
  }
  const selection: BulkSelection = {};
  if (input.selection.keyIds) {
    if (input.selection.filter) {
      throw badRequest("selection: give keyIds or filter, not both", [{ path: "selection", message: "keyIds and filter are exclusive" }]);
    }
    if (input.selection.keyIds.length > MAX_BULK_KEY_IDS) {
      throw badRequest(`selection.keyIds: at most ${MAX_BULK_KEY_IDS}; select larger sets with the filter`, [
        { path: "selection.keyIds", message: `at most ${MAX_BULK_KEY_IDS}` },
      ]);
    }
    selection.keyIds = [...new Set(input.selection.keyIds)].sort();
  } else {
    const f = input.selection.filter ?? {};
    const filter: NonNullable<BulkSelection["filter"]> = {};
    if (f.search) filter.search = f.search;
    if (f.namespace !== undefined) filter.namespace = f.namespace;
    if (f.tag) filter.tag = f.tag;
    if (f.untranslatedIn) filter.untranslatedIn = language(f.untranslatedIn, "selection.filter.untranslatedIn");
    if (f.status) {
      if (!f.statusIn) {
        throw badRequest("selection.filter.statusIn: is required with status", [
          { path: "selection.filter.statusIn", message: "is required with status" },
        ]);
      }
      filter.status = f.status;
      filter.statusIn = language(f.statusIn, "selection.filter.statusIn");
    }
    if (f.qa) {
      filter.qa = parseQaFilter(f.qa, "selection.filter.qa");
      if (f.qaIn) filter.qaIn = language(f.qaIn, "selection.filter.qaIn");
      else if (f.qaLanguages?.length) {
        filter.qaLanguages = [...new Set(f.qaLanguages.map((l, i) => language(l, `selection.filter.qaLanguages.${i}`)))].sort();
      }
    }
    if (f.hasComments !== undefined) filter.hasComments = f.hasComments;
    selection.filter = filter;
  }
  return { selection, operation };
}

/** `FROM "Key" k WHERE ...` of the selection, with its parameters ($1 is the project). */
function selectionSql(project: Project, selection: BulkSelection): { from: string; params: unknown[] } {
  if (selection.keyIds) {
    return { from: `FROM "Key" k WHERE k."projectId" = $1 AND k.id = ANY($2::text[])`, params: [project.id, selection.keyIds] };
  }
  const f = selection.filter ?? {};
  const filters: KeyFilters = { projectId: project.id, languages: projectLanguages(project) };
  if (f.search) filters.search = f.search;
  if (f.namespace !== undefined) filters.namespace = f.namespace;
  if (f.tag) filters.tag = f.tag;
  if (f.untranslatedIn) filters.untranslatedIn = f.untranslatedIn;
  if (f.status && f.statusIn) filters.status = { status: f.status, language: f.statusIn };
  // The editor rows' `qa` filter: in `qaIn`, else the shown languages, else every language.
  if (f.qa) filters.qa = { filter: f.qa, languages: f.qaIn ? [f.qaIn] : (f.qaLanguages ?? filters.languages) };
  if (f.hasComments !== undefined) filters.hasComments = f.hasComments;
  return keyFilterSql(filters);
}

// A row's 32-bit xmin widened to the xid8 it stands for (the newest one with those low bits, as
// every live row's is), so it can be tested against a pg_snapshot.
const fullXid = (column: string) => `((cur.x - ((cur.x % 4294967296) - ${column}::text::bigint + 4294967296) % 4294967296))::text::xid8`;

/**
 * Reads the cells the operation touches. `snapshot`: the preview's; a cell whose row (or copied
 * row) was written by a transaction that snapshot could not see is marked not fresh. `lock` takes
 * the rows' locks first (apply).
 */
export async function readCells(
  tx: Tx,
  project: Project,
  input: BulkEditInput,
  options: { snapshot: string | null; lock: boolean },
): Promise<{ cells: Cell[]; snapshot: string }> {
  const { from, params } = selectionSql(project, input.selection);
  const op = input.operation;
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const languages = p(op.languages);
  const lockParams = [...params];
  const copyFrom = op.type === "copy" ? p(op.from) : null;
  const snap = options.snapshot === null ? null : p(options.snapshot);
  if (options.lock) {
    // Row locks (not the lock table, which would overflow at 100,000 values): concurrent writers
    // of these values wait for the edit's commit.
    await tx.$queryRawUnsafe(
      `SELECT t.id FROM "Translation" t JOIN (SELECT k.id ${from}) sel ON sel.id = t."keyId"
        WHERE t.language = ANY(${languages}::text[]) ORDER BY t.id FOR UPDATE OF t`,
      ...lockParams,
    );
  }
  const join = op.type === "copy" ? "LEFT JOIN" : "JOIN";
  const fresh =
    snap === null
      ? "true"
      : `(t.id IS NULL OR pg_visible_in_snapshot(${fullXid("t.xmin")}, ${snap}::pg_snapshot))` +
        (copyFrom ? ` AND (s.id IS NULL OR pg_visible_in_snapshot(${fullXid("s.xmin")}, ${snap}::pg_snapshot))` : "");
  const wanted =
    op.type === "copy"
      ? `s.value <> ''${op.overwrite ? "" : ` AND coalesce(t.value, '') = ''`}`
      : op.type === "setStatus"
        ? op.status === "untranslated"
          ? "true"
          : `t.value <> ''`
        : op.type === "replace" && !op.regex && op.caseSensitive !== false
          ? // Only values containing the text can change: the trigram index on values finds them.
            `t.value LIKE ${p(substringPattern(op.find))}`
          : `t.value <> ''`;
  const sql = `
    WITH sel AS (SELECT k.id, k.key, k.namespace ${from}),
         cur AS (SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint AS x)
    SELECT sel.id AS "keyId", sel.key, sel.namespace, l.language, t.id AS "translationId",
           coalesce(t.value, '') AS value, coalesce(t.status::text, 'untranslated') AS status, t."updatedAt",
           coalesce(t."qaIssues", '[]'::jsonb) AS "qaIssues", t.source::text AS source, t."aiConfidence",
           ${copyFrom ? "s.value" : "NULL"} AS "from", ${fresh} AS fresh${options.lock ? "" : ", pg_current_snapshot()::text AS snap"}
      FROM sel CROSS JOIN cur CROSS JOIN unnest(${languages}::text[]) AS l(language)
      ${copyFrom ? `JOIN "Translation" s ON s."keyId" = sel.id AND s.language = ${copyFrom}` : ""}
      ${join} "Translation" t ON t."keyId" = sel.id AND t.language = l.language
     WHERE ${wanted}
     ORDER BY sel.namespace, sel.key, sel.id, l.language
     LIMIT ${MAX_BULK_VALUES + 1}`;
  const cells = await tx.$queryRawUnsafe<(Cell & { snap?: string })[]>(sql, ...params);
  if (cells.length > MAX_BULK_VALUES) {
    throw badRequest(`selection: covers more than ${MAX_BULK_VALUES} values; narrow it (filter or languages)`, [
      { path: "selection", message: `more than ${MAX_BULK_VALUES} values` },
    ]);
  }
  // The snapshot of the statement that read the values (pg_current_snapshot() is the statement's own).
  const snapshot = cells[0]?.snap ?? (await tx.$queryRawUnsafe<{ s: string }[]>(`SELECT pg_current_snapshot()::text AS s`))[0]!.s;
  return { cells, snapshot };
}

/** Computes each cell's new state; values the quality gate refuses are listed, not planned. */
export async function planBulkEdit(tx: Tx, project: Project, input: BulkEditInput, cells: Cell[]): Promise<Plan> {
  const op = input.operation;
  const replacer = op.type === "replace" ? new TextReplacer(op) : null;
  const drafts: { cell: Cell; value: string; status: TranslationStatus; matches: number }[] = [];
  const conflicts: BulkCellRef[] = [];
  let conflictCount = 0;
  for (const cell of cells) {
    let value = cell.value;
    let status = cell.status;
    let matches = 0;
    switch (op.type) {
      case "replace": {
        const r = replacer!.apply(cell.value);
        if (r.count === 0 || r.value === cell.value) continue;
        value = r.value;
        matches = r.count;
        status = value === "" ? "untranslated" : "translated";
        break;
      }
      case "setStatus":
        if (cell.status === op.status || (op.status !== "untranslated" && cell.value === "")) continue;
        status = op.status;
        break;
      case "copy":
        if (cell.from === null || cell.from === cell.value) continue;
        value = cell.from;
        status = "translated";
        break;
      case "clear":
        value = "";
        status = "untranslated";
        break;
    }
    if (!cell.fresh) {
      conflictCount++;
      if (conflicts.length < MAX_LISTED) conflicts.push(refOf(cell));
      continue;
    }
    drafts.push({ cell, value, status, matches });
  }
  // The gate: new non-empty values, and values being marked reviewed or approved.
  const checked = drafts.filter(
    (d) =>
      (d.value !== d.cell.value && d.value !== "") || (op.type === "setStatus" && (d.status === "reviewed" || d.status === "approved")),
  );
  const gate =
    checked.length > 0
      ? await QaGate.load(
          tx,
          project,
          checked.map((d) => d.cell.keyId),
          [...new Set(checked.map((d) => d.cell.language))],
        )
      : null;
  const changes: PlannedChange[] = [];
  const refused: BulkRefusal[] = [];
  let refusedCount = 0;
  const perLanguage = new Map<string, BulkLanguageCount>(op.languages.map((l) => [l, { language: l, values: 0, matches: 0 }]));
  const keys = new Set<string>();
  for (const d of drafts) {
    const valueChanged = d.value !== d.cell.value;
    let issues: QaIssue[] = [];
    if (gate && ((valueChanged && d.value !== "") || (!valueChanged && (d.status === "reviewed" || d.status === "approved")))) {
      issues = gate.check(d.cell.keyId, d.cell.language, d.value);
      if (hasErrors(issues)) {
        refusedCount++;
        if (refused.length < MAX_LISTED) {
          for (const e of qaErrorIssues(issues)) refused.push({ ...refOf(d.cell), code: e.code!, message: e.message });
        }
        continue;
      }
    }
    changes.push({ cell: d.cell, value: d.value, status: d.status, valueChanged, matches: d.matches, qaIssues: storedQaIssues(issues) });
    const count = perLanguage.get(d.cell.language)!;
    count.values++;
    count.matches += d.matches;
    keys.add(d.cell.keyId);
  }
  return {
    changes,
    refused,
    refusedCount,
    conflicts,
    conflictCount,
    languages: [...perLanguage.values()],
    keys: keys.size,
    snapshot: null,
  };
}

const refOf = (c: BulkCellRef): BulkCellRef => ({ keyId: c.keyId, key: c.key, namespace: c.namespace, language: c.language });
