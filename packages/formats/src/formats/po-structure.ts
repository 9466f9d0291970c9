/**
 * A line-level check of PO/POT structure before gettext-parser reads the file: the parser is
 * lenient (it keeps a string that runs past the end of its line and drops stray words), so a
 * damaged file would import partly and silently. Every non-blank line must be a comment, a
 * keyword followed by one complete quoted string, or a complete quoted continuation string.
 */
import { FormatParseError } from "../errors.js";
import { MAX_PLURAL_FORMS } from "../plural/plural-rules.js";

// [\s\S] rather than ".": values may hold U+2028/U+2029, which "." does not match.
const KEYWORD = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+([\s\S]*)$/;
const QUOTED = /^"(?:[^"\\]|\\[\s\S])*"\s*$/;

export function assertPoStructure(text: string): void {
  const lines = text.split(/\r?\n/);
  // msgstr lines of the current entry: gettext-parser copies an entry's msgstr list for each one
  // (quadratic in their number), and no language has more forms than MAX_PLURAL_FORMS.
  let msgstrs = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/^\uFEFF/, "").trim();
    if (line === "" || line.startsWith("#")) continue;
    const keyword = KEYWORD.exec(line);
    const isMsgstr = keyword?.[1]?.startsWith("msgstr") === true;
    if (isMsgstr && ++msgstrs > MAX_PLURAL_FORMS) {
      throw new FormatParseError(`The PO file is not valid: an entry has more than ${MAX_PLURAL_FORMS} msgstr forms`, { line: i + 1 });
    }
    if (keyword && !isMsgstr) msgstrs = 0;
    const rest = keyword ? keyword[2]!.trim() : line;
    if (!keyword && !line.startsWith('"')) {
      throw new FormatParseError(
        `The PO file is not valid: unexpected text "${line.slice(0, 40)}"; expected a comment, a keyword (msgid, msgstr, ...) or a quoted string`,
        { line: i + 1, column: 1 },
      );
    }
    if (!QUOTED.test(rest)) {
      throw new FormatParseError(`The PO file is not valid: a quoted string is not closed, or has text after its closing quote`, {
        line: i + 1,
      });
    }
  }
}
