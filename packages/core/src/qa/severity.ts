// How much each check matters: per project, overridable per language. `error` refuses the write
// (422) on every write path, `warning` saves the value and stores the issue, `off` skips the check.
// The defaults (docs/quality-checks.md) block only what breaks an app at run time or a limit the
// team set itself, and were calibrated so that no default error fires on the real-world corpus.
import type { QaCheckId } from "./registry";
import { isQaCheckId } from "./registry";
import type { Severity } from "./types";

export type QaSeverities = Record<QaCheckId, Severity>;

export interface QaSettings {
  /** Project-wide severities; a check not named here has its default. */
  checks: QaSeverities;
  /** Per-language overrides (canonical language code → severities). */
  languages: Record<string, QaSeverities>;
  /** The file format whose escaping rules format_escaping applies (null: none). */
  format: string | null;
}

export const DEFAULT_SEVERITIES: Record<QaCheckId, Severity> = {
  icu_syntax: "error",
  placeholder_missing: "warning",
  placeholder_extra: "warning",
  placeholder_renamed: "warning",
  plural_forms: "warning",
  numbers: "warning",
  html_tags: "warning",
  urls: "warning",
  emails: "warning",
  max_length: "error",
  glossary_do_not_translate: "warning",
  glossary_term: "warning",
  format_escaping: "warning",
  invisible_characters: "warning",
  leading_whitespace: "warning",
  trailing_whitespace: "warning",
  newline_count: "warning",
  end_punctuation: "warning",
  double_space: "warning",
  repeated_word: "warning",
  brackets_balanced: "warning",
  quotes_balanced: "warning",
  identical_to_source: "warning",
};

export const EMPTY_QA_SETTINGS: QaSettings = { checks: {}, languages: {}, format: null };

const SEVERITIES = new Set<string>(["off", "warning", "error"]);

/** Stored settings (a JSON column) read defensively: unknown checks and values are dropped. */
export function readQaSettings(raw: unknown): QaSettings {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return EMPTY_QA_SETTINGS;
  const r = raw as Record<string, unknown>;
  const languages: Record<string, QaSeverities> = {};
  if (r.languages && typeof r.languages === "object" && !Array.isArray(r.languages)) {
    for (const [lang, sev] of Object.entries(r.languages)) languages[lang] = readSeverities(sev);
  }
  return { checks: readSeverities(r.checks), languages, format: typeof r.format === "string" ? r.format : null };
}

function readSeverities(raw: unknown): QaSeverities {
  const out: QaSeverities = {};
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return out;
  for (const [id, sev] of Object.entries(raw))
    if (isQaCheckId(id) && typeof sev === "string" && SEVERITIES.has(sev)) out[id] = sev as Severity;
  return out;
}

/** The effective severity of every check for one language. */
export function severitiesFor(settings: QaSettings, language: string): Record<QaCheckId, Severity> {
  return { ...DEFAULT_SEVERITIES, ...settings.checks, ...(settings.languages[language] ?? {}) } as Record<QaCheckId, Severity>;
}
