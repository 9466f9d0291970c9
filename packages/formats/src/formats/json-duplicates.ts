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
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const start = i + 1;
      let escaped = false;
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) {
          escaped = true;
          i += 2;
          continue;
        }
        if (d === 34) break;
        i++;
      }
      const end = i;
      i++;
      const top = stack[stack.length - 1];
      if (!top) continue;
      let j = i;
      while (j < n && isSpace(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) !== 58 /* : */) continue;
      const key = escaped ? (JSON.parse(text.slice(start - 1, end + 1)) as string) : text.slice(start, end);
      if (top.has(key)) warnings.push({ key, line, message: `Duplicate key "${key}"; the last occurrence was kept.` });
      else top.add(key);
      continue;
    }
    if (c === 123 /* { */) stack.push(new Set());
    else if (c === 91 /* [ */) stack.push(null);
    else if (c === 125 /* } */ || c === 93 /* ] */) stack.pop();
    else if (c === 10) line++;
    i++;
  }
  return warnings;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}
