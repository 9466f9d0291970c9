import { describe, expect, it } from "vitest";
import {
  FORMAT_IDS,
  formats,
  formatsById,
  type GlossaryTermInput,
  isFormatId,
  parse,
  parseGlossary,
  serialize,
  serializeGlossary,
} from "../src/index.js";

describe("format registry", () => {
  it("lists the twelve ids in order", () => {
    expect(FORMAT_IDS).toEqual([
      "json-flat",
      "json-nested",
      "yaml",
      "android-xml",
      "ios-strings",
      "ios-stringsdict",
      "xliff",
      "xliff2",
      "arb",
      "po",
      "pot",
      "mo",
    ]);
    expect(formats.map((f) => f.id)).toEqual([...FORMAT_IDS]);
    expect(formatsById.mo.capabilities.binary).toBe(true);
    expect(isFormatId("po")).toBe(true);
    expect(isFormatId("csv")).toBe(false);
  });
  it("returns bytes only for mo", () => {
    for (const id of FORMAT_IDS) {
      const out = serialize(id, [{ key: "a", value: "b" }], { language: "de" });
      expect(typeof out === "string").toBe(id !== "mo");
    }
  });
});

describe("json-nested leaf/prefix rule", () => {
  it("writes a key under a leaf as a flat dotted property at the conflict level", () => {
    const entries = [
      { key: "a.b", value: "child" },
      { key: "a", value: "leaf" },
      { key: "x.y.z", value: "deep" },
      { key: "x.y", value: "mid" },
      { key: "x.w", value: "sibling" },
    ];
    const out = serialize("json-nested", entries, { language: "en" });
    expect(JSON.parse(out)).toEqual({ "a.b": "child", a: "leaf", x: { "y.z": "deep", y: "mid", w: "sibling" } });
    const back = parse("json-nested", out).entries;
    expect(Object.fromEntries(back.map((e) => [e.key, e.value]))).toEqual(Object.fromEntries(entries.map((e) => [e.key, e.value])));
  });
  it("reports duplicate keys produced by nesting and flat dotted keys", () => {
    const res = parse("json-nested", '{"a": {"b": "1"}, "a.b": "2"}');
    expect(res.entries).toEqual([{ key: "a.b", value: "1" }]);
    expect(res.errors[0]?.message).toMatch(/Duplicate key "a.b"/);
  });
});

describe("yaml", () => {
  it("quotes words YAML 1.1 readers would turn into booleans or null", () => {
    const words = ["yes", "no", "on", "off", "true", "null", "~", "Yes", "NO", "%x", "@x", "a: b", "- x", "#x", "", " x", "1.5", "0x1F"];
    const out = serialize(
      "yaml",
      words.map((w, i) => ({ key: `k${i}`, value: w })),
      { language: "en" },
    );
    for (const line of out.trim().split("\n")) expect(line).toMatch(/^k\d+: ".*"$/);
  });
  it("writes and strips the locale root", () => {
    const out = serialize("yaml", [{ key: "a.b", value: "x" }], { language: "pt-BR", includeLocaleRoot: true });
    expect(out).toBe("pt-BR:\n  a:\n    b: x\n");
    expect(parse("yaml", out, { language: "pt_BR" }).entries).toEqual([{ key: "a.b", value: "x" }]);
  });
});

describe("namespaces", () => {
  it("are dot-joined into keys and only split when asked", () => {
    const out = serialize("json-flat", [{ key: "title", value: "T", namespace: "home" }], { language: "en" });
    expect(JSON.parse(out)).toEqual({ "home.title": "T" });
    expect(parse("json-flat", out).entries).toEqual([{ key: "home.title", value: "T" }]);
    expect(parse("json-flat", out, { namespaceFromFirstSegment: true }).entries).toEqual([{ key: "title", value: "T", namespace: "home" }]);
  });
  it("group XLIFF units into one <file> per namespace", () => {
    const xlf = serialize(
      "xliff",
      [
        { key: "a", value: "A", namespace: "one" },
        { key: "b", value: "B", namespace: "two" },
      ],
      { language: "de", sourceLanguage: "en" },
    );
    expect(xlf.match(/<file /g)).toHaveLength(2);
    expect(xlf).toContain('<file original="one"');
    expect(parse("xliff", xlf).entries.map((e) => e.key)).toEqual(["one.a", "two.b"]);
  });
});

