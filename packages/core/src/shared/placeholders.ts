// Placeholder extraction and comparison: a translation that drops or invents a placeholder of its
// source (`{name}`, `{{name}}`, `%s`, `%1$d`, ICU arguments) still saves, but carries a warning.
// Placeholders are compared as sets: repeating or reordering one is a legitimate translation.

export interface Placeholder {
  /** As written in the text (`%1$s`, `{count}`), what warnings show. */
  token: string;
  /** What comparison uses: positional printf is numbered, ICU arguments are reduced to `{name}`. */
  id: string;
}

export interface PlaceholderWarning {
  type: "placeholder_mismatch";
  missing: string[];
  extra: string[];
}

// Flags exclude the space flag on purpose: "100% sure" must not read as `% s`.
const PRINTF = /%(?:(\d+)\$)?[-+0#']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(hh|h|ll|l|L|q|j|z|t)?([diouxXeEfFgGaAcsSp@])/y;
const ICU_COMPLEX = new Set(["plural", "select", "selectordinal"]);

/** Every placeholder of a message, in order of appearance. */
export function extractPlaceholders(text: string): Placeholder[] {
  const out: Placeholder[] = [];
  let printfIndex = 0;
  scanMessage(text, 0, false, out, () => ++printfIndex);
  return out;
}

/**
 * Scans message text from `start` until the end (or, inside an ICU branch, the closing brace),
 * returning the index just past what it consumed.
 */
function scanMessage(text: string, start: number, nested: boolean, out: Placeholder[], nextPrintf: () => number): number {
  let i = start;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "'" && "{}#|'".includes(text[i + 1] ?? "")) {
      // ICU quoting: '' is an apostrophe, '{...' is literal text up to the next lone apostrophe.
      if (text[i + 1] === "'") {
        i += 2;
        continue;
      }
      const close = text.indexOf("'", i + 1);
      i = close === -1 ? text.length : close + 1;
      continue;
    }
    if (ch === "%") {
      if (text[i + 1] === "%") {
        i += 2;
        continue;
      }
      PRINTF.lastIndex = i;
      const m = PRINTF.exec(text);
      if (m) {
        const position = m[1] ? Number(m[1]) : nextPrintf();
        out.push({ token: m[0], id: `%${position}$${m[2] ?? ""}${m[3]}` });
        i += m[0].length;
        continue;
      }
      i++;
      continue;
    }
    if (ch === "}" && nested) return i;
    if (ch === "{") {
      if (text[i + 1] === "{") {
        const close = text.indexOf("}}", i + 2);
        if (close !== -1) {
          const name = text.slice(i + 2, close).trim();
          if (name && !name.includes("{")) {
            out.push({ token: text.slice(i, close + 2), id: `{{${name}}}` });
            i = close + 2;
            continue;
          }
        }
      }
      const end = scanIcuArgument(text, i, out, nextPrintf);
      if (end !== -1) {
        i = end;
        continue;
      }
    }
    i++;
  }
  return i;
}

/** Parses `{name}` or `{name, type[, style]}` at `start`; returns the index after it, or -1. */
function scanIcuArgument(text: string, start: number, out: Placeholder[], nextPrintf: () => number): number {
  const header = /\{\s*([\p{L}\p{N}_.-]+)\s*(?:,\s*([a-zA-Z]+)\s*)?([,}])/uy;
  header.lastIndex = start;
  const m = header.exec(text);
  if (!m) return -1;
  const name = m[1]!;
  const type = m[2];
  let i = start + m[0].length;
  if (m[3] === "}") {
    out.push({ token: type ? `{${name}, ${type}}` : `{${name}}`, id: `{${name}}` });
    return i;
  }
  if (!type) return -1;
  out.push({ token: `{${name}}`, id: `{${name}}` });
  if (!ICU_COMPLEX.has(type)) {
    // number/date/time styles hold no nested messages: skip to the matching brace.
    const close = text.indexOf("}", i);
    return close === -1 ? -1 : close + 1;
  }
  // Branches: `selector {message}` pairs (plural may start with `offset:n`) until the closing brace.
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text[i] === "}") return i + 1;
    const selector = /(?:offset:\s*\d+\s*)?(=?[\p{L}\p{N}_-]+)\s*\{/uy;
    selector.lastIndex = i;
    const s = selector.exec(text);
    if (!s) return -1;
    i = scanMessage(text, i + s[0].length, true, out, nextPrintf);
    if (text[i] !== "}") return -1;
    i++;
  }
  return -1;
}

/** Compares a translation's placeholders with its source's; null when they agree. */
export function comparePlaceholders(source: string, translation: string): PlaceholderWarning | null {
  if (!source || !translation) return null;
  const expected = uniqueById(extractPlaceholders(source));
  const actual = uniqueById(extractPlaceholders(translation));
  const missing = [...expected.entries()].filter(([id]) => !actual.has(id)).map(([, token]) => token);
  const extra = [...actual.entries()].filter(([id]) => !expected.has(id)).map(([, token]) => token);
  if (missing.length === 0 && extra.length === 0) return null;
  return { type: "placeholder_mismatch", missing, extra };
}

function uniqueById(placeholders: Placeholder[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const p of placeholders) if (!map.has(p.id)) map.set(p.id, p.token);
  return map;
}
