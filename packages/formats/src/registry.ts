/**
 * The list of supported formats and the `parse`/`serialize` entry points that
 * dispatch to one module per format.
 */
import { FormatParseError } from "./errors.js";
import { parseAndroidXml, serializeAndroidXml } from "./formats/android-xml.js";
import { parseArb, serializeArb } from "./formats/arb.js";
import { parseGettext, serializeGettext } from "./formats/gettext.js";
import { parseIosStrings, serializeIosStrings } from "./formats/ios-strings.js";
import { parseIosStringsdict, serializeIosStringsdict } from "./formats/ios-stringsdict.js";
import { parseJsonFlat, serializeJsonFlat } from "./formats/json-flat.js";
import { parseJsonNested, serializeJsonNested } from "./formats/json-nested.js";
import { parseXliff, serializeXliff } from "./formats/xliff.js";
import { parseXliff2, serializeXliff2 } from "./formats/xliff2.js";
import { parseYaml, serializeYaml } from "./formats/yaml.js";
import { checkSize, DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, toText } from "./input.js";
import { applyNamespaceOptions } from "./namespace.js";
import { applyPlaceholderStyle } from "./placeholders/apply.js";
import { normaliseToIcu, placeholderStyleOf } from "./placeholders/normalise.js";
import type { SkippedEntry } from "./skipped.js";
import type { ParseOptions, ParseResult, SerializeOptions, TranslationEntry } from "./types.js";
import { xmlText } from "./xml/xml-encoding.js";

export const FORMAT_IDS = [
  "json-flat",
  "json-nested",
  "yaml",
  "android-xml",
  "ios-strings",
  "ios-stringsdict",
  "xliff",
  "xliff2",
  "arb",
  "po",
  "pot",
  "mo",
] as const;

export type FormatId = (typeof FORMAT_IDS)[number];

/** Formats that write an ICU plural as their own plural items, so a style applies per item. */
const NATIVE_PLURALS: ReadonlySet<FormatId> = new Set(["android-xml", "ios-stringsdict", "po", "pot", "mo"]);

/** Whether a format writes an ICU plural as its own plural items (placeholder styles then apply per item). */
export function writesNativePlurals(format: FormatId): boolean {
  return NATIVE_PLURALS.has(format);
}

export type FormatCapabilities = { plurals: boolean; comments: boolean; context: boolean; binary: boolean };

export type FormatInfo = {
  id: FormatId;
  name: string;
  extensions: string[];
  mimeType: string;
  capabilities: FormatCapabilities;
};

const cap = (plurals: boolean, comments: boolean, context: boolean, binary = false): FormatCapabilities => ({
  plurals,
  comments,
  context,
  binary,
});

export const formats: readonly FormatInfo[] = [
  { id: "json-flat", name: "JSON (flat)", extensions: [".json"], mimeType: "application/json", capabilities: cap(false, false, false) },
  { id: "json-nested", name: "JSON (nested)", extensions: [".json"], mimeType: "application/json", capabilities: cap(false, false, false) },
  { id: "yaml", name: "YAML", extensions: [".yml", ".yaml"], mimeType: "application/yaml", capabilities: cap(false, false, false) },
  {
    id: "android-xml",
    name: "Android strings.xml",
    extensions: [".xml"],
    mimeType: "application/xml",
    capabilities: cap(true, true, false),
  },
  { id: "ios-strings", name: "iOS .strings", extensions: [".strings"], mimeType: "text/plain", capabilities: cap(false, true, false) },
  {
    id: "ios-stringsdict",
    name: "iOS .stringsdict",
    extensions: [".stringsdict"],
    mimeType: "application/x-plist",
    capabilities: cap(true, false, false),
  },
  {
    id: "xliff",
    name: "XLIFF 1.2",
    extensions: [".xlf", ".xliff"],
    mimeType: "application/x-xliff+xml",
    capabilities: cap(true, true, true),
  },
  {
    id: "xliff2",
    name: "XLIFF 2.0",
    extensions: [".xlf", ".xliff"],
    mimeType: "application/xliff+xml",
    capabilities: cap(true, true, true),
  },
  { id: "arb", name: "Flutter ARB", extensions: [".arb"], mimeType: "application/json", capabilities: cap(true, true, true) },
  { id: "po", name: "Gettext PO", extensions: [".po"], mimeType: "text/x-gettext-translation", capabilities: cap(true, true, true) },
  {
    id: "pot",
    name: "Gettext POT template",
    extensions: [".pot"],
    mimeType: "text/x-gettext-translation-template",
    capabilities: cap(true, true, true),
  },
  {
    id: "mo",
    name: "Gettext MO (compiled)",
    extensions: [".mo"],
    mimeType: "application/x-gettext-translation",
    capabilities: cap(true, false, true, true),
  },
];

