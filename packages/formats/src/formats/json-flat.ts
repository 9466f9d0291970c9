/**
 * json-flat: `{"key": "value"}`. Namespaces are joined to keys with a dot.
 */
import { FormatParseError } from "../errors.js";
import { fullKey } from "../namespace.js";
import type { ParseResult, TranslationEntry } from "../types.js";
import { duplicateKeyWarnings } from "./json-duplicates.js";
import { nonStringWarning } from "./key-tree.js";

export function parseJsonDocument(text: string, maxDepth: number): unknown {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw jsonError(text, err);
  }
  if (maxDepth !== Infinity) checkDepth(doc, maxDepth);
  return doc;
}

/**
 * Iterative depth check, so a 10,000-deep document is refused without recursing. Returns the
 * number of object keys (not array items) it walked past, which the duplicate-key check needs.
 */
export function checkDepth(doc: unknown, maxDepth: number): number {
  const stack: Array<[unknown, number]> = [[doc, 0]];
  let keys = 0;
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth >= maxDepth) throw new FormatParseError(`The file is nested more than ${maxDepth} levels deep.`);
    const isArray = Array.isArray(node);
    for (const k in node) {
      if (!isArray) keys++;
      const child = (node as Record<string, unknown>)[k];
      if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
    }
  }
  return keys;
}

function jsonError(text: string, err: unknown): FormatParseError {
  if (err instanceof RangeError) return new FormatParseError("The JSON file is nested too deeply to read.");
  if (text.trim() === "") return new FormatParseError("The file is empty.");
  const offset = findJsonErrorOffset(text);
  if (offset === undefined) return new FormatParseError("The file is not valid JSON.");
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++)
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  const found = offset >= text.length ? "the file ends too early" : `unexpected ${JSON.stringify(text[offset])}`;
  return new FormatParseError(`The file is not valid JSON: ${found}`, { line, column: offset - lineStart + 1 });
}

export function parseJsonFlat(text: string, maxDepth: number): ParseResult {
  // Depth is checked per nested value below; JSON.parse already keeps one value per key.
  const doc = parseJsonDocument(text, Infinity);
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    throw new FormatParseError("The JSON file must contain an object of keys and values.");
  }
  const entries: TranslationEntry[] = [];
  const errors: ParseResult["errors"] = [];
  const keys = Object.keys(doc);
  // Keys counted here rather than by a second walk of the document (the duplicate-key check needs the total).
  let keyTotal = keys.length;
  for (const key of keys) {
    const v = (doc as Record<string, unknown>)[key];
    if (typeof v === "string") entries.push({ key, value: v });
    else if (typeof v === "number" || typeof v === "boolean") {
      entries.push({ key, value: String(v) });
      errors.push(nonStringWarning(key, v));
    } else if (v !== null && typeof v === "object") {
      keyTotal += checkDepth(v, maxDepth - 1);
      errors.push({ key, message: `"${key}" holds a nested object; flat JSON expects text values (use json-nested).` });
    } else errors.push({ key, message: `"${key}" has no text value and was skipped.` });
  }
  const duplicates = duplicateKeyWarnings(text, doc, keyTotal);
  return { entries, errors: duplicates.length > 0 ? [...duplicates, ...errors] : errors, metadata: {} };
}

export function serializeJsonFlat(entries: TranslationEntry[]): string {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const e of entries) out[fullKey(e)] = e.value;
  return `${JSON.stringify(out, null, 2)}\n`;
}

/**
 * Offset of the first syntax error in a JSON text. Only used after JSON.parse has
 * failed without saying where (V8 omits the position for some errors).
 */
function findJsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const str = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\\") i++;
      else if (text.charCodeAt(i) < 0x20) fail();
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const value = (depth: number): void => {
    if (depth > 10000) fail();
    ws();
    const c = text[i];
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i++;
      ws();
      if (text[i] === close) {
        i++;
        return;
      }
      while (true) {
        ws();
        if (c === "{") {
          if (text[i] !== '"') fail();
          str();
          ws();
          if (text[i] !== ":") fail();
          i++;
        }
        value(depth + 1);
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === close) {
          i++;
          return;
        }
        fail();
      }
    }
    if (c === '"') return str();
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) fail();
    i += m![0].length;
  };
  try {
    value(0);
    ws();
    if (i < text.length) fail();
  } catch (at) {
    return typeof at === "number" ? at : undefined;
  }
  return undefined;
}
