/**
 * Android string resource escaping, following translate-toolkit's aresource.py:
 * backslash escapes (\' \" \\ \n \t \@ \? \uXXXX), double quotes that preserve
 * whitespace, and collapsing of unquoted whitespace (as aapt does).
 */
import { isSpaceCode } from "../whitespace.js";

/** Escape one run of text. `atStart` marks the very beginning of the value (for `@`/`?`). */
export function escapeAndroidText(text: string, atStart: boolean): string {
  // Copies the runs between escapes in one piece (most text has a few escapes or none).
  let out = "";
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let written: string;
    if (code === 0x5c) written = "\\\\";
    else if (code === 0x0a) written = "\\n";
    else if (code === 0x09) written = "\\t";
    else if (code === 0x27) written = "\\'";
    else if (code === 0x22) written = '\\"';
    else if (code === 0x40 || code === 0x3f) {
      if (i !== 0 || !atStart) continue;
      written = `\\${text[0]}`;
    }
    // Characters XML 1.0 cannot carry travel as Android's own \uXXXX escape.
    else if ((code < 0x20 && code !== 0x0d) || code === 0xfffe || code === 0xffff)
      written = `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
    else continue;
    out += text.slice(last, i) + written;
    last = i + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** Whether the value's text needs surrounding double quotes to keep its whitespace. */
export function needsQuotes(text: string): boolean {
  // Whitespace other than LF and tab (those travel as \n and \t) at either end, twice in a row,
  // or other than a plain space.
  const n = text.length;
  let previous = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const space = c !== 0x0a && c !== 0x09 && isSpaceCode(c);
    if (space && (c !== 0x20 || i === 0 || i === n - 1 || previous)) return true;
    previous = space;
  }
  return false;
}

/**
 * Unescape Android text. `raw` may contain opaque tokens (tags, entities, CDATA) when
 * `opaque` is given: they are copied verbatim while quote state carries across them.
 */
export function unescapeAndroid(raw: string, opaque?: RegExp): string {
  // Build characters with a flag: true = collapsible (unquoted) whitespace.
  const chars: string[] = [];
  const soft: boolean[] = [];
  let quoted = false;
  let i = 0;
  const push = (s: string, isSoft: boolean) => {
    chars.push(s);
    soft.push(isSoft);
  };
  while (i < raw.length) {
    if (opaque) {
      opaque.lastIndex = i;
      const m = opaque.exec(raw);
      if (m && m.index === i) {
        push(m[0], false);
        i += m[0].length;
        continue;
      }
    }
    const c = raw[i]!;
    if (c === "\\") {
      const n = raw[i + 1];
      i += 2;
      switch (n) {
        case undefined:
          i--;
          break;
        case "n":
          push("\n", false);
          break;
        case "t":
          push("\t", false);
          break;
        case "u": {
          const hex = raw.slice(i, i + 4);
          if (/^[0-9a-fA-F]{4}$/.test(hex)) {
            push(String.fromCharCode(parseInt(hex, 16)), false);
            i += 4;
          } else push("u", false);
          break;
        }
        default:
          push(n, false);
      }
      continue;
    }
    if (c === '"') {
      quoted = !quoted;
      i++;
      continue;
    }
    if (!quoted && (c === " " || c === "\n" || c === "\t" || c === "\r")) {
      if (soft[soft.length - 1] !== true) push(" ", true);
      i++;
      continue;
    }
    push(c, false);
    i++;
  }
  let start = 0;
  let end = chars.length;
  while (start < end && soft[start]) start++;
  while (end > start && soft[end - 1]) end--;
  return chars.slice(start, end).join("");
}
