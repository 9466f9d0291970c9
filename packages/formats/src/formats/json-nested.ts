/**
 * json-nested: nested objects flattened to dot-notation keys. The namespace is
 * the first key segment on export. See key-tree.ts for the leaf/prefix rule.
 */
import { fullKey } from '../namespace.js';
import type { ParseResult, TranslationEntry } from '../types.js';
import { parseJsonDocument } from './json-flat.js';
import { buildTree, flattenTree, pushEntry } from './key-tree.js';

export function parseJsonNested(text: string, maxDepth: number): ParseResult {
  const doc = parseJsonDocument(text, maxDepth);
  const entries: TranslationEntry[] = [];
  const errors: ParseResult['errors'] = [];
  const seen = new Set<string>();
  flattenTree(doc, maxDepth, (key, value) => pushEntry(entries, seen, errors, { key, value }), errors);
  return { entries, errors, metadata: {} };
}

export function serializeJsonNested(entries: TranslationEntry[]): string {
  const tree = buildTree(entries.map((e) => [fullKey(e), e.value]));
  return JSON.stringify(tree, null, 2) + '\n';
}
