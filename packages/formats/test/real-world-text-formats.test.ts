/**
 * Real-world JSON, ARB, YAML and .strings files (issue 10, defects 11 and 12; issue 9's "a JSON
 * number 42 is imported as "42" without a word"): non-ICU text in ARB, single-quoted .strings
 * values, YAML merge keys, duplicate JSON keys, numbers and booleans.
 */
import { describe, expect, it } from "vitest";
import { FormatParseError, parse, serialize } from "../src/index.js";
import { run, tempFile } from "./helpers.js";

describe("defect 11: ARB values are valid ICU", () => {
  it("quotes text that is not ICU, keeping simple {name} arguments", () => {
    const out = serialize("arb", [{ key: "greeting", value: "Hi {name}, {{count}} items, it's {" }], { language: "en" });
    const doc = JSON.parse(out) as Record<string, unknown>;
    expect(doc.greeting).toBe("Hi {name}, '{{'count'}}' items, it''s '{'");
    expect(doc["@greeting"]).toEqual({ placeholders: { name: {} } });
  });

  it("leaves valid ICU untouched", () => {
    const value = "{count, plural, one {# item} other {# items}} for {name}";
    expect((JSON.parse(serialize("arb", [{ key: "k", value }], { language: "en" })) as Record<string, unknown>).k).toBe(value);
  });
});

describe("defect 12: valid inputs that were refused or misread", () => {
  it(".strings: a single-quoted value (Apple's parser accepts it)", () => {
    const res = parse("ios-strings", `"k" = 'v "quoted"';\n'single key' = "x";\n`);
    expect(res.entries).toEqual([
      { key: "k", value: 'v "quoted"' },
      { key: "single key", value: "x" },
    ]);
    // plutil is not on Linux; Python's plistlib does not read old-style plists, so our own re-read is the check.
    expect(parse("ios-strings", serialize("ios-strings", res.entries, { language: "en" })).entries).toEqual(res.entries);
  });

  it("yaml: Rails anchors and merge keys keep the merged keys, and the alias-bomb limit holds", () => {
    const yaml = `en:
  defaults: &defaults
    save: Save
    cancel: Cancel
  form:
    <<: *defaults
    cancel: Abort
`;
    const res = parse("yaml", yaml, { language: "en" });
    expect(Object.fromEntries(res.entries.map((e) => [e.key, e.value]))).toEqual({
      "defaults.save": "Save",
      "defaults.cancel": "Cancel",
      "form.save": "Save",
      "form.cancel": "Abort",
    });
    const bomb = [
      "a: &a [x, x, x, x, x, x, x, x, x, x]",
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(", ")}]`,
      ),
    ].join("\n");
    expect(() => parse("yaml", bomb)).toThrow(FormatParseError);
  });

  it.each(["json-flat", "json-nested", "arb"] as const)("%s: a duplicate key is reported, as every other format does", (format) => {
    const res = parse(format, '{\n  "a": "first",\n  "b": "x",\n  "a": "second"\n}');
    expect(res.errors).toEqual([{ key: "a", line: 4, message: 'Duplicate key "a"; the last occurrence was kept.' }]);
    expect(res.entries.find((e) => e.key === "a")?.value).toBe("second");
  });

  it("json-nested: the same key in different objects is no duplicate", () => {
    expect(parse("json-nested", '{"a": {"x": "1"}, "b": {"x": "2"}, "c": ["x", {"x": "y"}]}').errors).toEqual([]);
  });
});

describe("issue 9: numbers and booleans are imported as text, and said so", () => {
  it.each([
    ["json-flat", '{"count": 42, "on": true, "s": "text"}'],
    ["json-nested", '{"a": {"count": 42, "on": true}, "s": "text"}'],
    ["arb", '{"count": 42, "on": true, "s": "text"}'],
    ["yaml", "count: 42\non: true\ns: text\n"],
  ] as const)("%s", (format, content) => {
    const res = parse(format, content);
    const prefix = format === "json-nested" ? "a." : "";
    expect(res.entries.find((e) => e.key === `${prefix}count`)?.value).toBe("42");
    expect(res.errors).toEqual(
      expect.arrayContaining([
        { key: `${prefix}count`, message: `"${prefix}count" is a number (42), not a string; it was imported as the text "42".` },
      ]),
    );
    expect(res.errors.some((e) => e.key === `${prefix}on` && /a boolean/.test(e.message))).toBe(true);
    expect(res.errors.some((e) => e.key === "s")).toBe(false);
  });
});

describe("defect 11: YAML exports Rails (YAML 1.1) reads as written", () => {
  it("escapes NEL/LS/PS and keeps whitespace-only lines (read back by PyYAML)", () => {
    const entries = [
      { key: "nel", value: "yes\u0085>" },
      { key: "ls\u2028key", value: "x\u2028y\u2029z" },
      { key: "blank_line", value: " \n" },
      { key: "block", value: "l1\n  l2\n" },
    ];
    const out = serialize("yaml", entries, { language: "en" });
    const py = run("python3", [
      "-c",
      "import yaml,sys,json; print(json.dumps(yaml.safe_load(open(sys.argv[1], encoding='utf-8'))))",
      tempFile("n.yml", out),
    ]);
    expect(py.status).toBe(0);
    expect(JSON.parse(py.stdout)).toEqual(Object.fromEntries(entries.map((e) => [e.key, e.value])));
    expect(parse("yaml", out).entries).toEqual(entries);
  });
});
