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

const ICU_HEADER = /\{\s*([\p{L}\p{N}_.-]+)\s*(?:,\s*([a-zA-Z]+)\s*)?([,}])/uy;
// A branch of plural/select: `selector {` (plural may start with `offset:n`).
const ICU_SELECTOR = /(?:offset:\s*\d+\s*)?(=?[\p{L}\p{N}_-]+)\s*\{/uy;
const SPACE = /\s/;

/**
 * Every placeholder of a message, in order of appearance.
 *
 * One left-to-right pass with no recursion and no backtracking: the values are user data (a stored
 * value may nest thousands of plural/select arguments), and this runs on every read of a
 * translation and in the browser. Nesting is a counter of open plural/select arguments. A
 * malformed argument ends where it stops making sense and the rest is read as text of the
 * message around it, so time is linear in the text and no input can overflow the stack.
 */
export function extractPlaceholders(text: string): Placeholder[] {
  const out: Placeholder[] = [];
  let printfIndex = 0;
  // plural/select arguments opened and not yet closed; inside one, either between its branches
  // (expecting `selector {` or its closing `}`) or in a branch's message (until that branch's `}`)
  let open = 0;
  let betweenBranches = false;
  const nextBrace = indexFinder(text, "{");
  const nextClose = indexFinder(text, "}");
  const nextDoubleClose = indexFinder(text, "}}");
  let i = 0;
  while (i < text.length) {
    if (betweenBranches) {
      while (i < text.length && SPACE.test(text[i]!)) i++;
      if (i >= text.length) break;
      betweenBranches = false;
      if (text[i] === "}") {
        open--;
        i++;
        continue;
      }
      ICU_SELECTOR.lastIndex = i;
      const selector = ICU_SELECTOR.exec(text);
      if (selector) i += selector[0].length;
      else open--; // not a branch: the argument is malformed, the text goes on as its parent's
      continue;
    }
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
        const position = m[1] ? Number(m[1]) : ++printfIndex;
        out.push({ token: m[0], id: `%${position}$${m[2] ?? ""}${m[3]}` });
        i += m[0].length;
        continue;
      }
      i++;
      continue;
    }
    if (ch === "}" && open > 0) {
      // the end of a branch's message
      betweenBranches = true;
      i++;
      continue;
    }
    if (ch === "{") {
      if (text[i + 1] === "{") {
        const close = nextDoubleClose(i + 2);
        const inner = nextBrace(i + 2);
        if (close !== -1 && (inner === -1 || inner > close)) {
          const name = text.slice(i + 2, close).trim();
          if (name) {
            out.push({ token: text.slice(i, close + 2), id: `{{${name}}}` });
            i = close + 2;
            continue;
          }
        }
      }
      ICU_HEADER.lastIndex = i;
      const m = ICU_HEADER.exec(text);
      if (m) {
        const name = m[1]!;
        const type = m[2];
        const after = i + m[0].length;
        if (m[3] === "}") {
          out.push({ token: type ? `{${name}, ${type}}` : `{${name}}`, id: `{${name}}` });
          i = after;
          continue;
        }
        if (type) {
          out.push({ token: `{${name}}`, id: `{${name}}` });
          if (ICU_COMPLEX.has(type)) {
            open++;
            betweenBranches = true;
            i = after;
            continue;
          }
          // number/date/time styles hold no nested messages: skip to the next brace that closes.
          const close = nextClose(after);
          if (close !== -1) {
            i = close + 1;
            continue;
          }
        }
      }
    }
    i++;
  }
  return out;
}

/**
 * `text.indexOf(needle, from)` for calls whose `from` does not go back: an answer still ahead of
 * `from` is reused, so a text of many unclosed `{{` is searched once, not once per `{{`.
 */
function indexFinder(text: string, needle: string): (from: number) => number {
  let searchedFrom = -1;
  let found = -1;
  return (from) => {
    if (searchedFrom < 0 || from < searchedFrom || (found !== -1 && found < from)) {
      searchedFrom = from;
      found = text.indexOf(needle, from);
    }
    return found;
  };
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
