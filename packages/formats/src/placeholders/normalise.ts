/**
 * Import normalisation: the placeholders of a parsed file rewritten as ICU arguments. The style
 * is the format's platform style (or the one asked for); gettext flags choose per entry
 * (`python-format`, `python-brace-format` whose `{name}` already are ICU arguments). A value with a
 * placeholder ICU cannot hold is kept as written and reported.
 */
import type { FormatIssue, TranslationEntry } from "../types.js";
import { fromPlaceholderStyle } from "./convert.js";
import type { PlaceholderStyle } from "./style-syntax.js";

const FORMAT_STYLES: Record<string, PlaceholderStyle> = {
  "json-flat": "i18next",
  "json-nested": "i18next",
  yaml: "ruby",
  "android-xml": "android",
  "ios-strings": "ios",
  "ios-stringsdict": "ios",
  po: "printf",
  pot: "printf",
  mo: "printf",
};

/** The placeholder style a format's files usually hold (`icu` for XLIFF and ARB). */
export function placeholderStyleOf(format: string): PlaceholderStyle {
  return FORMAT_STYLES[format] ?? "icu";
}

export function normaliseToIcu(entries: TranslationEntry[], style: PlaceholderStyle, errors: FormatIssue[]): void {
  for (const e of entries) {
    if (e.value === "") continue;
    const flags = Array.isArray(e.metadata?.flags) ? (e.metadata.flags as string[]) : [];
    if (flags.includes("python-brace-format")) continue;
    const entryStyle = flags.includes("python-format") ? "python" : style;
    const r = fromPlaceholderStyle(e.value, entryStyle);
    if (r.ok) e.value = r.message;
    else errors.push({ key: e.key, message: `Placeholders kept as written: ${r.reason}` });
  }
}