export const formatsById: Readonly<Record<FormatId, FormatInfo>> = Object.fromEntries(formats.map((f) => [f.id, f])) as Record<
  FormatId,
  FormatInfo
>;

export function isFormatId(value: unknown): value is FormatId {
  return typeof value === "string" && (FORMAT_IDS as readonly string[]).includes(value);
}

/** Parse a file. Throws FormatParseError when the file cannot be read at all. */
export function parse(format: FormatId, content: string | Uint8Array, options: ParseOptions = {}): ParseResult {
  if (!isFormatId(format)) throw new FormatParseError(`Unknown file format "${String(format)}".`);
  checkSize(content, options.maxBytes ?? DEFAULT_MAX_BYTES);
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  let result: ParseResult;
  try {
    result = dispatchParse(format, content, options, maxDepth);
  } catch (err) {
    if (err instanceof FormatParseError) throw err;
    // A library bug or an unexpected shape must still reach the user as a readable error.
    const message = err instanceof Error ? err.message : String(err);
    throw new FormatParseError(`The ${formatsById[format].name} file could not be read: ${message}`);
  }
  applyNamespaceOptions(result.entries, options);
  if (options.placeholders === "icu") {
    normaliseToIcu(result.entries, options.placeholderStyle ?? placeholderStyleOf(format), result.errors);
  }
  return result;
}

function dispatchParse(format: FormatId, content: string | Uint8Array, options: ParseOptions, maxDepth: number): ParseResult {
  if (format === "mo" || format === "po" || format === "pot") return parseGettext(format, content, options);
  // XLIFF bytes may be in the legacy encoding their XML declaration names.
  const text = format === "xliff" || format === "xliff2" ? xmlText(content) : toText(content);
  switch (format) {
    case "json-flat":
      return parseJsonFlat(text, maxDepth);
    case "json-nested":
      return parseJsonNested(text, maxDepth);
    case "yaml":
      return parseYaml(text, options, maxDepth);
    case "android-xml":
      return parseAndroidXml(text);
    case "ios-strings":
      return parseIosStrings(text);
    case "ios-stringsdict":
      return parseIosStringsdict(text);
    case "xliff":
      return parseXliff(text);
    case "xliff2":
      return parseXliff2(text);
    case "arb":
      return parseArb(text, maxDepth);
  }
}

/** `serialize`, plus the entries the format could not express and therefore left out. */
export function serializeWithReport(
  format: FormatId,
  entries: TranslationEntry[],
  options: SerializeOptions,
): { output: string | Uint8Array; skipped: SkippedEntry[] } {
  const skipped: SkippedEntry[] = [];
  const output = serialize(format, entries, {
    ...options,
    onSkip: (entry) => {
      skipped.push(entry);
      options.onSkip?.(entry);
    },
  });
  return { output, skipped };
}

/** Write entries in a format. Returns a Uint8Array for `mo`, a string otherwise. */
export function serialize(format: "mo", entries: TranslationEntry[], options: SerializeOptions): Uint8Array;
export function serialize(format: Exclude<FormatId, "mo">, entries: TranslationEntry[], options: SerializeOptions): string;
export function serialize(format: FormatId, entries: TranslationEntry[], options: SerializeOptions): string | Uint8Array;
export function serialize(format: FormatId, entries: TranslationEntry[], options: SerializeOptions): string | Uint8Array {
  if (options.placeholders && options.placeholders !== "icu") {
    entries = applyPlaceholderStyle(entries, options.placeholders, NATIVE_PLURALS.has(format), options.onSkip);
  }
  switch (format) {
    case "json-flat":
      return serializeJsonFlat(entries);
    case "json-nested":
      return serializeJsonNested(entries);
    case "yaml":
      return serializeYaml(entries, options);
    case "android-xml":
      return serializeAndroidXml(entries, options);
    case "ios-strings":
      return serializeIosStrings(entries);
    case "ios-stringsdict":
      return serializeIosStringsdict(entries, options);
    case "xliff":
      return serializeXliff(entries, options);
    case "xliff2":
      return serializeXliff2(entries, options);
    case "arb":
      return serializeArb(entries, options);
    case "po":
    case "pot":
    case "mo":
      return serializeGettext(format, entries, options);
    default:
      throw new Error(`Unknown file format "${String(format)}".`);
  }
}
