/**
 * YAML numbers and booleans (Rails' `number.format.precision: 3`, `skip_last_comma: false`)
 * are imported as text with a warning, and a library round trip writes them back as the same
 * kind of scalar while their text is unchanged; anything else is written as a string.
 */

import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { parse, serialize, type TranslationEntry } from "../src/index.js";

const RAILS = `ja:
  number:
    format:
      precision: 3
      delimiter: ","
      rate: -1.5
  support:
    array:
      skip_last_comma: false
      sentence: true
  quoted_number: "3"
  quoted_yes: "yes"
  count: 12
  count.extra: x
`;

const typesOf = (yaml: string) => {
  const out: Record<string, string> = {};
  const walk = (node: unknown, prefix: string) => {
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
      if (v !== null && typeof v === "object") walk(v, `${prefix}${k}.`);
      else out[prefix + k] = `${typeof v}:${String(v)}`;
    }
  };
  walk(parseDocument(yaml, { version: "1.1" }).toJS(), "");
  return out;
};

describe("yaml numbers and booleans", () => {
  const parsed = parse("yaml", RAILS, { language: "ja" });
  const byKey = new Map(parsed.entries.map((e) => [e.key, e]));

  it("are imported as their text, marked with their kind, and reported", () => {
    expect(byKey.get("number.format.precision")).toEqual({
      key: "number.format.precision",
      value: "3",
      metadata: { yamlScalar: "number" },
    });
    expect(byKey.get("support.array.skip_last_comma")?.metadata).toEqual({ yamlScalar: "boolean" });
    expect(byKey.get("quoted_number")).toEqual({ key: "quoted_number", value: "3" });
    expect(parsed.errors.map((e) => e.key).sort()).toEqual([
      "count",
      "number.format.precision",
      "number.format.rate",
      "support.array.sentence",
      "support.array.skip_last_comma",
    ]);
  });

  it("keep their type on a library round trip; strings that look like them stay strings", () => {
    const out = serialize("yaml", parsed.entries, { language: "ja", includeLocaleRoot: true });
    // Read as YAML 1.1, the rules of Rails' Psych.
    expect(typesOf(out)).toEqual({
      "ja.number.format.precision": "number:3",
      "ja.number.format.delimiter": "string:,",
      "ja.number.format.rate": "number:-1.5",
      "ja.support.array.skip_last_comma": "boolean:false",
      "ja.support.array.sentence": "boolean:true",
      "ja.quoted_number": "string:3",
      "ja.quoted_yes": "string:yes",
      "ja.count": "number:12",
      "ja.count.extra": "string:x",
    });
    expect(parse("yaml", out, { language: "ja" }).entries).toEqual(parsed.entries);
  });

  it("become strings once the text is no longer exactly that number or boolean", () => {
    const edited: TranslationEntry[] = parsed.entries.map((e) =>
      e.key === "number.format.precision"
        ? { ...e, value: "03" }
        : e.key === "count"
          ? { ...e, value: "zwölf" }
          : e.key === "support.array.skip_last_comma"
            ? { ...e, value: "False" }
            : e,
    );
    const types = typesOf(serialize("yaml", edited, { language: "ja" }));
    expect(types["number.format.precision"]).toBe("string:03");
    expect(types.count).toBe("string:zwölf");
    expect(types["support.array.skip_last_comma"]).toBe("string:False");
  });

  it("without the mark (the service stores only text) are written as strings", () => {
    const plain = parsed.entries.map(({ key, value }) => ({ key, value }));
    const types = typesOf(serialize("yaml", plain, { language: "ja" }));
    expect(types["number.format.precision"]).toBe("string:3");
    expect(types["support.array.skip_last_comma"]).toBe("string:false");
  });

  it("keep their type when another value needs escapes (the Document path)", () => {
    const withTab = [...parsed.entries, { key: "tabbed", value: "a\tb" }];
    const types = typesOf(serialize("yaml", withTab, { language: "ja" }));
    expect(types["number.format.precision"]).toBe("number:3");
    expect(types.tabbed).toBe("string:a\tb");
  });
});
