/**
 * Our output checked by independent tools: msgfmt/msgunfmt (gettext), xmllint
 * (libxml2-utils) and Python's plistlib. Missing tools fail these tests.
 */

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildIcuPlural, type FormatId, gettextPluralRule, parse, serialize, type TranslationEntry } from "../src/index.js";
import { run, tempFile } from "./helpers.js";

function sampleEntries(language: string): TranslationEntry[] {
  // The forms gettext holds for the language; `other`, when only fractions select it (ru), repeats the last.
  const categories = gettextPluralRule(language).categories;
  const forms = Object.fromEntries(categories.map((c) => [c, `${c}: %d "Datei" \\ <b>x</b>`]));
  forms.other ??= forms[categories[categories.length - 1]!]!;
  return [
    { key: "hello", value: 'Hallo "Welt"\n\tzweite Zeile \\ %s %1$d {name} 😀', description: "Greeting on the home page" },
    { key: `menu${"\u0004"}Open`, value: "Öffnen", description: "File menu" },
    { key: "files", value: buildIcuPlural({ argument: "count", forms }), sourceText: "{count, plural, one {%d file} other {%d files}}" },
    { key: "markup", value: "Tap <b>here</b> & go" },
    { key: "fuzzy", value: "Vielleicht", fuzzy: true },
  ];
}

const LANGUAGES = ["en", "de", "ru", "ar", "ja", "fr", "pl", "cs"];

describe("gettext tools accept our files", () => {
  it.each(LANGUAGES)("msgfmt --check accepts our PO for %s", (language) => {
    const po = serialize("po", sampleEntries(language), { language });
    const path = tempFile(`${language}.po`, po);
    const res = run("msgfmt", ["--check", "-o", "/dev/null", path]);
    expect(res.stderr).toBe("");
    expect(res.status).toBe(0);
  });

  it("msgfmt --check accepts our POT", () => {
    const pot = serialize("pot", sampleEntries("en"), { language: "en", sourceLanguage: "en" });
    const res = run("msgfmt", ["--check", "-o", "/dev/null", tempFile("messages.pot", pot)]);
    expect(res.stderr).toBe("");
    expect(res.status).toBe(0);
  });

  it.each(["de", "ru", "ar", "ja"])("msgunfmt reads our MO for %s back", (language) => {
    const entries = sampleEntries(language);
    const mo = serialize("mo", entries, { language });
    const res = run("msgunfmt", [tempFile(`${language}.mo`, mo)]);
    expect(res.status).toBe(0);
    // Re-read msgunfmt's PO with our parser: same keys and values (fuzzy left out, as msgfmt does).
    const back = parse("po", res.stdout, { language });
    const expected = entries.filter((e) => !e.fuzzy).map((e) => [e.key, e.value]);
    expect(back.entries.map((e) => [e.key, e.value])).toEqual(expect.arrayContaining(expected));
    expect(back.entries).toHaveLength(expected.length);
  });

  it("our MO parser reads msgfmt output (both byte orders)", () => {
    const po = serialize("po", sampleEntries("ru"), { language: "ru" });
    const poPath = tempFile("ru.po", po);
    for (const endianness of ["little", "big"]) {
      const moPath = tempFile(`ru-${endianness}.mo`, "");
      expect(run("msgfmt", [`--endianness=${endianness}`, "-o", moPath, poPath]).status).toBe(0);
      const bytes = new Uint8Array(readFileSync(moPath));
      const back = parse("mo", bytes, { language: "ru" });
      expect(back.entries.find((e) => e.key === "files")?.value).toBe(sampleEntries("ru")[2]!.value);
    }
  });
});

describe("xmllint accepts our XML", () => {
  const xmlFormats: FormatId[] = ["android-xml", "xliff", "xliff2", "ios-stringsdict"];
  it.each(xmlFormats)("%s is well-formed", (format) => {
    const xml = serialize(format, sampleEntries("ru"), { language: "ru", sourceLanguage: "en" }) as string;
    const res = run("xmllint", ["--noout", tempFile(`out.${format}.xml`, xml)]);
    expect(res.stderr).toBe("");
    expect(res.status).toBe(0);
  });

  it("tbx is well-formed", async () => {
    const { serializeGlossary } = await import("../src/index.js");
    const tbx = serializeGlossary("tbx", [
      {
        term: 'Cloud & "Co"',
        definition: "A <thing>",
        doNotTranslate: true,
        caseSensitive: true,
        translations: [{ language: "de", value: "Wolke", approved: true }],
      },
    ]);
    const res = run("xmllint", ["--noout", tempFile("out.tbx", tbx)]);
    expect(res.stderr).toBe("");
    expect(res.status).toBe(0);
  });
});

describe("python plistlib reads our stringsdict", () => {
  it("sees the plural rule dictionary", () => {
    const xml = serialize("ios-stringsdict", sampleEntries("ru"), { language: "ru" }) as string;
    const path = tempFile("Localizable.stringsdict", xml);
    const script = [
      "import json, plistlib, sys",
      'with open(sys.argv[1], "rb") as f: d = plistlib.load(f)',
      'print(json.dumps(d["files"], ensure_ascii=False))',
    ].join("\n");
    const res = run("python3", ["-c", script, path]);
    expect(res.status).toBe(0);
    const files = JSON.parse(res.stdout) as Record<string, unknown>;
    expect(files.NSStringLocalizedFormatKey).toBe("%#@count@");
    expect(files.count).toMatchObject({
      NSStringFormatSpecTypeKey: "NSStringPluralRuleType",
      NSStringFormatValueTypeKey: "d",
      one: 'one: %d "Datei" \\ <b>x</b>',
      few: 'few: %d "Datei" \\ <b>x</b>',
      many: 'many: %d "Datei" \\ <b>x</b>',
      other: 'many: %d "Datei" \\ <b>x</b>',
    });
  });
});
