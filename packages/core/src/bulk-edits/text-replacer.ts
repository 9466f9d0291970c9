// Find and replace over values (docs/bulk-edits.md). Regular expressions run on re2js, a port of
// RE2: matching is linear in the text, so no pattern can backtrack catastrophically, and the
// constructs that would need backtracking (back-references, look-around) are refused with 400 when
// the pattern is compiled. Plain text is quoted and run on the same engine.
import { RE2JS } from "re2js";
import { badRequest } from "../errors/app-error";

export const MAX_FIND_LENGTH = 1000;
export const MAX_REPLACE_LENGTH = 10_000;
export const MAX_PROGRAM_SIZE = 5000;

export interface ReplaceOptions {
  find: string;
  replace: string;
  /** `find` is a regular expression (RE2 syntax); `replace` may then name groups: `$1`, `${name}`, `$$`. */
  regex?: boolean;
  /** Default true. */
  caseSensitive?: boolean;
  /** A match counts only when the characters around it are not letters, digits or `_`. */
  wholeWord?: boolean;
}

export interface Replacement {
  value: string;
  /** How many matches were replaced. */
  count: number;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;

const isWordAt = (text: string, index: number): boolean => {
  if (index < 0 || index >= text.length) return false;
  const code = text.codePointAt(index)!;
  // A low surrogate: look at the whole code point it ends.
  if (code >= 0xdc00 && code <= 0xdfff && index > 0) return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(index - 1)!));
  return WORD_CHAR.test(String.fromCodePoint(code));
};

export class TextReplacer {
  private readonly pattern: RE2JS;
  private readonly groupNames: Record<string, number>;

  constructor(private readonly options: ReplaceOptions) {
    if (options.find === "") throw badRequest("find: must not be empty", [{ path: "operation.find", message: "must not be empty" }]);
    const flags = options.caseSensitive === false ? RE2JS.CASE_INSENSITIVE : 0;
    try {
      this.pattern = RE2JS.compile(options.regex ? options.find : RE2JS.quote(options.find), flags);
    } catch (e) {
      const detail = e instanceof Error ? e.message : String(e);
      throw badRequest(`find: not a supported regular expression (${detail})`, [
        { path: "operation.find", code: "regex.unsupported", message: detail },
      ]);
    }
    // The compiled program's size bounds the work per character (RE2's own cost measure).
    if (this.pattern.programSize() > MAX_PROGRAM_SIZE) {
      throw badRequest("find: the regular expression is too large", [
        { path: "operation.find", code: "regex.too_large", message: `compiles to more than ${MAX_PROGRAM_SIZE} instructions` },
      ]);
    }
    this.groupNames = options.regex ? this.pattern.namedGroups() : {};
    if (options.regex) this.expand([], true);
  }

  /** Replaces every match in `text`; `count` 0 means the value is unchanged. */
  apply(text: string): Replacement {
    const m = this.pattern.matcher(text);
    let out = "";
    let last = 0;
    let count = 0;
    let from = 0;
    while (from <= text.length && m.find(from)) {
      const start = m.start();
      const end = m.end();
      const accepted = !this.options.wholeWord || (start < end && !isWordAt(text, start - 1) && !isWordAt(text, end));
      if (accepted) {
        out += text.slice(last, start);
        if (this.options.regex) {
          const groups: (string | null)[] = [];
          for (let g = 0; g <= m.groupCount(); g++) groups.push(m.group(g));
          out += this.expand(groups, false);
        } else out += this.options.replace;
        last = end;
        count++;
      }
      // An empty match must not stall the scan.
      from = end > start ? end : end + 1;
      if (!accepted && end > start) from = start + 1;
    }
    if (count === 0) return { value: text, count: 0 };
    return { value: out + text.slice(last), count };
  }

  /** `$n`, `${n}`, `${name}` and `$$` in the replacement; `check` validates the references only. */
  private expand(groups: (string | null)[], check: boolean): string {
    const { replace } = this.options;
    const count = this.pattern.groupCount();
    let out = "";
    for (let i = 0; i < replace.length; i++) {
      const c = replace[i]!;
      if (c !== "$") {
        out += c;
        continue;
      }
      const rest = replace.slice(i + 1);
      let ref: string | null = null;
      let consumed = 0;
      const braced = /^\{([A-Za-z0-9_]+)\}/.exec(rest);
      const digits = /^\d+/.exec(rest);
      if (rest.startsWith("$")) {
        out += "$";
        i += 1;
        continue;
      }
      if (braced) {
        ref = braced[1]!;
        consumed = braced[0].length;
      } else if (digits) {
        // The longest group number that exists, as other engines read `$12` with 3 groups as `$1` then "2".
        let d = digits[0];
        while (d.length > 1 && Number(d) > count) d = d.slice(0, -1);
        ref = d;
        consumed = d.length;
      }
      if (ref === null) {
        out += "$";
        continue;
      }
      const index = /^\d+$/.test(ref) ? Number(ref) : this.groupNames[ref];
      if (index === undefined || index > count) {
        throw badRequest(`replace: refers to group ${ref}, which the pattern does not have`, [
          { path: "operation.replace", message: `no group ${ref} in the pattern` },
        ]);
      }
      if (!check) out += groups[index] ?? "";
      i += consumed;
    }
    return out;
  }
}
