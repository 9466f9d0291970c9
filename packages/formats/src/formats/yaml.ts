/**
 * yaml: nested maps like json-nested, via the `yaml` package. Strings that a
 * YAML 1.1 reader (Ruby/Rails) would take as booleans or null are quoted.
 *
 * A number or boolean in the file (Rails' `precision: 3`, `skip_last_comma: false`) is
 * imported as its text, with a warning, and marked `metadata.yamlScalar`; the writer puts
 * it back as the same kind of scalar while the text is still exactly that number or
 * boolean, so a library round trip keeps its type. A translated value ("drei") and a
 * string that merely looks like a number or boolean ("3", "yes") are written as strings.
 */
import { Document, LineCounter, parseDocument, stringify, visit, YAMLParseError } from "yaml";
import { FormatParseError } from "../errors.js";
import { fullKey } from "../namespace.js";
import type { ParseOptions, ParseResult, SerializeOptions, TranslationEntry } from "../types.js";
import { buildTree, dropDuplicates, flattenTree } from "./key-tree.js";
import { assertUniqueYamlKeys } from "./yaml-duplicates.js";

const MAX_ALIASES = 100;
const PLAIN_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;
// Tabs too: PyYAML refuses a tab where a plain scalar's next token could start.
const NEEDS_ESCAPES = /[\t\u0085\u2028\u2029]|(^|\n) +(\n|$)/;

export function parseYaml(text: string, options: ParseOptions, maxDepth: number): ParseResult {
  let data: unknown;
  try {
    // Merge keys (`<<: *defaults`) are common in Rails locales; aliases stay capped by maxAliasCount.
    // A merge key is the plain scalar `<<`, so a text without one reads the same without the (slower) merge handling.
    // Duplicate keys are found by our own linear pass: the package's `uniqueKeys` is quadratic in a map's size.
    const lineCounter = new LineCounter();
    const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: false, merge: text.includes("<<"), lineCounter });
    const first = doc.errors[0];
    if (first) throw first;
    assertUniqueYamlKeys(doc, lineCounter);
    data = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (err) {
    if (err instanceof FormatParseError) throw err;
    if (err instanceof YAMLParseError) {
      const pos = err.linePos?.[0];
      const reason = err.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
      throw new FormatParseError(`The file is not valid YAML: ${reason}`, pos ? { line: pos.line, column: pos.col } : {});
    }
    const message = err instanceof Error ? err.message : String(err);
    if (/alias/i.test(message)) {
      throw new FormatParseError("The YAML file uses too many aliases (possible alias bomb) and was rejected.");
    }
    if (err instanceof RangeError) throw new FormatParseError("The YAML file is nested too deeply to read.");
    throw new FormatParseError(`The file is not valid YAML: ${message}`);
  }
  if (data === null || data === undefined) return { entries: [], errors: [], metadata: {} };
  const metadata: Record<string, unknown> = {};
  if (options.language && data !== null && typeof data === "object" && !Array.isArray(data)) {
    const keys = Object.keys(data);
    const only = keys[0];
    const inner = only !== undefined ? (data as Record<string, unknown>)[only] : undefined;
    if (keys.length === 1 && only !== undefined && sameLanguage(only, options.language) && inner !== null && typeof inner === "object") {
      data = inner;
      metadata.localeRoot = only;
    }
  }
  const errors: ParseResult["errors"] = [];
  let entries: TranslationEntry[] = [];
  const mayRepeat = flattenTree(
    data,
    maxDepth,
    (key, value, original) =>
      entries.push(
        original === undefined
          ? { key, value }
          : { key, value, metadata: { yamlScalar: typeof original === "boolean" ? "boolean" : "number" } },
      ),
    errors,
    text.length,
  );
  if (mayRepeat) entries = dropDuplicates(entries, errors);
  return { entries, errors, metadata };
}

function sameLanguage(a: string, b: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/_/g, "-");
  return norm(a) === norm(b);
}

export function serializeYaml(entries: TranslationEntry[], options: SerializeOptions): string {
  if (entries.length === 0)
    return options.includeLocaleRoot ? `${stringify({ [options.language]: {} }, { version: "1.1", lineWidth: 0 })}` : "{}\n";
  let tree: object = buildTree(entries);
  restoreScalars(tree as Tree, entries);
  if (options.includeLocaleRoot) tree = { [options.language]: tree };
  // version 1.1 makes the stringifier quote yes/no/on/off/~ as well as true/null.
  if (!entries.some((e) => NEEDS_ESCAPES.test(e.value) || NEEDS_ESCAPES.test(fullKey(e)))) {
    return stringify(tree, { version: "1.1", lineWidth: 0, minContentWidth: 0, aliasDuplicateObjects: false });
  }
  // NEL/LS/PS are line breaks to YAML 1.1 readers (Psych, PyYAML), a line of only spaces in a
  // block scalar reads back empty, and tabs trip PyYAML: such scalars are written double-quoted.
  const doc = new Document(tree, { version: "1.1", aliasDuplicateObjects: false });
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === "string" && NEEDS_ESCAPES.test(node.value)) node.type = "QUOTE_DOUBLE";
    },
  });
  return doc
    .toString({ lineWidth: 0, minContentWidth: 0, doubleQuotedAsJSON: true })
    .replace(/[\u0085\u2028\u2029]/g, (c) => (c === "\u0085" ? "\\N" : c === "\u2028" ? "\\L" : "\\P"));
}

type Tree = { [key: string]: unknown };

/** The number or boolean an entry read from a non-string scalar still is, or undefined once its text changed. */
export function yamlScalarOf(entry: TranslationEntry): number | boolean | undefined {
  const kind = entry.metadata?.yamlScalar;
  const text = entry.value;
  if (kind === "boolean") return text === "true" ? true : text === "false" ? false : undefined;
  if (kind !== "number") return undefined;
  // Only the text the parser produced (String(n)), and only in the form YAML 1.1 and 1.2 readers
  // both take as a number: "03", "3.0", " 3" stay strings, and so does "1e+21" (a string to Psych).
  const n = Number(text);
  return PLAIN_NUMBER.test(text) && String(n) === text ? n : undefined;
}

/**
 * Puts numbers and booleans back into the tree buildTree made of strings, following the same
 * path it took (a segment that is already a leaf means the rest of the key is one dotted property).
 */
function restoreScalars(root: Tree, entries: TranslationEntry[]): void {
  for (const entry of entries) {
    if (entry.metadata?.yamlScalar === undefined) continue;
    const scalar = yamlScalarOf(entry);
    if (scalar === undefined) continue;
    const key = fullKey(entry);
    let node = root;
    let start = 0;
    let dot = key.indexOf(".");
    while (dot >= 0) {
      const next = Object.hasOwn(node, key.slice(start, dot)) ? node[key.slice(start, dot)] : undefined;
      if (next === null || typeof next !== "object") break;
      node = next as Tree;
      start = dot + 1;
      dot = key.indexOf(".", start);
    }
    const last = key.slice(start);
    if (Object.hasOwn(node, last) && node[last] === entry.value) node[last] = scalar;
  }
}
