/**
 * Whether a text is a well-formed ICU MessageFormat message (the syntax ICU4C and formatjs
 * accept: arguments `{name}`, `{name, type[, style]}`, plural/select/selectordinal with an
 * `other` case, apostrophe quoting), and the quoting that turns any text into a message that
 * reads back as exactly that text. ARB exports need both: a value that is not ICU
 * (`Hi {name}, {{count}} items`) is written as quoted literal text rather than broken.
 */

import { isSpaceCode } from "../whitespace.js";

const SIMPLE_TYPES = new Set(["number", "date", "time", "spellout", "ordinal", "duration"]);
const NAME = /\s*([\p{L}\p{N}_]+)\s*/uy;

/** Text whose only braces are simple `{name}` arguments (ASCII names) and no apostrophes: ICU as it is. */
const SIMPLE_MESSAGE = /^[^{}']*(?:\{[A-Za-z0-9_]+\}[^{}']*)*$/;

export function isIcuMessage(text: string): boolean {
  if (text.indexOf("{") < 0 && text.indexOf("}") < 0) return true;
  // The common message is settled by one linear test (the classes cannot overlap, so no backtracking).
  if (SIMPLE_MESSAGE.test(text)) return true;
  try {
    const end = parseMessage(text, 0);
    return end === text.length;
  } catch {
    return false;
  }
}

/**
 * Text → top-level ICU message text that formats as exactly that text. Only braces need quoting
 * there (`#` is special inside plurals only, and an apostrophe before it would be literal).
 */
