/**
 * Fidelity defects of issue 31: files written back as they came. Android `<plurals>` for ru/uk
 * with and without `other` (checked with aapt2), Ukrainian MO plural forms through a library
 * round trip (checked with msgfmt/msgunfmt), plain strings in a stringsdict (plistlib).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse, serialize, serializeWithReport } from "../src/index.js";
import { run, tempFile } from "./helpers.js";

function aapt2Dump(xml: string): string {
  const dir = mkdtempSync(join(tmpdir(), "aapt2-"));
  mkdirSync(join(dir, "res", "values"), { recursive: true });
  writeFileSync(join(dir, "res", "values", "strings.xml"), xml);
  const compiled = run("aapt2", ["compile", "--dir", join(dir, "res"), "-o", join(dir, "out.zip")]);
  expect(compiled.stderr).toBe("");
  expect(run("unzip", ["-q", "-o", join(dir, "out.zip"), "-d", join(dir, "flat")]).status).toBe(0);
  const dump = run("aapt2", ["dump", "apc", join(dir, "flat", "values_strings.arsc.flat")]);
  expect(dump.status).toBe(0);
  return dump.stdout;
}

const android = (body: string) => `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n${body}\n</resources>\n`;
const quantities = (xml: string, name: string) =>
  [...(new RegExp(`<plurals name="${name}"[^>]*>([\\s\\S]*?)</plurals>`).exec(xml)?.[1] ?? "").matchAll(/quantity="(\w+)"/g)].map(
    (m) => m[1],
  );

describe("Android <plurals> for ru/uk are written back with the items they came with", () => {
  it.each(["ru", "uk"])("%s: an `other` equal to `many` stays, a plural without `other` gains none", (language) => {
    const xml = android(`    <plurals name="kept">
        <item quantity="one">%d файл</item>
        <item quantity="few">%d файла</item>
        <item quantity="many">%d файлов</item>
        <item quantity="other">%d файлов</item>
    </plurals>
    <plurals name="without">
        <item quantity="one">%d день</item>
        <item quantity="many">%d дней</item>
        <item quantity="few">%d дня</item>
    </plurals>`);
    const parsed = parse("android-xml", xml, { language });
    expect(parsed.errors).toEqual([]);
    const out = serialize("android-xml", parsed.entries, { language });
    expect(quantities(out, "kept")).toEqual(["one", "few", "many", "other"]);
    expect(quantities(out, "without")).toEqual(["one", "few", "many"]);
    const dump = aapt2Dump(out);
    expect(dump).toMatch(/kept[\s\S]*other="%d файлов"/);
    // ICU needs `other`: it repeats the last form in CLDR order, whatever order the file used.
    expect(parsed.entries.find((e) => e.key === "without")?.value).toBe(
      "{count, plural, one {%d день} few {%d дня} many {%d дней} other {%d дней}}",
    );
    // Written again from what it wrote, the file stays the same.
    expect(serialize("android-xml", parse("android-xml", out).entries, { language })).toBe(out);
  });
});

describe("MO plural forms for Ukrainian survive a library round trip", () => {
  const po = (language: string, pluralForms: string) =>
    [
      'msgid ""',
      'msgstr ""',
      '"Project-Id-Version: app 1.0\\n"',
      `"Language: ${language}\\n"`,
      '"MIME-Version: 1.0\\n"',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      '"Content-Transfer-Encoding: 8bit\\n"',
      `"Plural-Forms: ${pluralForms}\\n"`,
      "",
      'msgid "%d file"',
      'msgid_plural "%d files"',
      'msgstr[0] "%d файл"',
      'msgstr[1] "%d файли"',
      'msgstr[2] "%d файлів"',
      "",
    ].join("\n");

  it.each([
    ["uk", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"],
    ["uk_UA", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"],
    // Launchpad's spelling of the same rule, with the POSIX locale name msginit writes.
    ["uk_UA", "nplurals=3; plural=(n%10==1 && n%100!=11) ? 0 : ((n%10>=2 && n%10<=4 && (n%100<12 || n%100>14)) ? 1 : 2);"],
  ])("Language: %s, %s: 3 forms in, the same 3 out", (language, pluralForms) => {
    const mo = tempFile("uk.mo", new Uint8Array());
    const compiled = run("msgfmt", ["--check", "-o", mo, tempFile("uk.po", po(language, pluralForms))]);
    expect(compiled.status).toBe(0);
    const parsed = parse("mo", new Uint8Array(readFileSync(mo)));
    expect(parsed.entries[0]?.value).toBe("{count, plural, one {%d файл} few {%d файли} many {%d файлів} other {%d файлів}}");
    const out = serialize("mo", parsed.entries, { language });
    const dumped = run("msgunfmt", [tempFile("out.mo", out)]);
    expect(dumped.status).toBe(0);
    expect(dumped.stdout).toMatch(/nplurals=3;/);
    expect(dumped.stdout).toContain('msgstr[0] "%d файл"\nmsgstr[1] "%d файли"\nmsgstr[2] "%d файлів"');
    expect(dumped.stdout).not.toContain("msgstr[3]");
    expect(parse("mo", out).entries[0]?.value).toBe(parsed.entries[0]?.value);
  });
});

describe("a .stringsdict entry holding a plain string", () => {
  it("is written back as the plain string it was (plistlib reads it)", () => {
    const file = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>title</key>
	<string>Inbox &amp; more</string>
	<key>files</key>
	<dict>
		<key>NSStringLocalizedFormatKey</key>
		<string>%#@count@</string>
		<key>count</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>d</string>
			<key>one</key>
			<string>%d file</string>
			<key>other</key>
			<string>%d files</string>
		</dict>
	</dict>
</dict>
</plist>
`;
    const parsed = parse("ios-stringsdict", file);
    const { output, skipped } = serializeWithReport("ios-stringsdict", parsed.entries, { language: "en" });
    expect(skipped).toEqual([]);
    expect(output).toBe(file);
    const script = 'import json, plistlib, sys\nwith open(sys.argv[1], "rb") as f: print(json.dumps(plistlib.load(f)))';
    const res = run("python3", ["-c", script, tempFile("out.stringsdict", output as string)]);
    expect(res.status).toBe(0);
    expect(JSON.parse(res.stdout).title).toBe("Inbox & more");
  });
});
