import { describe, expect, it } from "vitest";
import { FormatParseError, parse } from "../src/index.js";

describe("PO structure check", () => {
  it("refuses a string that runs past the end of its line, with the line number", () => {
    const err = (() => {
      try {
        parse("po", 'msgid "a"\nmsgstr "b\nbroken\n');
      } catch (e) {
        return e;
      }
    })() as FormatParseError;
    expect(err).toBeInstanceOf(FormatParseError);
    expect(err.line).toBe(2);
    expect(err.message).toContain("not closed");
  });

  it("refuses stray text between entries instead of dropping it", () => {
    expect(() => parse("po", 'msgid "a"\nmsgstr "b"\nbroken\n')).toThrow(/unexpected text "broken".*line 3/);
  });

  it("accepts comments, obsolete entries, contexts, plurals and continuation lines", () => {
    const po = [
      "# translator comment",
      "#, fuzzy",
      'msgctxt "menu"',
      'msgid ""',
      '"Open \\"file\\""',
      'msgstr "Öffnen"',
      "",
      'msgid "one file"',
      'msgid_plural "%d files"',
      'msgstr[0] "eine Datei"',
      'msgstr[1] "%d Dateien"',
      '#~ msgid "old"',
      '#~ msgstr "alt"',
      "",
    ].join("\r\n");
    const { entries } = parse("po", po, { language: "de" });
    expect(entries.map((e) => e.key)).toEqual(['menu\u0004Open "file"', "one file"]);
  });

  it("accepts values holding U+2028 and U+2029, which are not line breaks in PO", () => {
    for (const v of ["\u2028", "a\u2029b"]) {
      const po = `msgid "k"\nmsgstr "${v}"\n`;
      expect(parse("po", po).entries[0]!.value).toBe(v);
    }
  });
});
