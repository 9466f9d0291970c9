/**
 * ios-strings: `"key" = "value";` with C-style comments (the comment before an
 * entry is its description). Accepts unquoted keys/values and UTF-16 input.
 */
import { FormatParseError } from "../errors.js";
import { fullKey } from "../namespace.js";
import type { FormatIssue, ParseResult, TranslationEntry } from "../types.js";
import { pushEntry } from "./key-tree.js";

const UNQUOTED = /[A-Za-z0-9_.$:/-]/;

export function parseIosStrings(text: string): ParseResult {
  const entries: TranslationEntry[] = [];
  const errors: FormatIssue[] = [];
  const seen = new Set<string>();
  let i = 0;
  let line = 1;
  let comment: string | undefined;
  const n = text.length;
  const fail = (message: string): never => {
    throw new FormatParseError(`The .strings file is not valid: ${message}`, { line });
  };
  const skipSpaceAndComments = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        line++;
        i++;
      } else if (c === 32 || c === 9 || c === 13 || c === 0xfeff) i++;
      else if (c === 47 /* / */ && text[i + 1] === "*") {
        const end = text.indexOf("*/", i + 2);
        if (end < 0) fail("a /* comment is never closed.");
        const body = text.slice(i + 2, end);
        for (let k = 0; k < body.length; k++) if (body.charCodeAt(k) === 10) line++;
        comment = body.trim();
        i = end + 2;
      } else if (c === 47 && text[i + 1] === "/") {
        const end = text.indexOf("\n", i);
        comment = text.slice(i + 2, end < 0 ? n : end).trim();
        i = end < 0 ? n : end;
      } else break;
    }
  };
  const readString = (): string => {
    // Apple's parser (old-style plist) takes single-quoted strings too: `"k" = 'v';`.
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      i++;
      let out = "";
      let start = i;
      while (true) {
        if (i >= n) fail("a quoted string is never closed.");
        const c = text[i]!;
        if (c === quote) {
          out += text.slice(start, i);
          i++;
          return out;
        }
        if (c === "\n") line++;
        if (c === "\\") {
          out += text.slice(start, i);
          const e = text[i + 1];
          i += 2;
          switch (e) {
            case "n":
              out += "\n";
              break;
            case "t":
              out += "\t";
              break;
            case "r":
              out += "\r";
              break;
            case "0":
              out += "\0";
              break;
            case "U":
            case "u": {
              const hex = text.slice(i, i + 4);
              if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail(`"\\${e}" must be followed by four hex digits.`);
              const code = parseInt(hex, 16);
              i += 4;
              // A surrogate pair may be written as two \U escapes.
              out += String.fromCharCode(code);
              break;
            }
            case undefined:
              fail("the file ends inside an escape.");
              break;
            default:
              if (e === "\n") line++;
              out += e;
          }
          start = i;
          continue;
        }
        i++;
      }
    }
    const start = i;
    while (i < n && UNQUOTED.test(text[i]!)) i++;
    if (i === start) fail(`expected a quoted string but found ${JSON.stringify(text[i] ?? "end of file")}.`);
    return text.slice(start, i);
  };
  while (true) {
    comment = undefined;
    skipSpaceAndComments();
    if (i >= n) break;
    const entryLine = line;
    const description = comment;
    const key = readString();
    skipSpaceAndComments();
    let value: string;
    if (text[i] === ";") {
      value = key; // `"key";` is shorthand for `"key" = "key";`
    } else {
      if (text[i] !== "=") fail(`expected "=" after "${key}".`);
      i++;
      skipSpaceAndComments();
      value = readString();
      skipSpaceAndComments();
      if (text[i] !== ";") fail(`expected ";" after the value of "${key}".`);
    }
    i++;
    const entry: TranslationEntry = { key, value };
    if (description) entry.description = description;
    pushEntry(entries, seen, errors, entry, entryLine);
  }
  return { entries, errors, metadata: {} };
}

export function escapeIosString(s: string): string {
  return s.replace(/[\\"\n\t\r\0]/g, (c) =>
    c === "\\" ? "\\\\" : c === '"' ? '\\"' : c === "\n" ? "\\n" : c === "\t" ? "\\t" : c === "\r" ? "\\r" : "\\0",
  );
}

export function serializeIosStrings(entries: TranslationEntry[]): string {
  const out: string[] = [];
  for (const e of entries) {
    if (e.description) out.push(`/* ${e.description.replace(/\*\//g, "* /")} */`);
    out.push(`"${escapeIosString(fullKey(e))}" = "${escapeIosString(e.value)}";`, "");
  }
  return out.join("\n");
}
