/**
 * yaml: nested maps like json-nested, via the `yaml` package. Strings that a
 * YAML 1.1 reader (Ruby/Rails) would take as booleans or null are quoted.
 */
import { Document, parseDocument, stringify, visit, YAMLParseError } from "yaml";
import { FormatParseError } from "../errors.js";
import { fullKey } from "../namespace.js";
import type { ParseOptions, ParseResult, SerializeOptions, TranslationEntry } from "../types.js";
import { buildTree, dropDuplicates, flattenTree } from "./key-tree.js";

const MAX_ALIASES = 100;
// Tabs too: PyYAML refuses a tab where a plain scalar's next token could start.
const NEEDS_ESCAPES = /[\t\u0085\u2028\u2029]|(^|\n) +(\n|$)/;

export function parseYaml(text: string, options: ParseOptions, maxDepth: number): ParseResult {
  let data: unknown;
  try {
    // Merge keys (`<<: *defaults`) are common in Rails locales; aliases stay capped by maxAliasCount.
    const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true, merge: true });
    const first = doc.errors[0];
    if (first) throw first;
    data = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (err) {
    if (err instanceof YAMLParseError) {
      const pos = err.linePos?.[0];
      const reason =
        err.code === "DUPLICATE_KEY"
          ? "a key appears twice in the same map"
          : err.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
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
  const mayRepeat = flattenTree(data, maxDepth, (key, value) => entries.push({ key, value }), errors);
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
