/**
 * json-nested: nested objects flattened to dot-notation keys. The namespace is
 * the first key segment on export. See key-tree.ts for the leaf/prefix rule.
 */
import type { ParseResult, TranslationEntry } from "../types.js";
import { duplicateKeyWarnings } from "./json-duplicates.js";
import { checkDepth, parseJsonDocument } from "./json-flat.js";
import { buildTree, dropDuplicates, flattenTree } from "./key-tree.js";

export function parseJsonNested(text: string, maxDepth: number): ParseResult {
  const doc = parseJsonDocument(text, Infinity);
  // The depth check's walk also counts the keys, so the duplicate-key check needs no walk of its own.
  const errors: ParseResult["errors"] = duplicateKeyWarnings(text, doc, checkDepth(doc, maxDepth));
  let entries: TranslationEntry[] = [];
  const mayRepeat = flattenTree(doc, maxDepth, (key, value) => entries.push({ key, value }), errors, text.length);
  if (mayRepeat) entries = dropDuplicates(entries, errors);
  return { entries, errors, metadata: {} };
}

export function serializeJsonNested(entries: TranslationEntry[]): string {
  const tree = buildTree(entries);
  return `${JSON.stringify(tree, null, 2)}\n`;
}
