// A single-pass ICU MessageFormat reader for the checks: whether a value parses, where it breaks,
// and its arguments with their plural/select selectors. Iterative (an explicit stack of open
// plural/select arguments, never recursion on user text) and linear in the value's length.

export interface IcuArgument {
  name: string;
  /** `plural`, `select`, `selectordinal`, `number`, ...; null for a bare `{name}`. */
  type: string | null;
  /** Selectors in order (`one`, `=0`, `other`), for plural/select/selectordinal. */
  selectors: string[];
  start: number;
  end: number;
}

export interface IcuParse {
  ok: boolean;
  error?: { message: string; at: number };
  args: IcuArgument[];
}

const NAME = /\s*([\p{L}\p{N}_]+)\s*/uy;
const PLURAL_SELECTOR = /(=-?\d+(?:\.\d+)?|[\p{L}\p{N}_-]+)/uy;
const SELECT_SELECTOR = /([\p{L}\p{N}_-]+)/uy;
const OFFSET = /\s*offset:\s*\d+/y;
const SIMPLE_TYPES = new Set(["number", "date", "time", "spellout", "ordinal", "duration"]);
const COMPLEX_TYPES = new Set(["plural", "select", "selectordinal"]);

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0c || c === 0x0b;

export function parseIcu(s: string): IcuParse {
  const args: IcuArgument[] = [];
  const open: IcuArgument[] = [];
  const n = s.length;
  let i = 0;
  let inCases = false;
  const fail = (message: string, at: number): IcuParse => ({ ok: false, error: { message, at: Math.min(at, Math.max(0, n - 1)) }, args });
  while (true) {
    if (!inCases) {
      // Literal text up to the next brace; apostrophes quote braces.
      for (; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c === 0x27) {
          const next = s.charCodeAt(i + 1);
          if (next === 0x27) i++;
          else if (next === 0x7b || next === 0x7d || next === 0x23 || next === 0x7c) {
            const close = s.indexOf("'", i + 1);
            i = close < 0 ? n - 1 : close;
          }
        } else if (c === 0x7b || c === 0x7d) break;
      }
      if (i >= n) return open.length > 0 ? fail(`"{${open[open.length - 1]!.name}, …" is not closed`, n) : { ok: true, args };
      if (s.charCodeAt(i) === 0x7d) {
        if (open.length === 0) return fail("unmatched }", i);
        i++;
        inCases = true; // closed one sub-message: the next selector or the argument's end follows
        continue;
      }
      const start = i;
      NAME.lastIndex = i + 1;
      const name = NAME.exec(s);
      if (!name) return fail("argument name expected after {", i);
      i = NAME.lastIndex;
      if (s[i] === "}") {
        args.push({ name: name[1]!, type: null, selectors: [], start, end: i + 1 });
        i++;
        continue;
      }
      if (s[i] !== ",") return fail(`"," or "}" expected in {${name[1]}`, i);
      NAME.lastIndex = i + 1;
      const type = NAME.exec(s);
      if (!type) return fail(`argument type expected in {${name[1]}, …}`, i);
      i = NAME.lastIndex;
      const kind = type[1]!;
      const arg: IcuArgument = { name: name[1]!, type: kind, selectors: [], start, end: -1 };
      args.push(arg);
      if (COMPLEX_TYPES.has(kind)) {
        if (s[i] !== ",") return fail(`"," expected after {${arg.name}, ${kind}`, i);
        i++;
        if (kind !== "select") {
          OFFSET.lastIndex = i;
          if (OFFSET.exec(s)) i = OFFSET.lastIndex;
        }
        open.push(arg);
        inCases = true;
        continue;
      }
      if (!SIMPLE_TYPES.has(kind)) return fail(`unknown argument type "${kind}"`, start);
      if (s[i] === "}") {
        arg.end = ++i;
        continue;
      }
      if (s[i] !== ",") return fail(`"," or "}" expected in {${arg.name}, ${kind}`, i);
      // A style runs to the matching brace (nested braces and quotes allowed).
      let depth = 0;
      let j = i + 1;
      for (; j < n; j++) {
        const c = s[j];
        if (c === "'") {
          const close = s.indexOf("'", j + 1);
          if (close < 0) return fail("unclosed quote in an argument style", j);
          j = close;
        } else if (c === "{") depth++;
        else if (c === "}") {
          if (depth === 0) break;
          depth--;
        }
      }
      if (j >= n) return fail(`{${arg.name}, ${kind}, …} is not closed`, start);
      arg.end = i = j + 1;
      continue;
    }
    // Inside a plural/select argument: `selector {message}` pairs until its closing brace.
    while (i < n && isSpace(s.charCodeAt(i))) i++;
    const top = open[open.length - 1]!;
    if (i >= n) return fail(`"{${top.name}, ${top.type}, …" is not closed`, top.start);
    if (s[i] === "}") {
      if (!top.selectors.includes("other")) return fail(`{${top.name}, ${top.type}} has no "other" case`, top.start);
      open.pop();
      top.end = ++i;
      inCases = false;
      continue;
    }
    const selector = top.type === "select" ? SELECT_SELECTOR : PLURAL_SELECTOR;
    selector.lastIndex = i;
    const sel = selector.exec(s);
    if (!sel) return fail(`a case selector expected in {${top.name}, ${top.type}, …}`, i);
    top.selectors.push(sel[1]!);
    i = selector.lastIndex;
    while (i < n && isSpace(s.charCodeAt(i))) i++;
    if (s[i] !== "{") return fail(`"{" expected after the selector "${sel[1]}"`, i);
    i++;
    inCases = false;
  }
}

/** Whether the text uses ICU syntax at all (any argument), so a translation of it must parse too. */
export function isIcuWithArguments(parse: IcuParse): boolean {
  return parse.ok && parse.args.length > 0;
}

/** A plural, selectordinal or select argument: the text has one branch per case. */
export function hasBranches(parse: IcuParse): boolean {
  return parse.ok && parse.args.some((a) => a.selectors.length > 0);
}
