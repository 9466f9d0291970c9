/**
 * Flattening nested objects into dot-notation keys and building them back.
 * Shared by json-nested and yaml (and used for the leaf/prefix conflict rule).
 */
import { FormatParseError } from '../errors.js';
import type { FormatIssue, TranslationEntry } from '../types.js';

type Tree = { [key: string]: string | Tree };

/**
 * Flatten a parsed document. Strings become entries; numbers and booleans are
 * converted to text; null, arrays of non-strings and other values are reported.
 */
export function flattenTree(
  root: unknown,
  maxDepth: number,
  onLeaf: (key: string, value: string) => void,
  errors: FormatIssue[],
): void {
  const walk = (node: unknown, prefix: string, depth: number): void => {
    if (depth > maxDepth) {
      throw new FormatParseError(`The file is nested more than ${maxDepth} levels deep.`);
    }
    if (node !== null && typeof node === 'object') {
      const isArray = Array.isArray(node);
      for (const k of Object.keys(node)) {
        const child = (node as Record<string, unknown>)[k];
        const key = prefix === '' && depth === 0 ? k : `${prefix}.${k}`;
        if (typeof child === 'string') onLeaf(key, child);
        else if (typeof child === 'number' || typeof child === 'boolean' || typeof child === 'bigint') {
          onLeaf(key, String(child));
        } else if (child === null || child === undefined) {
          errors.push({ key, message: `"${key}" has no value and was skipped.` });
        } else if (typeof child === 'object') {
          if (Object.keys(child).length === 0) {
            errors.push({ key, message: `"${key}" is an empty ${Array.isArray(child) ? 'list' : 'object'} and was skipped.` });
          } else walk(child, key, depth + 1);
        } else {
          errors.push({ key, message: `"${key}" has an unsupported value and was skipped.` });
        }
        void isArray;
      }
    }
  };
  if (root === null || typeof root !== 'object' || Array.isArray(root)) {
    throw new FormatParseError('The file must contain an object of keys and values at its top level.');
  }
  walk(root, '', 0);
}

/**
 * Build a nested object from dotted keys. Rule for a key that is both a leaf and a
 * prefix (`a` and `a.b`): the leaf keeps the nested position and every longer key
 * under it is written as one flat dotted property at the level where the conflict
 * starts (`{"a": "x", "a.b": "y"}`), which flattens back to the same keys.
 */
export function buildTree(pairs: Array<[string, string]>): Tree {
  const leaves = new Set<string>();
  for (const [k] of pairs) leaves.add(k);
  const root: Tree = Object.create(null) as Tree;
  for (const [key, value] of pairs) {
    const segments = key.split('.');
    let node = root;
    let i = 0;
    let prefix = '';
    for (; i < segments.length - 1; i++) {
      prefix = i === 0 ? segments[0]! : `${prefix}.${segments[i]}`;
      if (leaves.has(prefix)) break;
      const seg = segments[i]!;
      let next = node[seg];
      if (next === undefined) {
        next = Object.create(null) as Tree;
        node[seg] = next;
      } else if (typeof next === 'string') {
        break; // cannot happen: a string at this path is a leaf in `leaves`
      }
      node = next;
    }
    node[segments.slice(i).join('.')] = value;
  }
  return root;
}

export function pushEntry(
  entries: TranslationEntry[],
  seen: Set<string>,
  errors: FormatIssue[],
  entry: TranslationEntry,
  line?: number,
): void {
  if (seen.has(entry.key)) {
    errors.push({ key: entry.key, ...(line !== undefined ? { line } : {}), message: `Duplicate key "${entry.key}"; the first occurrence was kept.` });
    return;
  }
  seen.add(entry.key);
  entries.push(entry);
}