describe("android-xml escaping on write", () => {
  it("escapes like translate-toolkit", () => {
    const out = serialize(
      "android-xml",
      [
        { key: "a", value: 'It\'s "quoted" \\ @home' },
        { key: "b", value: "@start" },
        { key: "c", value: "?start" },
        { key: "d", value: "two  spaces" },
        { key: "e", value: "Hello <b>%1$s</b>" },
        { key: "f", value: "x < y" },
        { key: "g", value: "CDATA <b>kept</b>", metadata: { cdata: true } },
      ],
      { language: "en" },
    );
    expect(out).toContain('<string name="a">It\\\'s \\"quoted\\" \\\\ @home</string>');
    expect(out).toContain('<string name="b">\\@start</string>');
    expect(out).toContain('<string name="c">\\?start</string>');
    expect(out).toContain('<string name="d">"two  spaces"</string>');
    expect(out).toContain('<string name="e">Hello <b>%1$s</b></string>');
    expect(out).toContain('<string name="f">x &lt; y</string>');
    expect(out).toContain('<string name="g">CDATA <b>kept</b></string>');
  });
  it("writes plain text in CDATA when the entry came from CDATA", () => {
    const out = serialize("android-xml", [{ key: "g", value: "a < b", metadata: { cdata: true } }], { language: "en" });
    expect(out).toContain('<string name="g"><![CDATA[a < b]]></string>');
    expect(parse("android-xml", out).entries[0]?.value).toBe("a < b");
  });
});

describe("gettext specifics", () => {
  it("splits msgctxt from the key and writes plural source text", () => {
    const po = serialize(
      "po",
      [
        { key: "menu\u0004Open", value: "Öffnen" },
        {
          key: "%d file",
          value: "{count, plural, one {%d Datei} other {%d Dateien}}",
          sourceText: "{count, plural, one {%d file} other {%d files}}",
        },
      ],
      { language: "de" },
    );
    expect(po).toContain('msgctxt "menu"\nmsgid "Open"\nmsgstr "Öffnen"');
    expect(po).toContain('msgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d Datei"\nmsgstr[1] "%d Dateien"');
  });
  it("POT holds keys without values", () => {
    const res = parse("pot", serialize("pot", [{ key: "Hello", value: "Hallo" }], { language: "de", sourceLanguage: "en" }));
    expect(res.entries).toEqual([{ key: "Hello", value: "", sourceText: "Hello" }]);
  });
  it("MO leaves out fuzzy and empty entries, and reads base64 text", () => {
    const mo = serialize(
      "mo",
      [
        { key: "a", value: "A" },
        { key: "b", value: "B", fuzzy: true },
        { key: "c", value: "" },
      ],
      { language: "de" },
    );
    const res = parse("mo", Buffer.from(mo).toString("base64"));
    expect(res.entries.map((e) => e.key)).toEqual(["a"]);
  });
});

describe("glossary round trip", () => {
  const terms: GlossaryTermInput[] = [
    {
      term: 'Cloud, "the"',
      definition: "Line 1\nLine 2",
      doNotTranslate: false,
      caseSensitive: true,
      translations: [
        { language: "de", value: "Wolke" },
        { language: "fr", value: "nuage" },
      ],
    },
    { term: "ACME & <Co>", doNotTranslate: true, caseSensitive: false, translations: [{ language: "de", value: "ACME" }] },
  ];
  it("csv", () => {
    expect(parseGlossary("csv", serializeGlossary("csv", terms))).toEqual({ terms, errors: [] });
  });
  it("tbx", () => {
    const back = parseGlossary("tbx", serializeGlossary("tbx", terms));
    expect(back.errors).toEqual([]);
    expect(back.terms).toEqual([
      { term: 'Cloud, "the"', definition: "Line 1\nLine 2", caseSensitive: true, translations: terms[0]!.translations },
      { term: "ACME & <Co>", doNotTranslate: true, translations: [{ language: "de", value: "ACME" }] },
    ]);
  });
});