export function quoteIcuLiteral(text: string): string {
  return text.replace(/'/g, "''").replace(/[{}]+/g, (run) => `'${run}'`);
}

/** A simple `{name}` argument that is not part of `{{name}}`. */
const SIMPLE_ARGUMENT = /(?<!\{)\{[\p{L}\p{N}_]+\}(?!\})/gu;

/**
 * Text that is not ICU → an ICU message: simple `{name}` arguments stay arguments, everything
 * else (`{{count}}`, stray braces, apostrophes) is quoted literal text.
 */
export function toIcuMessage(text: string): string {
  let out = "";
  let last = 0;
  for (const m of text.matchAll(SIMPLE_ARGUMENT)) {
    out += quoteIcuLiteral(text.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  out += quoteIcuLiteral(text.slice(last));
  return isIcuMessage(out) ? out : quoteIcuLiteral(text);
}

class IcuSyntaxError extends Error {}

const PLURAL_SELECTOR = /^(=-?\d+(?:\.\d+)?|[\p{L}\p{N}_-]+)/u;
const SELECTOR = /^([\p{L}\p{N}_-]+)/u;

/** A plural/select argument whose cases are being read. */
type CasesFrame = { plural: boolean; hasOther: boolean; cases: number };

/**
 * Parses a whole message from `i`; returns the index where the top-level message ends (text.length).
 * Nested plural/select arguments are a stack of frames rather than recursion: a value may nest
 * thousands of them, and that must cost time in proportion to its length, not a stack overflow.
 */
function parseMessage(s: string, i: number): number {
  // Character codes rather than one-character strings: this runs over every character of a value.
  const n = s.length;
  const open: CasesFrame[] = [];
  let inCases = false;
  while (true) {
    if (inCases) {
      // Between the cases of the innermost argument: its closing `}`, or `selector {` opening a case.
      inCases = false;
      const frame = open[open.length - 1]!;
      while (i < n && isSpaceCode(s.charCodeAt(i))) i++;
      if (s[i] === "}") {
        if (!frame.hasOther || frame.cases === 0) throw new IcuSyntaxError("missing other case");
        open.pop();
        i++;
        continue;
      }
      const sel = (frame.plural ? PLURAL_SELECTOR : SELECTOR).exec(s.slice(i, i + 100));
      if (!sel) throw new IcuSyntaxError("selector expected");
      if (sel[1] === "other") frame.hasOther = true;
      i += sel[0].length;
      while (i < n && isSpaceCode(s.charCodeAt(i))) i++;
      if (s[i] !== "{") throw new IcuSyntaxError("{ expected after selector");
      frame.cases++;
      i++;
      continue;
    }
    if (i >= n) break;
    const c = s.charCodeAt(i);
    if (c === 0x27 /* ' */) {
      const next = s.charCodeAt(i + 1);
      if (next === 0x27) {
        i += 2;
        continue;
      }
      if (next === 0x7b /* { */ || next === 0x7d /* } */ || next === 0x23 /* # */ || next === 0x7c /* | */) {
        const close = s.indexOf("'", i + 1);
        i = close < 0 ? n : close + 1;
        continue;
      }
      i++;
      continue;
    }
    if (c === 0x7b) {
      const arg = parseArgument(s, i + 1);
      if (typeof arg === "number") i = arg;
      else {
        open.push({ plural: arg.plural, hasOther: false, cases: 0 });
        i = casesStart(s, arg.at, arg.plural);
        inCases = true;
      }
      continue;
    }
    if (c === 0x7d) {
      if (open.length === 0) throw new IcuSyntaxError("unmatched }");
      // the end of a case's message: the argument's next case (or its end) follows
      i++;
      inCases = true;
      continue;
    }
    i++;
  }
  if (open.length > 0) throw new IcuSyntaxError("unclosed sub-message");
  return i;
}

/**
 * Parses an argument after its `{`: returns the index after its closing `}`, or for plural/select
 * where its cases begin (the caller reads them).
 */
function parseArgument(s: string, i: number): number | { at: number; plural: boolean } {
  // The common `{name}` with an ASCII name: settled without the regular expression below.
  let end = i;
  for (let c = s.charCodeAt(end); (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f; )
    c = s.charCodeAt(++end);
  if (end > i && s.charCodeAt(end) === 0x7d) return end + 1;
  NAME.lastIndex = i;
  const name = NAME.exec(s);
  if (!name) throw new IcuSyntaxError("argument name expected");
  i = NAME.lastIndex;
  if (s[i] === "}") return i + 1;
  if (s[i] !== ",") throw new IcuSyntaxError(", or } expected");
  NAME.lastIndex = i + 1;
  const type = NAME.exec(s);
  if (!type) throw new IcuSyntaxError("argument type expected");
  i = NAME.lastIndex;
  const kind = type[1]!;
  if (kind === "plural" || kind === "selectordinal" || kind === "select") {
    if (s[i] !== ",") throw new IcuSyntaxError(", expected");
    return { at: i + 1, plural: kind !== "select" };
  }
  if (!SIMPLE_TYPES.has(kind)) throw new IcuSyntaxError("unknown argument type");
  if (s[i] === "}") return i + 1;
  if (s[i] !== ",") throw new IcuSyntaxError(", or } expected");
  // A style runs to the matching `}` (nested braces and quotes allowed).
  let depth = 0;
  for (let j = i + 1; j < s.length; j++) {
    const c = s[j];
    if (c === "'") {
      const close = s.indexOf("'", j + 1);
      if (close < 0) throw new IcuSyntaxError("unclosed quote in style");
      j = close;
    } else if (c === "{") depth++;
    else if (c === "}") {
      if (depth === 0) return j + 1;
      depth--;
    }
  }
  throw new IcuSyntaxError("unclosed argument");
}

/** Where the first case of a plural/select begins: after spaces and a plural's `offset:n`. */
function casesStart(s: string, i: number, plural: boolean): number {
  while (i < s.length && isSpaceCode(s.charCodeAt(i))) i++;
  if (plural && s.startsWith("offset:", i)) {
    const offset = /^offset:\s*\d+/.exec(s.slice(i, i + 30));
    if (offset) i += offset[0].length;
  }
  return i;
}
