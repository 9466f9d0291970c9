import type { TranslationStatus } from "@locale/db";
import type { ReplaceOptions } from "./text-replacer";

/** Which keys a bulk edit covers: explicit ids, or the editor list's filters (`{}`: every key). */
export interface BulkSelection {
  keyIds?: string[];
  filter?: {
    search?: string;
    namespace?: string;
    tag?: string;
    untranslatedIn?: string;
    status?: TranslationStatus;
    statusIn?: string;
    /** `any`, `warning`, `error` or a check id: keys with such a counted quality-check issue. */
    qa?: string;
    /** The one project language `qa` looks at (the editor rows' `qaIn`). */
    qaIn?: string;
    /** Where `qa` looks without `qaIn` (the editor rows' `languages`); default: every project language. */
    qaLanguages?: string[];
    /** Keys with (true) or without (false) comments. */
    hasComments?: boolean;
  };
}

export type BulkOperation =
  | ({ type: "replace"; languages: string[] } & ReplaceOptions)
  | { type: "setStatus"; languages: string[]; status: TranslationStatus }
  /** Copies `from` (default: the source language) into `languages`; only into empty values unless `overwrite`. */
  | { type: "copy"; languages: string[]; from?: string; overwrite?: boolean }
  | { type: "clear"; languages: string[] };

export interface BulkEditInput {
  selection: BulkSelection;
  operation: BulkOperation;
}

export interface BulkCellRef {
  keyId: string;
  key: string;
  namespace: string;
  language: string;
}

export interface BulkRefusal extends BulkCellRef {
  /** `qa.<check>` of the quality gate. */
  code: string;
  message: string;
}

export interface BulkLanguageCount {
  language: string;
  /** Values this edit changes (changed, for an apply). */
  values: number;
  /** Matches replaced (find and replace only; 0 otherwise). */
  matches: number;
}

export interface BulkSample extends BulkCellRef {
  before: string;
  after: string;
  statusBefore: TranslationStatus;
  statusAfter: TranslationStatus;
}

export interface BulkEditPreview {
  /** Pass to apply: values changed after this preview are then left as they are. */
  token: string;
  values: number;
  keys: number;
  languages: BulkLanguageCount[];
  samples: BulkSample[];
  refused: BulkRefusal[];
  refusedCount: number;
}

export interface BulkEditResult {
  values: number;
  keys: number;
  languages: BulkLanguageCount[];
  refused: BulkRefusal[];
  refusedCount: number;
  /** Values changed since the preview whose token was given; not written. */
  conflicts: BulkCellRef[];
  conflictCount: number;
}
