/**
 * Real-world gettext files (issue 10, defects 4, 9, 10, 12): plural forms as GNU gettext writes
 * them per language, msgids kept exactly, MO system-dependent strings, plurals without a
 * Plural-Forms header. Every export is checked with msgfmt --check or msgunfmt.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse, pluralFormsHeader, serialize, serializeWithReport } from "../src/index.js";
import { run, tempFile } from "./helpers.js";

const header = (language: string, pluralForms?: string) =>
  [
    'msgid ""',
    'msgstr ""',
    `"Language: ${language}\\n"`,
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    ...(pluralForms ? [`"Plural-Forms: ${pluralForms}\\n"`] : []),
    "",
  ].join("\n");

function msgfmtCheck(po: string): void {
  const res = run("msgfmt", ["--check", "-o", "/dev/null", tempFile("check.po", po)]);
  expect(res.stderr).toBe("");
  expect(res.status).toBe(0);
}

/** The msgstr[n] of `msgid` as msgunfmt prints them from our MO. */
function msgunfmtPlurals(mo: Uint8Array): string {
  const res = run("msgunfmt", [tempFile("out.mo", mo)]);
  expect(res.status).toBe(0);
  return res.stdout;
}

describe("defect 9: PO/MO plural forms follow GNU gettext's Plural-Forms per language", () => {
  it.each([
    ["cs", 3, "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"],
    ["sk", 3, "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"],
    ["ru", 3, "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"],
    ["uk", 3, "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"],
    ["pl", 3, "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"],
    ["fr", 2, "nplurals=2; plural=(n > 1);"],
    ["pt-BR", 2, "nplurals=2; plural=(n > 1);"],
    ["es", 2, "nplurals=2; plural=(n != 1);"],
    ["ja", 1, "nplurals=1; plural=0;"],
  ])("%s has %i forms, the header msginit writes", (language, n, expected) => {
    expect(pluralFormsHeader(language)).toBe(expected);
    const pot = tempFile("x.pot", 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n');
    const res = run("msginit", ["--no-translator", "-l", language.replace("-", "_"), "-i", pot, "-o", "-"]);
    const fromMsginit = /nplurals=\d+;[^\\]*;/.exec(res.stdout.replace(/"\n"/g, ""))?.[0];
    expect(fromMsginit).toBe(expected);
    expect(Number(/nplurals=(\d+)/.exec(expected)![1])).toBe(n);
  });

  it("a 3-form Czech PO comes back with the same 3 forms", () => {
    const po = `${header("cs", "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;")}
msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d soubor"
msgstr[1] "%d soubory"
msgstr[2] "%d souborů"
`;
    const entry = parse("po", po, { language: "cs" }).entries[0]!;
    expect(entry.value).toBe("{count, plural, one {%d soubor} few {%d soubory} other {%d souborů}}");
    const out = serialize("po", [entry], { language: "cs" });
    msgfmtCheck(out);
    expect(out).toContain('msgstr[0] "%d soubor"\nmsgstr[1] "%d soubory"\nmsgstr[2] "%d souborů"\n');
    expect(out).not.toContain("msgstr[3]");
    expect(parse("po", out, { language: "cs" }).entries[0]!.value).toBe(entry.value);
  });

  it("a 3-form Russian PO round-trips through PO and MO without gaining a fourth form", () => {
    const po = `${header("ru", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")}
msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d файл"
msgstr[1] "%d файла"
msgstr[2] "%d файлов"
`;
    const entry = parse("po", po, { language: "ru" }).entries[0]!;
    const out = serialize("po", [entry], { language: "ru" });
    msgfmtCheck(out);
    expect(out).not.toContain("msgstr[3]");
    expect(parse("po", out, { language: "ru" }).entries[0]!.value).toBe(entry.value);
    const text = msgunfmtPlurals(serialize("mo", [entry], { language: "ru" }));
    expect(text).toContain('msgstr[0] "%d файл"\nmsgstr[1] "%d файла"\nmsgstr[2] "%d файлов"\n');
    expect(text).not.toContain("msgstr[3]");
  });

  it("French is exported with 2 forms, CLDR's `many` left to `other`", () => {
    const value = "{count, plural, one {# fichier} many {# de fichiers} other {# fichiers}}";
    const out = serialize("po", [{ key: "%d file", value, sourceText: "{count, plural, one {%d file} other {%d files}}" }], {
      language: "fr",
    });
    msgfmtCheck(out);
    expect(out).toContain("nplurals=2; plural=(n > 1);");
    expect(out).toContain('msgstr[0] "# fichier"\nmsgstr[1] "# fichiers"\n');
    expect(out).not.toContain("msgstr[2]");
  });
});

describe("defect 12: a PO plural without a Plural-Forms header", () => {
  const body = `
msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d файл"
msgstr[1] "%d файла"
msgstr[2] "%d файлов"
`;
  it("keeps msgstr[2] using the language's gettext rule", () => {
    const res = parse("po", header("ru") + body, { language: "ru" });
    expect(res.entries[0]!.value).toBe("{count, plural, one {%d файл} few {%d файла} many {%d файлов} other {%d файлов}}");
    expect(res.errors).toEqual([]);
  });

  it("keeps every form by their count when no language is known either", () => {
    const res = parse("po", `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n${body}`);
    expect(res.entries[0]!.value).toContain("%d файлов");
    expect(res.errors).toEqual([]);
  });

  it("reports extra forms that the header has no room for instead of dropping them silently", () => {
    const res = parse("po", header("ru", "nplurals=2; plural=(n != 1);") + body, { language: "ru" });
    expect(res.errors).toEqual([expect.objectContaining({ key: "%d file", message: expect.stringContaining("3 plural forms") })]);
  });
});

describe("defect 10: msgids are kept exactly", () => {
  const po = `${header("de", "nplurals=2; plural=(n != 1);")}
msgid "Usage: prog [OPTION]\\n"
msgstr "Aufruf: prog [OPTION]\\n"

msgid "  --help  show help\\n"
msgstr "  --help  Hilfe zeigen\\n"

msgid " trailing space "
msgstr " Leerzeichen "

msgctxt "menu "
msgid "Open"
msgstr "Öffnen"
`;
  it("reads msgids with newlines and surrounding spaces as their own keys, and writes them back", () => {
    const res = parse("po", po, { language: "de" });
    expect(res.entries.map((e) => [e.key, e.value])).toEqual([
      ["Usage: prog [OPTION]\n", "Aufruf: prog [OPTION]\n"],
      ["  --help  show help\n", "  --help  Hilfe zeigen\n"],
      [" trailing space ", " Leerzeichen "],
      ["menu \u0004Open", "Öffnen"],
    ]);
    const out = serialize("po", res.entries, { language: "de" });
    msgfmtCheck(out);
    expect(parse("po", out, { language: "de" }).entries.map((e) => [e.key, e.value])).toEqual(res.entries.map((e) => [e.key, e.value]));
    const text = msgunfmtPlurals(serialize("mo", res.entries, { language: "de" }));
    expect(text).toContain('msgid "Usage: prog [OPTION]\\n"\nmsgstr "Aufruf: prog [OPTION]\\n"');
  });

  it("leaves out (and reports) a translation whose trailing newline differs from its msgid's", () => {
    const { output, skipped } = serializeWithReport(
      "po",
      [
        { key: "Line\n", value: "Zeile" },
        { key: "ok", value: "gut" },
      ],
      { language: "de" },
    );
    msgfmtCheck(output as string);
    expect(skipped).toEqual([{ key: "Line\n", reason: expect.stringContaining("newline") }]);
    expect(output).toContain('msgid "ok"');
  });
});

describe("defect 4: MO system-dependent strings (revision 1)", () => {
  const po = `${header("fa", "nplurals=2; plural=(n > 1);")}
#, c-format
msgid "%Id files"
msgstr "%Id فایل"

#, c-format
msgid "size %<PRIu64> bytes"
msgstr "اندازه %<PRIu64> بایت"

#, c-format
msgid "one %<PRId64> item"
msgid_plural "%<PRId64> items"
msgstr[0] "x %<PRId64>"
msgstr[1] "y %<PRId64>"

msgctxt "ctx"
msgid "at %<PRIu32>"
msgstr "در %<PRIu32>"

msgid "plain"
msgstr "ساده"
`;
  it.each(["little", "big"])("reads what msgunfmt reads from msgfmt's %s-endian file", (endianness) => {
    const moPath = tempFile("sysdep.mo", "");
    expect(run("msgfmt", [`--endianness=${endianness}`, "-o", moPath, tempFile("sysdep.po", po)]).status).toBe(0);
    const res = parse("mo", new Uint8Array(readFileSync(moPath)), { language: "fa" });
    const map = Object.fromEntries(res.entries.map((e) => [e.key, e.value]));
    expect(map).toEqual({
      plain: "ساده",
      "%Id files": "%Id فایل",
      "size %<PRIu64> bytes": "اندازه %<PRIu64> بایت",
      "one %<PRId64> item": "{count, plural, one {x %<PRId64>} other {y %<PRId64>}}",
      "ctx\u0004at %<PRIu32>": "در %<PRIu32>",
    });
    // The independent reader agrees on every message.
    const text = run("msgunfmt", [moPath]).stdout;
    for (const s of ['msgid "%Id files"', 'msgid "size %<PRIu64> bytes"', 'msgstr[1] "y %<PRId64>"', 'msgctxt "ctx"']) {
      expect(text).toContain(s);
    }
  });
});

describe("defect 9: a re-export keeps the forms the file came with where teams use more than msginit", () => {
  it.each([
    ["ga", "nplurals=5; plural=n==1 ? 0 : n==2 ? 1 : n<7 ? 2 : n<11 ? 3 : 4;", 5],
    ["ga", "nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;", 3],
    ["gd", "nplurals=4; plural=(n==1 || n==11) ? 0 : (n==2 || n==12) ? 1 : (n > 2 && n < 20) ? 2 : 3;", 4],
  ])("%s with %s", (language, pluralForms, n) => {
    const strs = Array.from({ length: n }, (_, i) => `msgstr[${i}] "form ${i} %d"`).join("\n");
    const po = `${header(language, pluralForms)}\nmsgid "%d file"\nmsgid_plural "%d files"\n${strs}\n`;
    const entries = parse("po", po, { language }).entries;
    const out = serialize("po", entries, { language });
    msgfmtCheck(out);
    expect(out).toContain(`nplurals=${n};`);
    for (let i = 0; i < n; i++) expect(out).toContain(`msgstr[${i}] "form ${i} %d"`);
    expect(out).not.toContain(`msgstr[${n}]`);
  });
});
