/**
 * Flattening nested objects into dot-notation keys and building them back.
 * Shared by json-nested and yaml (and used for the leaf/prefix conflict rule).
 */
import { FormatParseError } from "../errors.js";
import type { FormatIssue, TranslationEntry } from "../types.js";

type Tree = { [key: string]: string | Tree };

/**
 * How much longer than the file its flattened keys and values may be, in characters. A key
 * repeats the names of every map above it, and a YAML alias repeats a whole map, so a small file
 * can name far more text than it holds (a 10 KB name over 10,000 children, or 99 aliases of a
 * big map). Real files come to a few times their size; past this the file is refused.
 */
export const MAX_FLATTENED_RATIO = 16;
const FLATTENED_SLACK = 1 << 20;
// An entry costs about as much as this many characters besides its text (a leaf takes at least 4 in any file).
const ENTRY_COST = 32;

/**
 * Flatten a parsed document. Strings become entries; numbers and booleans are
 * converted to text; null, arrays of non-strings and other values are reported.
 * `sourceLength` (the file's length) bounds what the entries may add up to.
 */
export function flattenTree(
  root: unknown,
  maxDepth: number,
  onLeaf: (key: string, value: string, original?: number | boolean | bigint) => void,
  errors: FormatIssue[],
  sourceLength: number,
): boolean {
  // Paths are unique unless some property name itself contains a dot ({"a.b": …, "a": {"b": …}}).
  let dottedName = false;
  let budget = MAX_FLATTENED_RATIO * sourceLength + FLATTENED_SLACK;
  const leaf = (key: string, value: string, original?: number | boolean | bigint): void => {
    // Lengths only: the keys are still ropes over the shared prefix, so this costs nothing per key.
    budget -= key.length + value.length + ENTRY_COST;
    if (budget < 0) {
      throw new FormatParseError(
        `The file's keys and values add up to more than ${MAX_FLATTENED_RATIO} times its own size (through aliases or long names shared by many keys); it was refused.`,
      );
    }
    if (original === undefined) onLeaf(key, value);
    else onLeaf(key, value, original);
  };
  const walk = (node: Record<string, unknown>, prefix: string, depth: number): void => {
    if (depth > maxDepth) {
      throw new FormatParseError(`The file is nested more than ${maxDepth} levels deep.`);
    }
    for (const k of Object.keys(node)) {
      const child = node[k];
      const key = prefix + k;
      if (!dottedName && k.includes(".")) dottedName = true;
      if (typeof child === "string") leaf(key, child);
      else if (typeof child === "number" || typeof child === "boolean" || typeof child === "bigint") {
        leaf(key, String(child), child);
        errors.push(nonStringWarning(key, child));
      } else if (child === null || child === undefined) {
        errors.push({ key, message: `"${key}" has no value and was skipped.` });
      } else if (typeof child === "object") {
        if (isEmpty(child)) {
          errors.push({ key, message: `"${key}" is an empty ${Array.isArray(child) ? "list" : "object"} and was skipped.` });
        } else walk(child as Record<string, unknown>, `${key}.`, depth + 1);
      } else {
        errors.push({ key, message: `"${key}" has an unsupported value and was skipped.` });
      }
    }
  };
  if (root === null || typeof root !== "object" || Array.isArray(root)) {
    throw new FormatParseError("The file must contain an object of keys and values at its top level.");
  }
  walk(root as Record<string, unknown>, "", 0);
  return dottedName;
}

/** A number or boolean is imported as its text; the file's author should know it was not a string. */
export function nonStringWarning(key: string, value: number | boolean | bigint): FormatIssue {
  const kind = typeof value === "boolean" ? "a boolean" : "a number";
  return { key, message: `"${key}" is ${kind} (${String(value)}), not a string; it was imported as the text "${String(value)}".` };
}

/** Keep the first entry of each key, reporting the others. */
export function dropDuplicates(entries: TranslationEntry[], errors: FormatIssue[]): TranslationEntry[] {
  const seen = new Set<string>();
  const out: TranslationEntry[] = [];
  for (const e of entries) pushEntry(out, seen, errors, e);
  return out;
}

function isEmpty(obj: object): boolean {
  for (const _ in obj) return false;
  return true;
}

/**
 * Build a nested object from dotted keys. Rule for a key that is both a leaf and a
 * prefix (`a` and `a.b`): the leaf keeps the nested position and every longer key
 * under it is written as one flat dotted property at the level where the conflict
 * starts (`{"a": "x", "a.b": "y"}`), which flattens back to the same keys. Resolved
 * as conflicts are met, so the common case costs no extra lookups.
 */
export function buildTree(entries: TranslationEntry[]): Tree {
  const root: Tree = {};
  for (const entry of entries) {
    const key = entry.namespace ? `${entry.namespace}.${entry.key}` : entry.key;
    const value = entry.value;
    let dot = key.indexOf(".");
    let node = root;
    let start = 0;
    while (dot >= 0) {
      const seg = key.slice(start, dot);
      const next = own(node, seg);
      if (typeof next === "string") break; // a leaf sits here: keep the rest as one dotted property
      if (next === undefined) {
        const created: Tree = {};
        set(node, seg, created);
        node = created;
      } else node = next;
      start = dot + 1;
      dot = key.indexOf(".", start);
    }
    const last = key.slice(start);
    const existing = own(node, last);
    if (existing !== undefined && typeof existing !== "string") {
      // Longer keys arrived first: move them up as dotted properties beside the new leaf.
      delete node[last];
      moveFlat(existing, `${last}.`, node);
    }
    set(node, last, value);
  }
  return root;
}

// Plain objects (not null-prototype ones) keep V8's fast JSON.stringify path; these two
// helpers make keys such as "__proto__" or "toString" ordinary data.
function own(node: Tree, key: string): string | Tree | undefined {
  return Object.hasOwn(node, key) ? node[key] : undefined;
}

function set(node: Tree, key: string, value: string | Tree): void {
  if (key === "__proto__") Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
  else node[key] = value;
}

function moveFlat(tree: Tree, prefix: string, target: Tree): void {
  for (const k of Object.keys(tree)) {
    const v = tree[k]!;
    if (typeof v === "string") set(target, prefix + k, v);
    else moveFlat(v, `${prefix}${k}.`, target);
  }
}

export function pushEntry(
  entries: TranslationEntry[],
  seen: Set<string>,
  errors: FormatIssue[],
  entry: TranslationEntry,
  line?: number,
): void {
  // One set operation: the set grows exactly when the key is new.
  const size = seen.size;
  if (seen.add(entry.key).size === size) {
    errors.push({
      key: entry.key,
      ...(line !== undefined ? { line } : {}),
      message: `Duplicate key "${entry.key}"; the first occurrence was kept.`,
    });
    return;
  }
  entries.push(entry);
}
