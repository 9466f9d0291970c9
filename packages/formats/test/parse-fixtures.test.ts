/**
 * Hand-written, real-world-style files: comments, contexts, plurals, CDATA, UTF-16
 * .strings, multiple <file> in XLIFF 1.2, XLIFF 2.0 <segment>/<ignorable>.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type FormatId, parse, parseGlossary } from "../src/index.js";

const dir = join(import.meta.dirname, "fixtures/parse");
const bytes = (name: string) => new Uint8Array(readFileSync(join(dir, name)));
const text = (name: string) => readFileSync(join(dir, name), "utf8");
const values = (format: FormatId, content: string | Uint8Array, options = {}) =>
  Object.fromEntries(parse(format, content, options).entries.map((e) => [e.key, e.value]));

describe("android-xml strings.xml", () => {
  const res = parse("android-xml", text("strings.xml"));
  const v = Object.fromEntries(res.entries.map((e) => [e.key, e.value]));
  it("unescapes like aapt / translate-toolkit", () => {
    expect(v.apostrophe).toBe("Don't stop");
    expect(v.quoted).toBe("It's   spaced  ");
    expect(v.escaped_quotes).toBe('Say "hi"');
    expect(v.newline).toBe("Line one\nLine two\tTabbed");
    expect(v.collapsed).toBe("lots of space");
    expect(v.at_start).toBe("@username");
    expect(v.question).toBe("?attr");
    expect(v.unicode).toBe("Café");
    expect(v.entities).toBe("Tom & Jerry <3");
  });
  it("keeps CDATA content and inline markup as text of the value", () => {
    expect(v.cdata).toBe("<b>Bold</b> & raw");
    expect(v.html).toBe("Hello <b>%1$s</b>, you have <i>new</i> mail");
    expect(v.xliff_g).toBe('Wait <xliff:g id="time" example="5 minutes">%1$s</xliff:g> more');
  });
  it('reads comments as descriptions, plurals as ICU, and skips translatable="false"', () => {
    expect(res.entries[0]).toEqual({ key: "app_name", value: "Locale Demo", description: "Shown in the toolbar" });
    expect(v.songs).toBe("{count, plural, one {%d song} other {%d songs}}");
    expect(v.do_not_translate).toBeUndefined();
    expect(res.entries.find((e) => e.key === "not_formatted")?.metadata).toEqual({ formatted: false });
    expect(res.errors).toEqual([{ key: "planets", message: 'String arrays are not supported; "planets" was skipped.' }]);
  });
});

describe("ios-strings", () => {
  it.each(["Localizable-utf16le.strings", "Localizable-utf16be.strings"])("reads %s with BOM", (name) => {
    const res = parse("ios-strings", bytes(name));
    expect(res.entries).toEqual([
      { key: "window.title", value: "Hauptfenster", description: "Title of the main window" },
      { key: "greeting", value: 'Hallo "Welt"\nNeue Zeile\tTab \\ Backslash', description: "Single line comment" },
      { key: "unicode", value: "Café ☃" },
      { key: "unquoted_key", value: "Unquoted key" },
      { key: "multi\nline key", value: "Wert" },
      { key: "emoji", value: "😀 שלום 中文", description: "A comment\n   spanning lines" },
    ]);
  });
});

describe("ios-stringsdict", () => {
  it("turns plural rules into ICU, including several variables in one format key", () => {
    expect(values("ios-stringsdict", text("Localizable.stringsdict"))).toEqual({
      files_count: "{files, plural, one {%d Datei} other {%d Dateien}}",
      files_in_folders: "{files, plural, one {%d file} other {%d files}} in {folders, plural, one {%ld folder} other {%ld folders}}",
    });
  });
});

describe("xliff 1.2 with several <file> elements", () => {
  const res = parse("xliff", text("multi-file.xlf"));
  it("reads every file, groups, notes, states and inline markup", () => {
    expect(res.entries.map((e) => e.key)).toEqual(["home.title", "buttons.save", "settings.untranslated", "settings.ph"]);
    expect(res.entries[0]).toMatchObject({
      value: "Willkommen & hallo",
      sourceText: "Welcome & hello",
      description: "Title on the home page\ngreeting",
      metadata: { file: "src/app/home.html" },
    });
    expect(res.entries[1]).toMatchObject({ value: 'Jetzt <g id="1" ctype="x-b">speichern</g>', fuzzy: true, maxLength: 12 });
    expect(res.entries[2]).toMatchObject({ value: "", sourceText: "Not yet translated" });
    expect(res.entries[3]?.value).toBe('Hallo <x id="INTERPOLATION" equiv-text="{{ name }}"/>!');
    expect(res.metadata).toEqual({ sourceLanguage: "en", targetLanguage: "de" });
  });
});

describe("xliff 2.0 segments and ignorables", () => {
  const res = parse("xliff2", text("segments.xlf"));
  it("concatenates segment and ignorable text in order", () => {
    expect(res.entries[0]).toEqual({
      key: "intro.text",
      value: "Bonjour le monde. Comment allez-vous ?",
      sourceText: "Hello world. How are you?",
      description: "Two sentences on the landing page",
      context: "landing",
      metadata: { file: "ui.json" },
    });
    expect(res.entries[1]?.value).toBe('Cliquez <pc id="1">ici</pc>');
    expect(res.entries[2]).toMatchObject({ key: "empty", value: "", sourceText: "Not yet" });
  });
});

describe("po", () => {
  const res = parse("po", text("ru.po"));
  const byKey = Object.fromEntries(res.entries.map((e) => [e.key, e]));
  it("keys by msgid and msgctxt, keeps comments, references and flags", () => {
    expect(byKey.Open).toMatchObject({
      value: "Открыть",
      description: "Button on the toolbar",
      metadata: { references: ["src/toolbar.c:42", "src/menu.c:7"] },
    });
    expect(byKey["menu\u0004Open"]).toMatchObject({
      value: "Открыть файл",
      context: "menu",
      description: "Translator note: formal register",
    });
    expect(byKey["Hello %s"]).toMatchObject({ fuzzy: true, metadata: { flags: ["c-format"] } });
  });
  it("joins multi-line strings and ignores obsolete entries", () => {
    expect(byKey["A long message that spans several lines.\nSecond line."]?.value).toBe(
      "Длинное сообщение, которое занимает несколько строк.\nВторая строка.",
    );
    expect(Object.keys(byKey)).not.toContain("Obsolete");
    expect(res.entries).toHaveLength(5);
  });
  it("maps a classic three-form Russian header onto CLDR categories", () => {
    expect(byKey["%d file"]?.value).toBe("{count, plural, one {%d файл} few {%d файла} many {%d файлов} other {%d файлов}}");
    expect(byKey["%d file"]?.sourceText).toBe("{count, plural, one {%d file} other {%d files}}");
  });
  it("keeps the headers", () => {
    expect(res.metadata.headers).toMatchObject({ "Project-Id-Version": "demo 1.0", Language: "ru" });
  });
});

describe("arb", () => {
  it("reads descriptions and placeholders from @key", () => {
    const res = parse("arb", text("app_de.arb"));
    expect(res.entries[1]).toEqual({
      key: "greeting",
      value: "Hallo {name}",
      description: "Greets the user",
      metadata: { placeholders: { name: { type: "String", example: "Bob" } } },
    });
    expect(res.entries[2]?.value).toBe("{count, plural, =0 {keine Wombats} one {1 Wombat} other {{count} Wombats}}");
    expect(res.metadata.locale).toBe("de");
  });
});

describe("yaml", () => {
  it("strips a Rails-style language root and reads YAML 1.2 scalars as text", () => {
    const res = parse("yaml", text("de.yml"), { language: "de" });
    expect(Object.fromEntries(res.entries.map((e) => [e.key, e.value]))).toEqual({
      "activerecord.models.user": "Benutzer",
      greeting: "Hallo %{name}",
      answer: "yes",
      literal_yes: "yes",
      number: "42",
      multiline: "Erste Zeile\nZweite Zeile\n",
    });
    expect(res.errors).toEqual([
      { key: "number", message: '"number" is a number (42), not a string; it was imported as the text "42".' },
      { key: "empty", message: '"empty" has no value and was skipped.' },
    ]);
  });
  it("keeps the root when it is not the language", () => {
    expect(Object.keys(values("yaml", text("de.yml"), { language: "fr" }))[0]).toBe("de.activerecord.models.user");
  });
});

describe("json-nested", () => {
  it("flattens with dots and accepts flat dotted keys beside nesting", () => {
    expect(values("json-nested", text("nested.json"))).toEqual({
      "common.save": "Speichern",
      "common.cancel": "Abbrechen",
      "common.nested.deep": "Tief",
      "common.flat": "Flach",
      count: "3",
    });
  });
  it("applies an explicit namespace without splitting keys", () => {
    const res = parse("json-nested", text("nested.json"), { namespace: "app" });
    expect(res.entries[0]).toEqual({ key: "common.save", value: "Speichern", namespace: "app" });
  });
});

describe("glossary", () => {
  it("reads CSV with quoted cells, flags and language columns", () => {
    const res = parseGlossary("csv", text("glossary.csv"));
    expect(res.terms[0]).toEqual({
      term: "Cloud",
      definition: 'Remote servers, "the cloud"',
      doNotTranslate: false,
      caseSensitive: false,
      translations: [
        { language: "de", value: "Wolke" },
        { language: "fr", value: "nuage" },
      ],
    });
    expect(res.terms[1]).toMatchObject({ term: "ACME", doNotTranslate: true, caseSensitive: true, translations: [] });
    expect(res.terms[2]?.term).toBe("Multi\nline");
    expect(res.errors).toEqual([
      { row: 4, message: 'The "term" cell is empty; the row was skipped.' },
      { row: 5, message: '"doNotTranslate" must be true or false, not "maybe"; the row was skipped.' },
    ]);
  });
  it("requires a term column", () => {
    expect(() => parseGlossary("csv", "name,de\nx,y\n")).toThrow(/no "term" column/);
  });
  it("reads TBX termNotes and approval", () => {
    expect(parseGlossary("tbx", text("glossary.tbx"))).toEqual({
      terms: [
        { term: "Cloud", definition: "Remote servers & services", translations: [{ language: "de", value: "Wolke", approved: true }] },
        { term: "ACME", doNotTranslate: true, caseSensitive: true, translations: [] },
      ],
      errors: [],
    });
  });
});
