/**
 * Hostile and broken input: every failure is a FormatParseError with a readable
 * message (and a line where one exists), never a hang or a raw parser exception.
 */
import { describe, expect, it } from "vitest";
import { type FormatId, FormatParseError, parse, parseGlossary, serialize } from "../src/index.js";
import { moFile } from "./mo-builder.js";

function parseError(fn: () => unknown): FormatParseError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(FormatParseError);
    return err as FormatParseError;
  }
  throw new Error("expected a FormatParseError");
}

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<resources><string name="a">&lol9;</string></resources>`;

const XXE = `<?xml version="1.0"?>
<!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<resources><string name="a">&xxe;</string></resources>`;

describe("XML bombs and external entities", () => {
  it.each(["android-xml", "xliff", "xliff2", "ios-stringsdict"] as FormatId[])("%s refuses a billion-laughs DOCTYPE quickly", (format) => {
    const start = performance.now();
    const err = parseError(() => parse(format, BILLION_LAUGHS));
    expect(err.message).toMatch(/declares its own entities/);
    expect(err.line).toBe(2);
    expect(performance.now() - start).toBeLessThan(500);
  });

  it("refuses external entities", () => {
    expect(parseError(() => parse("android-xml", XXE)).message).toMatch(/not allowed/);
  });

  it("leaves undeclared entity references as text instead of resolving them", () => {
    const res = parse("android-xml", '<resources><string name="a">&unknown; &amp;</string></resources>');
    expect(res.entries[0]?.value).toBe("&unknown; &");
  });

  it("refuses TBX with entity declarations", () => {
    expect(() => parseGlossary("tbx", BILLION_LAUGHS.replace(/resources/g, "tbx"))).toThrow(FormatParseError);
  });

  it("refuses deeply nested XML without crashing", () => {
    const deep = `<resources>${"<b>".repeat(10000)}${"</b>".repeat(10000)}</resources>`;
    const start = performance.now();
    try {
      parse("android-xml", deep);
    } catch (err) {
      expect(err).toBeInstanceOf(FormatParseError);
    }
    expect(performance.now() - start).toBeLessThan(3000);
  });
});

describe("YAML aliases and depth", () => {
  it("refuses an alias bomb", () => {
    const bomb = [
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]",
      "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]",
      "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]",
      "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]",
      "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]",
      "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]",
      "h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]",
      "i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]",
    ].join("\n");
    const start = performance.now();
    expect(parseError(() => parse("yaml", bomb)).message).toMatch(/alias/i);
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it("refuses 10,000-deep YAML", () => {
    const deep = "[".repeat(10000) + "]".repeat(10000);
    expect(() => parse("yaml", deep)).toThrow(FormatParseError);
  });

  it("refuses YAML nested deeper than maxDepth", () => {
    let doc = "x: leaf";
    for (let i = 0; i < 70; i++)
      doc =
        `k${i}:\n` +
        doc
          .split("\n")
          .map((l) => `  ${l}`)
          .join("\n");
    expect(parseError(() => parse("yaml", doc)).message).toMatch(/nested more than 64/);
  });
});

describe("JSON depth and size", () => {
  const deep = `${'{"a":'.repeat(10000)}"x"${"}".repeat(10000)}`;
  it.each(["json-nested", "json-flat", "arb"] as FormatId[])("%s refuses 10,000-deep JSON", (format) => {
    expect(parseError(() => parse(format, deep)).message).toMatch(/nested/);
  });

  it("honours maxDepth", () => {
    expect(() => parse("json-nested", '{"a":{"b":{"c":"x"}}}', { maxDepth: 2 })).toThrow(FormatParseError);
    expect(parse("json-nested", '{"a":{"b":{"c":"x"}}}', { maxDepth: 3 }).entries).toHaveLength(1);
  });

  it("refuses input over maxBytes", () => {
    expect(parseError(() => parse("json-flat", `{"a":"${"x".repeat(2000)}"}`, { maxBytes: 1000 })).message).toMatch(/too large/);
  });
});

describe("broken files report where", () => {
  it("JSON", () => {
    const err = parseError(() => parse("json-flat", '{\n  "a": "x",\n  "b": oops\n}'));
    expect(err.line).toBe(3);
    expect(err.message).toMatch(/not valid JSON/);
  });

  it("YAML", () => {
    const err = parseError(() => parse("yaml", 'a: x\nb: "unclosed\nc: y\n'));
    expect(err.line).toBeGreaterThanOrEqual(2);
    expect(err.message).toMatch(/not valid YAML/);
  });

  it("YAML with a duplicate key", () => {
    expect(parseError(() => parse("yaml", "a: x\na: y\n")).message).toMatch(/twice/);
  });

  it("XML", () => {
    const err = parseError(() =>
      parse("android-xml", '<resources>\n  <string name="a">x</string>\n  <string name="b">y</strin>\n</resources>'),
    );
    expect(err.line).toBe(3);
    expect(err.message).toMatch(/not well-formed/);
  });

  it("PO", () => {
    const err = parseError(() => parse("po", 'msgid "a"\nmsgstr "b"\n\nmsgid "c\nmsgstr "d"\n'));
    expect(err.line).toBe(4); // the line whose string is not closed
    expect(err.message).toMatch(/PO file is not valid/);
  });

  it("iOS .strings", () => {
    const err = parseError(() => parse("ios-strings", '"a" = "b";\n"c" = "d"\n"e" = "f";'));
    expect(err.line).toBe(3);
    expect(err.message).toMatch(/expected ";"/);
  });

  it("MO", () => {
    expect(parseError(() => parse("mo", new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]))).message).toMatch(/MO file/);
  });

  it("wrong root element", () => {
    expect(parseError(() => parse("xliff", "<resources/>")).message).toMatch(/not an XLIFF file/);
  });

  it("invalid UTF-8 bytes", () => {
    expect(parseError(() => parse("json-flat", new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))).message).toMatch(/UTF-8/);
  });
});

describe("empty files", () => {
  it.each(["android-xml", "xliff", "xliff2", "ios-stringsdict", "json-flat", "json-nested", "arb"] as FormatId[])(
    "%s says the file is empty",
    (format) => {
      expect(parseError(() => parse(format, "  \n")).message).toBe("The file is empty.");
    },
  );
  it.each(["yaml", "ios-strings", "po", "pot"] as FormatId[])("%s reads an empty file as no entries", (format) => {
    expect(parse(format, "").entries).toEqual([]);
  });
});

describe("counts and references taken from the file are bounded", () => {
  const po = (pluralForms: string) =>
    `msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\nPlural-Forms: ${pluralForms}\\n"\n\nmsgid "a"\nmsgid_plural "b"\nmsgstr[0] "x"\nmsgstr[1] "y"\n`;

  it.each([30_000_000, 2_000_000, 17])("refuses a Plural-Forms header with nplurals=%i", (n) => {
    const before = process.memoryUsage().heapUsed;
    expect(parseError(() => parse("po", po(`nplurals=${n}; plural=n;`))).message).toMatch(/at most 16 are supported/);
    // The count sized an array of Maps: 2,000,000 of them took 400 MB.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  });

  it("still reads six plural forms, and a header with no plural entry under it is checked too", () => {
    const ar = "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);";
    expect(parse("po", po(ar), { language: "ar" }).entries[0]?.value).toMatch(/^\{count, plural, zero \{x\} one \{y\}/);
    const noPlurals = 'msgid ""\nmsgstr "Plural-Forms: nplurals=99999999; plural=n;\\n"\n\nmsgid "a"\nmsgstr "b"\n';
    expect(() => parse("po", noPlurals)).toThrow(FormatParseError);
  });

  it("refuses a plural expression too long or nested too deeply to evaluate", () => {
    expect(parseError(() => parse("po", po(`nplurals=2; plural=${"n+".repeat(600)}n;`))).message).toMatch(/longer than 1000/);
    // 400 parentheses fit in 1,000 characters but not in the nesting bound: the header is not used, the file still reads.
    const deep = parse("po", po(`nplurals=2; plural=${"(".repeat(400)}n${")".repeat(400)};`), { language: "en" });
    expect(deep.entries).toHaveLength(1);
  });

  it("refuses an entry with more msgstr forms than any language has", () => {
    const many = `msgid "a"\nmsgid_plural "b"\n${Array.from({ length: 17 }, (_, i) => `msgstr[${i}] "x"\n`).join("")}`;
    expect(parseError(() => parse("po", many)).message).toMatch(/more than 16 msgstr forms/);
  });

  it("refuses MO strings whose length runs past the end of the file", () => {
    const file = moFile({ strings: [["key", "value"]], forgeLength: { index: 1, length: 1_000_000 } });
    expect(parseError(() => parse("mo", file)).message).toMatch(/string 2 runs past the end of the file/);
    expect(parse("mo", moFile({ strings: [["key", "value"]] })).entries).toEqual([{ key: "key", value: "value", sourceText: "key" }]);
  });

  it("refuses MO system-dependent strings that assemble far more than the file holds", () => {
    // The reported attack, scaled down 50x: one segment referenced by 10,000 pieces in 64 strings
    // (the reported one, a 50,000-byte segment, assembled 500 million characters).
    const bomb = moFile({ segments: ["S".repeat(1000)], sysdep: Array.from({ length: 64 }, () => [Array(157).fill(""), ["x"]]) });
    const before = process.memoryUsage().heapUsed;
    expect(parseError(() => parse("mo", bomb)).message).toMatch(/add up to far more than the file holds/);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  });

  it("reads MO system-dependent strings as msgunfmt prints them", () => {
    const file = moFile({
      segments: ["I", "PRIu64"],
      sysdep: [
        [
          ["%", "d files"],
          ["%", "d Dateien"],
        ],
      ],
    });
    expect(parse("mo", file).entries).toContainEqual({ key: "%Id files", value: "%Id Dateien", sourceText: "%Id files" });
  });

  it("refuses YAML aliases that multiply a map past the file's size", () => {
    const base = Array.from({ length: 2000 }, (_, i) => `  k${i}: v\n`).join("");
    const copies = Array.from({ length: 99 }, (_, i) => `c${i}: *b\n`).join("");
    expect(parseError(() => parse("yaml", `base: &b\n${base}${copies}`)).message).toMatch(/more than 16 times its own size/);
    expect(parse("yaml", "base: &b\n  a: x\ncopy: *b\n").entries.map((e) => e.key)).toEqual(["base.a", "copy.a"]);
  });

  it.each(["json-nested", "yaml"] as FormatId[])("%s refuses one long name shared by many keys", (format) => {
    const name = "n".repeat(20_000);
    const children = Array.from({ length: 5000 }, (_, i) => i);
    const text =
      format === "yaml"
        ? `? ${name}\n:\n${children.map((i) => `  ${i}: ""\n`).join("")}`
        : `{"${name}":{${children.map((i) => `"${i}":""`).join(",")}}}`;
    expect(parseError(() => parse(format, text)).message).toMatch(/more than 16 times its own size/);
  });

  it("finds a duplicate key among 20,000 YAML keys, with its line", () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => `key_${i}: v\n`).join("");
    const err = parseError(() => parse("yaml", `${keys}key_7: again\n`));
    expect(err.message).toMatch(/a key appears twice/);
    expect(err.line).toBe(20_001);
    expect(parse("yaml", keys).entries).toHaveLength(20_000);
  });

  it("keeps a deeply nested ICU value as ICU in ARB (it is not mistaken for plain text)", () => {
    const deep = `${"{a,select,other{".repeat(5000)}x${"}}".repeat(5000)}`;
    const out = serialize("arb", [{ key: "k", value: deep }], { language: "en" }) as string;
    expect(JSON.parse(out).k).toBe(deep);
  });
});
