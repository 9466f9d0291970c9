/**
 * A line-level check of PO/POT structure before gettext-parser reads the file: the parser is
 * lenient (it keeps a string that runs past the end of its line and drops stray words), so a
 * damaged file would import partly and silently. Every non-blank line must be a comment, a
 * keyword followed by one complete quoted string, or a complete quoted continuation string.
 */
import { FormatParseError } from "../errors.js";

// [\s\S] rather than ".": values may hold U+2028/U+2029, which "." does not match.
const KEYWORD = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+([\s\S]*)$/;
const QUOTED = /^"(?:[^"\\]|\\[\s\S])*"\s*$/;

export function assertPoStructure(text: string): void {
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/^\uFEFF/, "").trim();
    if (line === "" || line.startsWith("#")) continue;
    const keyword = KEYWORD.exec(line);
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
