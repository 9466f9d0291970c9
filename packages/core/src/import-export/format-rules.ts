// Per-format rules of the import/export endpoints (docs/api-rules.md, "Import and export"): which
// formats take a namespace, which exports hold untranslated keys, and the download file name.
import { FORMAT_IDS, type FormatId, formatsById } from "@locale/formats";

export { FORMAT_IDS, type FormatId };

/** JSON-based formats: the only ones whose import accepts a `namespace`. */
export const JSON_FORMATS: readonly FormatId[] = ["json-flat", "json-nested", "arb"];

/** Translator-facing formats list every key, untranslated ones with an empty target. */
export const TRANSLATOR_FORMATS: readonly FormatId[] = ["xliff", "xliff2", "po", "pot"];

/** Formats whose files carry the source text next to the translation. */
export const BILINGUAL_FORMATS: readonly FormatId[] = ["xliff", "xliff2", "po", "pot", "mo"];

/** `de.xlf`, `en.po`, `ja.stringsdict`: the first registered extension of the format. */
export function exportFileName(language: string, format: FormatId): string {
  const ext = (formatsById[format].extensions[0] ?? ".txt").replace(/^\./, "");
  return `${language}.${ext}`;
}
