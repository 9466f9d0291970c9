/**
 * Puts the library's entries into the shape the independent readers report, so the two can be
 * compared. The normalisations are the documented ones (README "Corpus tests"):
 * - inline markup (Android spans, XLIFF inline elements) is compared as text without tags,
 *   because aapt2 and the XLIFF readers report the text apart from the markup;
 * - Android <plurals> are compared as category → text; ICU `other` that the library adds to a
 *   <plurals> without one (a copy of the last form) is not counted;
 * - gettext plurals are compared as the set of distinct msgstr[n] texts (gettext numbers its
 *   forms by the Plural-Forms expression, the library names them by CLDR category);
 * - a fuzzy gettext entry is a key without a value (null);
 * - a YAML entry the library read from a number or boolean (metadata.yamlScalar) is compared
 *   as that scalar ({scalar: text}), so the reader must find a number/boolean there, not a string.
 */
import { type FormatId, parseIcuPlural, type TranslationEntry } from "../../src/index.js";
import type { ReaderValue } from "./independent-readers.js";

const TAG = /<\/?[A-Za-z_][\w:.-]*(?:\s[^<>]*)?\/?>/g;
const ENTITY = /&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** True when the value's tags pair up like inline markup (`<b>x</b>`, `<x/>`); `<Untitled>` is text. */
function isMarkup(value: string): boolean {
  const stack: string[] = [];
  let any = false;
  for (const m of value.matchAll(TAG)) {
    any = true;
    const tag = m[0];
    const name = /^<\/?([^\s/>]+)/.exec(tag)![1]!;
    if (tag.endsWith("/>")) continue;
    if (tag.startsWith("</")) {
      if (stack.pop() !== name) return false;
    } else stack.push(name);
  }
  return any && stack.length === 0;
}

/** Text of a value whose inline markup was kept verbatim: tags removed, entities decoded. */
export function withoutMarkup(value: string): string {
  if (!isMarkup(value)) return value;
  return value.replace(TAG, "").replace(ENTITY, (_, e: string) => {
    if (e.startsWith("#x")) return String.fromCodePoint(Number.parseInt(e.slice(2), 16));
    if (e.startsWith("#")) return String.fromCodePoint(Number.parseInt(e.slice(1), 10));
    return NAMED[e] ?? _;
  });
}

const distinctSorted = (texts: string[]) => [...new Set(texts)].sort();

export function libraryValue(format: FormatId, entry: TranslationEntry): ReaderValue {
  const { value } = entry;
  switch (format) {
    case "android-xml": {
      const plural = parseIcuPlural(value);
      if (plural) return { plural: Object.fromEntries(Object.entries(plural.forms).map(([c, t]) => [c, withoutMarkup(t)])) };
      return withoutMarkup(value);
    }
    case "xliff":
    case "xliff2":
      return withoutMarkup(value);
    case "po":
    case "pot":
    case "mo": {
      if (entry.fuzzy) return null;
      const plural = parseIcuPlural(value);
      if (plural) return { forms: distinctSorted(Object.values(plural.forms)) };
      return value;
    }
    case "yaml":
      return entry.metadata?.yamlScalar !== undefined ? { scalar: value } : value;
    default:
      return value;
  }
}

export function readerValue(value: ReaderValue): ReaderValue {
  if (value !== null && typeof value === "object" && "forms" in value) return { forms: distinctSorted(value.forms) };
  return value;
}

export type Difference = { key: string; library?: unknown; reader?: unknown };

function sameValue(format: FormatId, lib: ReaderValue, reader: ReaderValue): boolean {
  if (reader !== null && typeof reader === "object" && "untranslated" in reader) {
    return lib === "" || lib === reader.untranslated;
  }
  if (format === "android-xml" && reader !== null && typeof reader === "object" && "plural" in reader) {
    if (lib === null || typeof lib !== "object" || !("plural" in lib)) return false;
    const forms = { ...lib.plural };
    const readerForms = reader.plural;
    if (!("other" in readerForms) && "other" in forms) {
      const cats = Object.keys(readerForms);
      if (forms.other === readerForms[cats[cats.length - 1]!]) delete forms.other;
    }
    return JSON.stringify(sortKeys(forms)) === JSON.stringify(sortKeys(readerForms));
  }
  return JSON.stringify(lib) === JSON.stringify(reader);
}

const sortKeys = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

/** Keys missing on either side and values that differ; empty when the two readings agree. */
export function compareMaps(
  format: FormatId,
  library: Map<string, ReaderValue>,
  reader: Record<string, ReaderValue>,
  ignoreLibraryKeys: Set<string> = new Set(),
): Difference[] {
  const out: Difference[] = [];
  for (const [key, raw] of Object.entries(reader)) {
    const want = readerValue(raw);
    if (!library.has(key)) {
      out.push({ key, reader: want });
      continue;
    }
    const got = library.get(key)!;
    if (!sameValue(format, got, want)) out.push({ key, library: got, reader: want });
  }
  for (const [key, got] of library) {
    if (!(key in reader) && !ignoreLibraryKeys.has(key)) out.push({ key, library: got });
  }
  return out;
}

export function libraryMap(format: FormatId, entries: TranslationEntry[]): Map<string, ReaderValue> {
  const map = new Map<string, ReaderValue>();
  for (const e of entries) {
    const key = e.namespace ? `${e.namespace}.${e.key}` : e.key;
    map.set(key, libraryValue(format, e));
  }
  return map;
}
