// The file formats as the import/export screen names them, and where the server accepts a namespace.
import type { RouterInputs } from "../api/trpc";

export type FormatId = RouterInputs["importExport"]["importFile"]["format"];

/** Both XLIFF versions are formats of their own: the list is where the version is chosen. */
export const FORMAT_NAMES: Record<FormatId, string> = {
  "json-flat": "JSON (flat)",
  "json-nested": "JSON (nested)",
  yaml: "YAML",
  "android-xml": "Android strings.xml",
  "ios-strings": "iOS .strings",
  "ios-stringsdict": "iOS .stringsdict",
  xliff: "XLIFF 1.2 (.xlf)",
  xliff2: "XLIFF 2.0 (.xlf)",
  arb: "Flutter ARB",
  po: "Gettext PO",
  pot: "Gettext POT (template)",
  mo: "Gettext MO (binary)",
};

/**
 * Formats whose import takes a namespace: the server's JSON_FORMATS rule (core's format-rules; the
 * browser test holds the two equal). The formats library stays out of the bundle, hence the copy.
 * Exports take a namespace in every format.
 */
export const IMPORT_NAMESPACE_FORMATS: readonly FormatId[] = ["json-flat", "json-nested", "arb"];

export function takesImportNamespace(format: FormatId): boolean {
  return IMPORT_NAMESPACE_FORMATS.includes(format);
}

/**
 * Formats meant for a translator: their export holds every key, untranslated ones empty, unless
 * asked otherwise (the server's TRANSLATOR_FORMATS, docs/api-rules.md "Import and export"; the
 * browser test holds the two equal).
 */
export const TRANSLATOR_FORMATS: readonly FormatId[] = ["xliff", "xliff2", "po", "pot"];
