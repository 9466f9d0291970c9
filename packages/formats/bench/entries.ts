import type { TranslationEntry } from "../src/index.js";

/** The benchmark's entries: dotted keys, ICU plurals every 10th, quotes, `{name}`, `%s`, non-ASCII, some newlines and descriptions. */
export function makeEntries(n: number): TranslationEntry[] {
  const out: TranslationEntry[] = [];
  for (let i = 0; i < n; i++) {
    const e: TranslationEntry = {
      key: `section${i % 200}.item_${i}`,
      value:
        i % 10 === 0
          ? `{count, plural, one {# Datei Nr. ${i}} other {# Dateien Nr. ${i}}}`
          : `Wert ${i} mit "Anführungszeichen", {name} und %s — ${i % 7 === 0 ? "Zeile\nzwei" : "einfach"}`,
      sourceText: `Value ${i} with "quotes", {name} and %s`,
    };
    if (i % 5 === 0) e.description = `Description for item ${i}`;
    out.push(e);
  }
  return out;
}
