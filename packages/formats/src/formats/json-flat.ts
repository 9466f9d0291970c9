/**
 * json-flat: `{"key": "value"}`. Namespaces are joined to keys with a dot.
 */
import { FormatParseError } from '../errors.js';
import { fullKey } from '../namespace.js';
import type { ParseResult, TranslationEntry } from '../types.js';
import { pushEntry } from './key-tree.js';

export function parseJsonDocument(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw jsonError(text, err);
  }
}

function jsonError(text: string, err: unknown): FormatParseError {
  const raw = err instanceof Error ? err.message : String(err);
  if (err instanceof RangeError) return new FormatParseError('The JSON file is nested too deeply to read.');
  let line: number | undefined;
  let column: number | undefined;
  const lc = /line (\d+) column (\d+)/.exec(raw);
  const pos = /position (\d+)/.exec(raw);
  if (lc) {
    line = Number(lc[1]);
    column = Number(lc[2]);
  } else if (pos) {
    const offset = Number(pos[1]);
    line = 1;
    let lineStart = 0;
    for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) { line++; lineStart = i + 1; }
    column = offset - lineStart + 1;
  }
  const reason = text.trim() === '' ? 'The file is empty.' : `The file is not valid JSON: ${raw.replace(/ in JSON at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)$/, '')}.`;
  return new FormatParseError(reason, { ...(line !== undefined ? { line } : {}), ...(column !== undefined ? { column } : {}) });
}

export function parseJsonFlat(text: string, maxDepth: number): ParseResult {
  const doc = parseJsonDocument(text);
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new FormatParseError('The JSON file must contain an object of keys and values.');
  }
  const entries: TranslationEntry[] = [];
  const errors: ParseResult['errors'] = [];
  const seen = new Set<string>();
  void maxDepth;
  for (const key of Object.keys(doc)) {
    const v = (doc as Record<string, unknown>)[key];
    if (typeof v === 'string') pushEntry(entries, seen, errors, { key, value: v });
    else if (typeof v === 'number' || typeof v === 'boolean') pushEntry(entries, seen, errors, { key, value: String(v) });
    else if (v !== null && typeof v === 'object') {
      errors.push({ key, message: `"${key}" holds a nested object; flat JSON expects text values (use json-nested).` });
    } else errors.push({ key, message: `"${key}" has no text value and was skipped.` });
  }
  return { entries, errors, metadata: {} };
}

export function serializeJsonFlat(entries: TranslationEntry[]): string {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const e of entries) out[fullKey(e)] = e.value;
  return JSON.stringify(out, null, 2) + '\n';
}
