/**
 * Public data shapes shared by every format module.
 */

import type { PlaceholderStyle } from "./placeholders/style-syntax.js";
import type { SkipSink } from "./skipped.js";

/** One translatable string. Plurals are carried inside `value` as ICU MessageFormat. */
export type TranslationEntry = {
  key: string;
  value: string;
  namespace?: string;
  description?: string;
  context?: string;
  fuzzy?: boolean;
  sourceText?: string;
  maxLength?: number;
  metadata?: Record<string, unknown>;
};

/** A per-entry problem found while parsing; the rest of the file is still usable. */
export type FormatIssue = {
  line?: number;
  column?: number;
  key?: string;
  message: string;
};

export type ParseOptions = {
  /** Language of the file's values (the target language for bilingual formats). */
  language?: string;
  sourceLanguage?: string;
  /** Refuse input larger than this many bytes (default 50 MiB). */
  maxBytes?: number;
  /** Refuse JSON/YAML nested deeper than this (default 64). */
  maxDepth?: number;
  /** Put every parsed entry into this namespace (keys are kept as written). */
  namespace?: string;
  /** Split each key at its first dot into `namespace` and `key` (default false). */
  namespaceFromFirstSegment?: boolean;
  /** `icu`: rewrite the file's placeholders as ICU arguments (docs/placeholders.md). */
  placeholders?: "icu";
  /** The style the file's placeholders are written in; default: the format's own (`android` for android-xml…). */
  placeholderStyle?: PlaceholderStyle;
};

export type ParseResult = {
  entries: TranslationEntry[];
  errors: FormatIssue[];
  metadata: Record<string, unknown>;
};

export type SerializeOptions = {
  language: string;
  sourceLanguage?: string;
  /** yaml: wrap the document in a single top-level key equal to the language (Rails style). */
  includeLocaleRoot?: boolean;
  /**
   * Called for every entry the format cannot express and the export therefore leaves out.
   * `serializeWithReport` collects these for you.
   */
  onSkip?: SkipSink;
  /**
   * Write placeholders in this platform style (docs/placeholders.md). Positions follow each
   * entry's `sourceText` when it has one; a value the style cannot express is left out and
   * reported through `onSkip`.
   */
  placeholders?: PlaceholderStyle;
};
