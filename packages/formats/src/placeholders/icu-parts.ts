/**
 * An ICU MessageFormat message as parts (literal text, arguments, `#`, plural/select), and the
 * canonical quoting that writes literal text back. Placeholder conversion works on these parts:
 * literal text is unquoted once here, so each style escapes only its own special characters.
 */

export type IcuArg = { kind: "arg"; name: string; type?: string; style?: string };
export type IcuPart =
  | { kind: "text"; text: string }
  | IcuArg
  | { kind: "pound" }
  | { kind: "choice"; name: string; type: "plural" | "selectordinal" | "select"; head: string; cases: Array<[string, IcuPart[]]> };

export class IcuParseError extends Error {}

/** Deeper nesting than this is refused (values are user text; the parser recurses per level). */
const MAX_DEPTH = 20;

/** Parse a whole message into parts; throws IcuParseError when it is not well-formed ICU. */
export function parseIcuParts(message: string): IcuPart[] {
  const p = new PartsParser(message);
  const parts = p.message(0, false);
  if (p.i !== message.length) throw new IcuParseError("unmatched }");
  return parts;
}

class PartsParser {
  i = 0;
  constructor(private readonly s: string) {}

  message(depth: number, inPlural: boolean): IcuPart[] {
    if (depth > MAX_DEPTH) throw new IcuParseError("nested too deeply");
    const s = this.s;
    const parts: IcuPart[] = [];
    let text = "";
    const flush = () => {
      if (text) parts.push({ kind: "text", text });
      text = "";
    };
    while (this.i < s.length) {
      const c = s[this.i]!;
      if (c === "'") {
        const next = s[this.i + 1];
        if (next === "'") {
          text += "'";
          this.i += 2;
        } else if (next === "{" || next === "}" || next === "|" || next === "#") {
          // `'#` starts a quote outside plurals too, as most ICU parsers read it.
          const close = s.indexOf("'", this.i + 1);
          // Inside quotes `''` is one apostrophe; an unclosed quote runs to the end (ICU's rule).
          let j = this.i + 1;
          for (;;) {
            const q = s.indexOf("'", j);
            if (q < 0) {
              text += s.slice(j);
              this.i = s.length;
              break;
            }
            if (s[q + 1] === "'") {
              text += `${s.slice(j, q)}'`;
              j = q + 2;
              continue;
            }
            text += s.slice(j, q);
            this.i = q + 1;
            break;
          }
          void close;
        } else {
          text += "'";
          this.i++;
        }
        continue;
      }
      if (c === "{") {
        flush();
        parts.push(this.argument(depth, inPlural));
        continue;
      }
      if (c === "}") break;
      if (c === "#" && inPlural) {
        flush();
        parts.push({ kind: "pound" });
        this.i++;
        continue;
      }
      text += c;
      this.i++;
    }
    flush();
    return parts;
  }

  private argument(depth: number, inPlural: boolean): IcuPart {
    const s = this.s;
    this.i++; // {
    const name = this.word();
    if (!name) throw new IcuParseError("argument name expected");
    this.space();
    if (s[this.i] === "}") {
      this.i++;
      return { kind: "arg", name };
    }
    if (s[this.i] !== ",") throw new IcuParseError(", or } expected");
    this.i++;
    this.space();
    const type = this.word();
    if (!type) throw new IcuParseError("argument type expected");
    this.space();
    if (type === "plural" || type === "selectordinal" || type === "select") {
      if (s[this.i] !== ",") throw new IcuParseError(", expected");
      this.i++;
      const headStart = this.i;
      this.space();
      if (type !== "select" && s.startsWith("offset:", this.i)) {
        this.i += 7;
        this.space();
        while (/\d/.test(s[this.i] ?? "")) this.i++;
      }
      const head = s.slice(headStart, this.i);
      const cases: Array<[string, IcuPart[]]> = [];
      for (;;) {
        this.space();
        if (s[this.i] === "}") {
          this.i++;
          break;
        }
        const sel = /^(=-?\d+(?:\.\d+)?|[\p{L}\p{N}_-]+)/u.exec(s.slice(this.i, this.i + 100));
        if (!sel) throw new IcuParseError("selector expected");
        this.i += sel[0].length;
        this.space();
        if (s[this.i] !== "{") throw new IcuParseError("{ expected after selector");
        this.i++;
        const body = this.message(depth + 1, type !== "select" || inPlural);
        if (s[this.i] !== "}") throw new IcuParseError("unclosed case");
        this.i++;
        cases.push([sel[1]!, body]);
      }
      if (!cases.some(([k]) => k === "other")) throw new IcuParseError("missing other case");
      return { kind: "choice", name, type, head, cases };
    }
    if (s[this.i] === "}") {
      this.i++;
      return { kind: "arg", name, type };
    }
    if (s[this.i] !== ",") throw new IcuParseError(", or } expected");
    this.i++;
    // The style runs to the matching `}`; kept as written (trimmed).
    let depthBraces = 0;
    const start = this.i;
    for (; this.i < s.length; this.i++) {
      const ch = s[this.i];
      if (ch === "'") {
        const q = s.indexOf("'", this.i + 1);
        if (q < 0) throw new IcuParseError("unclosed quote in style");
        this.i = q;
      } else if (ch === "{") depthBraces++;
      else if (ch === "}") {
        if (depthBraces === 0) break;
        depthBraces--;
      }
    }
    if (s[this.i] !== "}") throw new IcuParseError("unclosed argument");
    const style = s.slice(start, this.i).trim();
    this.i++;
    return { kind: "arg", name, type, style };
  }

  private word(): string {
    const m = /^\s*([\p{L}\p{N}_]+)/u.exec(this.s.slice(this.i, this.i + 200));
    if (!m) return "";
    this.i += m[0].length;
    return m[1]!;
  }

  private space(): void {
    while (/\s/.test(this.s[this.i] ?? "")) this.i++;
  }
}

/**
 * Literal text as ICU: braces (and `#` inside a plural, `|`) quoted, an apostrophe doubled only
 * where the next character would otherwise start a quote, so `It's` stays `It's`.
 */
export function quoteIcuText(text: string, inPlural: boolean): string {
  const special = (c: string | undefined) => c === "{" || c === "}" || c === "|" || (inPlural && c === "#");
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (special(c)) {
      // One quoted run takes the apostrophes that follow too (doubled inside): a `''` right after
      // a closing quote would read as an apostrophe inside it.
      let j = i;
      while (j < text.length && (special(text[j]) || text[j] === "'")) j++;
      out += `'${text.slice(i, j).replace(/'/g, "''")}'`;
      i = j - 1;
    } else if (c === "'") {
      const next = text[i + 1];
      out += next === "'" || next === "#" || special(next) || next === undefined ? "''" : "'";
    } else out += c;
  }
  return out;
}

/** Parts back to ICU text (canonical quoting; arguments as `{name, type, style}`). */
export function printIcuParts(parts: IcuPart[], inPlural = false): string {
  let out = "";
  for (const p of parts) {
    if (p.kind === "text") out += quoteIcuText(p.text, inPlural);
    else if (p.kind === "pound") out += "#";
    else if (p.kind === "arg") out += `{${p.name}${p.type ? `, ${p.type}` : ""}${p.style ? `, ${p.style}` : ""}}`;
    else {
      const cases = p.cases.map(([sel, body]) => `${sel} {${printIcuParts(body, p.type !== "select" || inPlural)}}`).join(" ");
      out += `{${p.name}, ${p.type},${p.head}${p.head.endsWith(" ") || p.head === "" ? "" : " "}${cases}}`;
    }
  }
  return out;
}
