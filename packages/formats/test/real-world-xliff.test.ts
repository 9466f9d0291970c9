/**
 * Real-world XLIFF (issue 10, defects 3, 7, 11): units whose name/resname repeats, XLIFF 2.0
 * `<target order>`, whitespace-only targets, gettext context keys. Exports are checked with
 * xmllint and read back with translate-toolkit (xliff2po).
 */
import { describe, expect, it } from "vitest";
import { parse, serialize, serializeWithReport } from "../src/index.js";
import { run, tempFile } from "./helpers.js";

function xmllint(xml: string): void {
  const res = run("xmllint", ["--noout", tempFile("out.xlf", xml)]);
  expect(res.stderr).toBe("");
  expect(res.status).toBe(0);
}

/** msgid → msgstr as translate-toolkit reads an XLIFF 1.2 file. */
function xliff2po(xml: string): string {
  const out = tempFile("out.po", "");
  const res = run("xliff2po", ["--progress=none", tempFile("in.xlf", xml), out]);
  expect(res.status).toBe(0);
  return run("cat", [out]).stdout;
}

describe("defect 3: units keyed by a repeating name/resname", () => {
  it("XLIFF 1.2: repeated resname → keyed by id", () => {
    const xml = `<?xml version="1.0"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file original="doc.html" source-language="en" target-language="de" datatype="html"><body>
    <trans-unit id="1" resname="p"><source>First</source><target>Erster</target></trans-unit>
    <trans-unit id="2" resname="p"><source>Second</source><target>Zweiter</target></trans-unit>
    <trans-unit id="3" resname="title"><source>Title</source><target>Titel</target></trans-unit>
  </body></file>
</xliff>`;
    const res = parse("xliff", xml);
    expect(res.errors).toEqual([]);
    expect(res.entries.map((e) => [e.key, e.value])).toEqual([
      ["1", "Erster"],
      ["2", "Zweiter"],
      ["title", "Titel"],
    ]);
  });

  it("XLIFF 2.0: repeated name → keyed by id", () => {
    const xml = `<?xml version="1.0"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">
  <file id="f1">
    <unit id="u1" name="p"><segment><source>First</source><target>Erster</target></segment></unit>
    <unit id="u2" name="p"><segment><source>Second</source><target>Zweiter</target></segment></unit>
  </file>
</xliff>`;
    const res = parse("xliff2", xml);
    expect(res.errors).toEqual([]);
    expect(res.entries.map((e) => [e.key, e.value])).toEqual([
      ["u1", "Erster"],
      ["u2", "Zweiter"],
    ]);
  });
});

describe("defect 7: XLIFF 2.0 <target order>", () => {
  it("joins target parts in the order their `order` gives", () => {
    const xml = `<?xml version="1.0"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">
  <file id="f1">
    <unit id="u1">
      <segment id="s1"><source>Sentence one.</source><target order="3">Satz eins.</target></segment>
      <ignorable><source> </source></ignorable>
      <segment id="s2"><source>Sentence two.</source><target order="1">Satz zwei.</target></segment>
    </unit>
  </file>
</xliff>`;
    expect(parse("xliff2", xml).entries[0]!.value).toBe("Satz zwei. Satz eins.");
  });
});

describe("defect 11: XLIFF exports the tools read as written", () => {
  it("whitespace-only and padded targets carry xml:space=preserve (1.2, read by translate-toolkit)", () => {
    const entries = [
      { key: "blank", value: "   ", sourceText: " " },
      { key: "padded", value: "  zwei  Leerzeichen ", sourceText: "two spaces" },
      { key: "plain", value: "Text", sourceText: "Text" },
    ];
    const xml = serialize("xliff", entries, { language: "de", sourceLanguage: "en" });
    xmllint(xml);
    expect(xml).toContain('<target state="translated" xml:space="preserve">   </target>');
    expect(xml).toContain('<target state="translated">Text</target>');
    const po = xliff2po(xml);
    expect(po).toContain('msgstr "   "');
    expect(po).toContain('msgstr "  zwei  Leerzeichen "');
    const xml2 = serialize("xliff2", entries, { language: "de", sourceLanguage: "en" });
    xmllint(xml2);
    expect(xml2).toContain('<target xml:space="preserve">   </target>');
    expect(parse("xliff2", xml2).entries.map((e) => e.value)).toEqual(["   ", "  zwei  Leerzeichen ", "Text"]);
  });

  it.each(["xliff", "xliff2"] as const)("%s: a gettext context key is no control character in an id, and comes back", (format) => {
    const entries = [
      { key: "menu\u0004Open", value: "Öffnen", sourceText: "Open" },
      { key: "dialog\u0004Open", value: "Öffne", sourceText: "Open" },
      { key: "menu|Open", value: "Literal", sourceText: "x" },
    ];
    const xml = serialize(format, entries, { language: "de", sourceLanguage: "en" });
    xmllint(xml);
    expect(xml).not.toContain("\\u0004");
    expect(xml).not.toContain("\u0004");
    const back = parse(format, xml);
    expect(back.errors).toEqual([]);
    expect(back.entries.map((e) => [e.key, e.value])).toEqual(entries.map((e) => [e.key, e.value]));
  });
});

describe("defect 11: characters XML cannot carry", () => {
  const entries = [
    { key: "bell", value: "ring\u0007 <b>now</b>", sourceText: "ring\u0007" },
    { key: "ok", value: "gut", sourceText: "good" },
    { key: "ctl\u0001key", value: "x", sourceText: "x" },
  ];

  it("XLIFF 2.0 writes them as <cp hex> and reads them back", () => {
    const { output, skipped } = serializeWithReport("xliff2", entries, { language: "de", sourceLanguage: "en" });
    xmllint(output as string);
    expect(output).toContain('<target>ring<cp hex="0007"/> &lt;b&gt;now&lt;/b&gt;</target>');
    expect(skipped.map((s) => s.key)).toEqual(["ctl\u0001key"]);
    expect(parse("xliff2", output as string).entries.map((e) => [e.key, e.value])).toEqual([
      ["bell", "ring\u0007 <b>now</b>"],
      ["ok", "gut"],
    ]);
  });

  it("XLIFF 1.2 has no way to write them: the entry is left out and reported", () => {
    const { output, skipped } = serializeWithReport("xliff", entries, { language: "de", sourceLanguage: "en" });
    xmllint(output as string);
    expect(skipped.map((s) => s.key)).toEqual(["bell", "ctl\u0001key"]);
    expect(output).not.toContain("\\u0007");
    expect(xliff2po(output as string)).toContain('msgstr "gut"');
  });
});
