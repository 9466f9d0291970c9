/**
 * JSON.parse keeps the last of two equal keys without a word; every other format reports
 * duplicates. This scan finds repeated keys within one object (the value JSON.parse kept is the
 * last one, so the warning says so). Linear, no allocation beyond the key sets.
 */
import type { FormatIssue } from "../types.js";

export function duplicateKeyWarnings(text: string, doc: unknown, keys: number = keyCount(doc)): FormatIssue[] {
  // Fast path: every key in the text is a quote followed by a colon; when there are exactly as
  // many of those as keys in the parsed document, no object lost a duplicate (extra matches only
  // come from escaped quotes inside strings, and send us to the full scan).
  // `keys` is the number of object keys in `doc`, when the caller already counted them while walking it.
  if (colonCount(text) === keys) return [];
  const warnings: FormatIssue[] = [];
  // One entry per open container: a key set for an object, null for an array.
  const stack: Array<Set<string> | null> = [];
  const n = text.length;
  let line = 1;
  let i = 0;
  while (i < n) {
    // Structure lies only between strings: walk that gap, then jump over the string with indexOf.
    let q = text.indexOf('"', i);
    if (q < 0) q = n;
    for (let k = i; k < q; k++) {
      const c = text.charCodeAt(k);
      if (c === 123 /* { */) stack.push(new Set());
      else if (c === 91 /* [ */) stack.push(null);
      else if (c === 125 /* } */ || c === 93 /* ] */) stack.pop();
      else if (c === 10) line++;
    }
    if (q >= n) break;
    let end = text.indexOf('"', q + 1);
    while (end > 0 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
    if (end < 0) break;
    i = end + 1;
    const top = stack[stack.length - 1];
    if (!top) continue;
    let j = i;
    while (j < n && isSpace(text.charCodeAt(j))) j++;
    if (text.charCodeAt(j) !== 58 /* : */) continue;
    const raw = text.slice(q + 1, end);
    const key = raw.indexOf("\\") < 0 ? raw : (JSON.parse(`"${raw}"`) as string);
    if (top.has(key)) warnings.push({ key, line, message: `Duplicate key "${key}"; the last occurrence was kept.` });
    else top.add(key);
  }
  return warnings;
}

function colonCount(text: string): number {
  let count = 0;
  for (let at = text.indexOf('":'); at >= 0; at = text.indexOf('":', at + 2)) count++;
  // Keys written `"key" :` (space before the colon) are rare; count them only when present.
  if (/"\s+:/.test(text)) for (const _ of text.matchAll(/"\s+:/g)) count++;
  return count;
}

function keyCount(doc: unknown): number {
  let count = 0;
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    if (Array.isArray(node)) {
      for (const v of node) if (v !== null && typeof v === "object") stack.push(v);
      continue;
    }
    for (const k in node) {
      count++;
      const v = (node as Record<string, unknown>)[k];
      if (v !== null && typeof v === "object") stack.push(v);
    }
  }
  return count;
}

/** Whether the quote at `at` is preceded by an odd number of backslashes. */
function isEscaped(text: string, at: number): boolean {
  let count = 0;
  for (let k = at - 1; k >= 0 && text.charCodeAt(k) === 92; k--) count++;
  return count % 2 === 1;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}
