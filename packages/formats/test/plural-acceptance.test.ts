/**
 * Acceptance: an Android strings.xml with <plurals> becomes a PO file and a
 * stringsdict with the right plural forms for en, de, ru, ar and ja.
 */
import { describe, expect, it } from "vitest";
import { buildIcuPlural, gettextPluralRule, parse, pluralCategories, pluralFormsHeader, serialize } from "../src/index.js";
import { run, tempFile } from "./helpers.js";

const FORMS: Record<string, Record<string, string>> = {
  en: { one: "%d file", other: "%d files" },
  de: { one: "%d Datei", other: "%d Dateien" },
  ru: { one: "%d файл", few: "%d файла", many: "%d файлов", other: "%d файла (дробь)" },
  ar: { zero: "لا ملفات", one: "ملف واحد", two: "ملفان", few: "%d ملفات", many: "%d ملفًا", other: "%d ملف" },
  ja: { other: "%d 個のファイル" },
};

function androidFile(forms: Record<string, string>): string {
  const items = Object.entries(forms)
    .map(([q, t]) => `        <item quantity="${q}">${t}</item>`)
    .join("\n");
  return `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <plurals name="files_count">\n${items}\n    </plurals>\n    <string name="title">Files</string>\n</resources>\n`;
}

describe.each(Object.keys(FORMS))("Android <plurals> for %s", (language) => {
  const forms = FORMS[language]!;
  const { entries } = parse("android-xml", androidFile(forms));
  const expectedIcu = `{count, plural, ${Object.entries(forms)
    .map(([c, t]) => `${c} {${t}}`)
    .join(" ")}}`;

  it("parses into an ICU plural with the language categories", () => {
    expect(Object.keys(forms)).toEqual(pluralCategories(language));
    expect(entries[0]).toEqual({ key: "files_count", value: expectedIcu });
  });

  it("becomes PO msgstr[n] in gettext's own forms for the language, accepted by msgfmt", () => {
    const po = serialize("po", entries, { language });
    expect(po).toContain(`"Plural-Forms: ${pluralFormsHeader(language)}\\n"`);
    const gettextCategories = gettextPluralRule(language).categories;
    for (const [i, c] of gettextCategories.entries()) expect(po).toContain(`msgstr[${i}] ${JSON.stringify(forms[c])}`);
    expect(po).not.toContain(`msgstr[${gettextCategories.length}]`);
    expect(po).toContain('msgid "files_count"\nmsgid_plural "files_count"');
    const res = run("msgfmt", ["--check", "-o", "/dev/null", tempFile(`${language}.po`, po)]);
    expect(res.stderr).toBe("");
    // A category only fractions select (ru `other`) has no msgstr; reading gives `other` the last form.
    const kept = Object.fromEntries(gettextCategories.map((c) => [c, forms[c]!]));
    kept.other ??= forms[gettextCategories[gettextCategories.length - 1]!]!;
    expect(parse("po", po, { language }).entries[0]?.value).toBe(buildIcuPlural({ argument: "count", forms: kept }));
  });

  it("becomes a stringsdict plural rule that plistlib reads", () => {
    const xml = serialize("ios-stringsdict", entries, { language });
    const script = 'import json, plistlib, sys\nwith open(sys.argv[1], "rb") as f: print(json.dumps(plistlib.load(f), ensure_ascii=False))';
    const res = run("python3", ["-c", script, tempFile(`${language}.stringsdict`, xml)]);
    expect(res.status).toBe(0);
    const plist = JSON.parse(res.stdout) as Record<string, Record<string, unknown>>;
    expect(plist.files_count).toEqual({
      NSStringLocalizedFormatKey: "%#@count@",
      count: { NSStringFormatSpecTypeKey: "NSStringPluralRuleType", NSStringFormatValueTypeKey: "d", ...forms },
    });
    // Not a plural: written as a plain string entry, which the format holds and reads back.
    expect(typeof plist.title).toBe("string");
    expect(parse("ios-stringsdict", xml).entries.find((e) => e.key === "files_count")?.value).toBe(expectedIcu);
  });
});
