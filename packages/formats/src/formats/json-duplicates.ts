/**
 * JSON.parse keeps the last of two equal keys without a word; every other format reports
 * duplicates. This scan finds repeated keys within one object (the value JSON.parse kept is the
 * last one, so the warning says so). Linear, no allocation beyond the key sets.
 */
import type { FormatIssue } from "../types.js";

export function duplicateKeyWarnings(text: string): FormatIssue[] {
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

/** Whether the quote at `at` is preceded by an odd number of backslashes. */
function isEscaped(text: string, at: number): boolean {
  let count = 0;
  for (let k = at - 1; k >= 0 && text.charCodeAt(k) === 92; k--) count++;
  return count % 2 === 1;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}
