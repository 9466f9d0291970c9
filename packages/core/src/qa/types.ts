// Shapes of the quality checks. Pure data: this module runs in the api and in the browser alike.

import type { CheckContext } from "./check-context";

export type Severity = "off" | "warning" | "error";

/** A glossary term as the checks need it (already narrowed to the write's target language). */
export interface QaGlossaryTerm {
  term: string;
  /** Kept verbatim in every translation. */
  doNotTranslate: boolean;
  caseSensitive: boolean;
  /** Approved translations of the term in the target language (empty: nothing to require). */
  approved: string[];
}

/** Everything one check may look at. Only `value` and `language` are required. */
export interface QaInput {
  /** The source-language value of the key ("" when there is none). */
  source: string;
  /** The value being checked. */
  value: string;
  sourceLanguage: string;
  /** The value's language. */
  language: string;
  /** The key's limit, in graphemes (user-perceived characters). */
  maxLength?: number | null;
  glossary?: QaGlossaryTerm[];
  /** A file format whose escaping rules apply (`android-xml`, `ios-strings`, ...), when known. */
  format?: string | null;
}

/** One problem a check found; `start`/`end` are UTF-16 offsets into the value (a span to highlight). */
export interface QaFinding {
  message: string;
  start?: number;
  end?: number;
}

export interface QaIssue extends QaFinding {
  check: string;
  severity: "warning" | "error";
}

export interface QaCheck {
  id: string;
  /** One line, shown in the settings and in docs/quality-checks.md. */
  description: string;
  /** Compares with the source value: skipped where there is none (and on source-language values). */
  needsSource: boolean;
  run(ctx: CheckContext): QaFinding[];
}
