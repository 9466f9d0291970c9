/**
 * Real-world Android strings.xml (issue 10, defects 2, 5, 6, 8, 11): plurals without `other`,
 * resource references, `product=` variants, numeric plural items, keys that are not resource
 * names. Every export is compiled with aapt2 and read back from its compiled table.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse, serialize, serializeWithReport } from "../src/index.js";
import { run } from "./helpers.js";

/** Compile a strings.xml with aapt2 and return its dump (fails the test when aapt2 refuses it). */
function aapt2(xml: string): string {
  const dir = mkdtempSync(join(tmpdir(), "aapt2-"));
  mkdirSync(join(dir, "res", "values"), { recursive: true });
  writeFileSync(join(dir, "res", "values", "strings.xml"), xml);
  const compiled = run("aapt2", ["compile", "--dir", join(dir, "res"), "-o", join(dir, "out.zip")]);
  expect(compiled.stderr).toBe("");
  expect(compiled.status).toBe(0);
  const flat = join(dir, "flat");
  expect(run("unzip", ["-q", "-o", join(dir, "out.zip"), "-d", flat]).status).toBe(0);
  const dump = run("aapt2", ["dump", "apc", join(flat, "values_strings.arsc.flat")]);
  expect(dump.status).toBe(0);
  return dump.stdout;
}

const file = (body: string) => `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n${body}\n</resources>\n`;

describe('defect 2: <plurals> without quantity="other"', () => {
  const xml = file(`    <plurals name="days">
        <item quantity="one">%d день</item>
        <item quantity="few">%d дні</item>
        <item quantity="many">%d днів</item>
    </plurals>`);

  it("is kept, `other` repeating the last form, and written back as it came", () => {
    const res = parse("android-xml", xml);
    expect(res.errors).toEqual([]);
    expect(res.entries).toEqual([
      {
        key: "days",
        value: "{count, plural, one {%d день} few {%d дні} many {%d днів} other {%d днів}}",
        metadata: { pluralOther: false },
      },
    ]);
    const out = serialize("android-xml", res.entries, { language: "uk" });
    expect(out).not.toContain('quantity="other"');
    // Through the service (no metadata), an `other` repeating the last form is still left out for uk.
    expect(serialize("android-xml", [{ key: "days", value: res.entries[0]!.value }], { language: "uk" })).not.toContain('quantity="other"');
    const dump = aapt2(out);
    expect(dump).toContain('one="%d день"');
    expect(dump).toContain('many="%d днів"');
    expect(dump).not.toContain("other=");
  });

  it("keeps `other` for a language whose integers select it", () => {
    const value = "{count, plural, one {%d soubor} few {%d soubory} other {%d soubory}}";
    expect(serialize("android-xml", [{ key: "files", value }], { language: "cs" })).toContain('quantity="other"');
  });
});

describe("defect 5: resource references", () => {
  const xml = file(`    <string name="app_name">App</string>
    <string name="title">@string/app_name</string>
    <string name="color">?attr/colorPrimary</string>
    <string name="framework">@android:string/ok</string>
    <string name="literal">\\@string/app_name</string>
    <string name="mail">\\@home</string>`);

  it("stay references on export, while escaped ones stay text", () => {
    const res = parse("android-xml", xml);
    const out = serialize("android-xml", res.entries, { language: "en" });
    expect(out).toContain('<string name="title">@string/app_name</string>');
    expect(out).toContain('<string name="color">?attr/colorPrimary</string>');
    expect(out).toContain('<string name="framework">@android:string/ok</string>');
    expect(out).toContain('<string name="literal">\\@string/app_name</string>');
    expect(out).toContain('<string name="mail">\\@home</string>');
    const dump = aapt2(out);
    expect(dump).toMatch(/string\/title\n\s+\(\) @string\/app_name /);
    expect(dump).toMatch(/string\/literal\n\s+\(\) "@string\/app_name" /);
  });

  it("a reference value written through the service (no metadata) is a reference", () => {
    const out = serialize("android-xml", [{ key: "title", value: "@string/app_name" }], { language: "en" });
    expect(out).toContain('<string name="title">@string/app_name</string>');
  });
});

describe("defect 6: product= variants", () => {
  const xml = file(`    <string name="hint" product="tablet">Tap the tablet</string>
    <string name="hint" product="default">Tap the phone</string>
    <string name="other" product="tv">TV only</string>`);

  it("are kept as keys of their own and written back with their product", () => {
    const res = parse("android-xml", xml);
    expect(res.errors).toEqual([]);
    expect(res.entries.map((e) => [e.key, e.value])).toEqual([
      ["hint[product=tablet]", "Tap the tablet"],
      ["hint", "Tap the phone"],
      ["other[product=tv]", "TV only"],
    ]);
    const out = serialize("android-xml", res.entries, { language: "en" });
    expect(out).toContain('<string name="hint" product="tablet">Tap the tablet</string>');
    expect(out).toContain('<string name="hint" product="default">Tap the phone</string>');
    const dump = aapt2(out);
    expect(dump).toContain('"Tap the tablet"');
    expect(dump).toContain('"Tap the phone"');
    expect(parse("android-xml", out).entries.map((e) => [e.key, e.value])).toEqual(res.entries.map((e) => [e.key, e.value]));
  });
});

describe("defect 8: numeric plural items keep their quotes", () => {
  it('writes "+1" and "12" quoted so aapt keeps them strings', () => {
    const xml = file(`    <plurals name="score">
        <item quantity="one">"+1"</item>
        <item quantity="other">"12"</item>
    </plurals>`);
    const res = parse("android-xml", xml);
    expect(res.entries[0]!.value).toBe("{count, plural, one {+1} other {12}}");
    const out = serialize("android-xml", res.entries, { language: "en" });
    expect(out).toContain('<item quantity="one">"+1"</item>');
    expect(out).toContain('<item quantity="other">"12"</item>');
    const dump = aapt2(out);
    expect(dump).toContain('one="+1"');
    expect(parse("android-xml", out).entries[0]!.value).toBe(res.entries[0]!.value);
  });
});

describe("defect 11: keys that are not Android resource names", () => {
  it("are left out and reported, and aapt2 accepts the rest", () => {
    const { output, skipped } = serializeWithReport(
      "android-xml",
      [
        { key: "Hello, world!", value: "Hallo" },
        { key: "menu\u0004Open", value: "Öffnen" },
        { key: "ok_button", value: "OK" },
        { key: "title", namespace: "home", value: "Start" },
        { key: "9lives", value: "x" },
      ],
      { language: "de" },
    );
    expect(skipped.map((s) => s.key)).toEqual(["Hello, world!", "menu\u0004Open", "9lives"]);
    expect(output).not.toContain("\\u0004");
    const dump = aapt2(output as string);
    expect(dump).toContain("string/ok_button");
    expect(dump).toContain("string/home.title");
  });
});

describe("defect 11: values with several non-positional substitutions", () => {
  it('are written formatted="false" so aapt2 accepts the file', () => {
    const out = serialize(
      "android-xml",
      [
        { key: "two", value: "%s of %s" },
        { key: "one", value: "%s and 100%%" },
        { key: "positional", value: "%1$s of %2$s" },
        { key: "counts", value: "{count, plural, one {%d of %d} other {%d of %d}}" },
      ],
      { language: "en" },
    );
    expect(out).toContain('<string name="two" formatted="false">%s of %s</string>');
    expect(out).toContain('<string name="one">%s and 100%%</string>');
    expect(out).toContain('<string name="positional">%1$s of %2$s</string>');
    expect(out).toContain('<plurals name="counts" formatted="false">');
    aapt2(out);
  });
});
