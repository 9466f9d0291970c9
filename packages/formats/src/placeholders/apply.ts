/**
 * A placeholder style applied to the entries of one export: each value (and source text) is
 * converted; an entry the style cannot express is left out and reported, never written altered.
 */
import type { SkipSink } from "../skipped.js";
import type { TranslationEntry } from "../types.js";
import { toPlaceholderStyle } from "./convert.js";
import type { PlaceholderStyle } from "./style-syntax.js";

export function applyPlaceholderStyle(
  entries: TranslationEntry[],
  style: PlaceholderStyle,
  nativePlurals: boolean,
  onSkip: SkipSink | undefined,
): TranslationEntry[] {
  const out: TranslationEntry[] = [];
  for (const e of entries) {
    const reference = e.sourceText;
    const value = e.value === "" ? { ok: true as const, text: "" } : toPlaceholderStyle(e.value, style, { reference, nativePlurals });
    const source =
      reference === undefined || reference === "" ? undefined : toPlaceholderStyle(reference, style, { reference, nativePlurals });
    const failed = !value.ok ? value : source && !source.ok ? source : undefined;
    if (failed && !failed.ok) {
      onSkip?.({ key: e.key, ...(e.namespace ? { namespace: e.namespace } : {}), reason: `placeholders: ${failed.reason}` });
      continue;
    }
    const converted: TranslationEntry = { ...e, value: value.ok ? value.text : e.value };
    if (source?.ok) converted.sourceText = source.text;
    out.push(converted);
  }
  return out;
}
