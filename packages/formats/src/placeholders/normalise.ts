/**
 * Import normalisation: the placeholders of a parsed file rewritten as ICU arguments. The style
 * is the format's platform style (or the one asked for); gettext flags choose per entry
 * (`python-format`, `python-brace-format` whose `{name}` already are ICU arguments). A value with a
 * placeholder ICU cannot hold is kept as written and reported.
 */
import type { FormatIssue, TranslationEntry } from "../types.js";
import { fromPlaceholderStyle, type Normalisation } from "./convert.js";
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

/** One entry's value with its placeholders as ICU arguments, or why it stays as written. */
export function normalisedValue(entry: Pick<TranslationEntry, "value" | "metadata">, style: PlaceholderStyle): Normalisation {
  if (entry.value === "") return { ok: true, message: "" };
  const flags = Array.isArray(entry.metadata?.flags) ? (entry.metadata.flags as string[]) : [];
  if (flags.includes("python-brace-format")) return { ok: true, message: entry.value };
  return fromPlaceholderStyle(entry.value, flags.includes("python-format") ? "python" : style);
}

/** The message an import lists for a value kept as written. */
export const keptAsWritten = (reason: string) => `Placeholders kept as written: ${reason}`;

export function normaliseToIcu(entries: TranslationEntry[], style: PlaceholderStyle, errors: FormatIssue[]): void {
  for (const e of entries) {
    const r = normalisedValue(e, style);
    if (r.ok) e.value = r.message;
    else errors.push({ key: e.key, message: keptAsWritten(r.reason) });
  }
}
