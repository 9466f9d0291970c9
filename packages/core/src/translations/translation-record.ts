// The Translation shape every surface returns. A key "has" a translation in every project
// language: where no row is stored, reads synthesise an empty `untranslated` one.
import type { Project, TranslationSource, TranslationStatus } from "@locale/db";
import { notFound } from "../errors/app-error";
import { projectLanguages } from "../projects/project-record";
import type { QaIssue } from "../qa";
import { canonicalLanguage } from "../shared/languages";
import { comparePlaceholders, type PlaceholderWarning } from "../shared/placeholders";

export interface TranslationRecord {
  keyId: string;
  key: string;
  namespace: string;
  value: string;
  status: TranslationStatus;
  language: string;
  /** Null while nothing was ever stored for this key and language. */
  source: TranslationSource | null;
  /** Only for `source: "ai"`. */
  aiConfidence: number | null;
  updatedAt: string | null;
  /** Placeholder differences from the source-language value (empty when they agree). */
  warnings: PlaceholderWarning[];
  /** Quality-check warnings stored when the value last changed (docs/quality-checks.md). */
  qaIssues: StoredQaIssue[];
}

export interface StoredQaIssue extends QaIssue {
  /** Set aside for this value by someone (a new value clears it). */
  ignored?: boolean;
}

/** The stored JSON column, read defensively. */
export function readStoredQaIssues(raw: unknown): StoredQaIssue[] {
  return Array.isArray(raw) ? (raw as StoredQaIssue[]).filter((i) => i && typeof i.check === "string") : [];
}

export interface StoredTranslation {
  value: string;
  status: TranslationStatus;
  source: TranslationSource;
  aiConfidence: number | null;
  qaIssues?: unknown;
  updatedAt: Date | string | number;
}

export function toTranslationRecord(
  key: { id: string; key: string; namespace: string },
  language: string,
  row: StoredTranslation | null,
  sourceValue: string | null,
): TranslationRecord {
  const value = row?.value ?? "";
  const warning = sourceValue !== null ? comparePlaceholders(sourceValue, value) : null;
  return {
    keyId: key.id,
    key: key.key,
    namespace: key.namespace,
    value,
    status: row?.status ?? "untranslated",
    language,
    source: row?.source ?? null,
    aiConfidence: row && row.source === "ai" ? row.aiConfidence : null,
    updatedAt: row ? new Date(row.updatedAt).toISOString() : null,
    warnings: warning ? [warning] : [],
    qaIssues: readStoredQaIssues(row?.qaIssues),
  };
}

/**
 * The canonical form of a language of the project (source or current target). A removed target
 * language, or one the project never had, is "not found".
 */
export function resolveProjectLanguage(project: Pick<Project, "sourceLanguage" | "targetLanguages">, language: string): string {
  const canonical = canonicalLanguage(language);
  if (!projectLanguages(project).includes(canonical)) throw notFound("Language");
  return canonical;
}
