// The streaming json-flat/json-nested reader against @locale/formats' whole-file parsers: the same
// entries and warnings for the same file, however the bytes are cut into chunks, and the same kind
// of 400 message (with the line) for a file that cannot be read.

import { FormatParseError, parse } from "@locale/formats";
import { describe, expect, it } from "vitest";
import { readJsonEntries } from "../src/import-export/json-entry-reader";

async function* chunks(text: string, size: number): AsyncIterable<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function streamed(format: "json-flat" | "json-nested", text: string, size = 7) {
  const entries: { key: string; value: string }[] = [];
  const errors: { key?: string; line?: number; message: string }[] = [];
  let flushes = 0;
  await readJsonEntries(
    format,
    chunks(text, size),
    (e) => entries.push(e),
    (i) => errors.push(i),
    async () => {
      flushes++;
    },
  );
  return { entries, errors, flushes };
}

const DOCS = [
  { a: "one", b: { c: "two", d: { e: "three" } }, list: ["x", "y"], n: 3, t: true, f: false, z: null, empty: {}, none: [] },
  { "dotted.name": "v", dotted: { other: "w" }, üñí: 'Grüße 👋 "quoted" \\ back\nslash', esc: "a\u0001b" },
  { deep: { a: { b: { c: { d: "leaf" } } } }, mixed: [{ k: "v" }, ["n"], 1.5e3] },
];

describe("readJsonEntries", () => {
  for (const format of ["json-flat", "json-nested"] as const) {
    for (const [i, doc] of DOCS.entries()) {
      it(`${format} document ${i}: the library's entries and warnings, in any chunking`, async () => {
        const text = JSON.stringify(doc, null, 2);
        const expected = parse(format, text);
        for (const size of [1, 7, 1 << 16]) {
          const got = await streamed(format, text, size);
          expect(got.entries).toEqual(expected.entries.map((e) => ({ key: e.key, value: e.value })));
          expect(got.errors).toEqual(expected.errors);
        }
      });
    }
  }

  it("reports unreadable files as FormatParseError naming the line", async () => {
    const bad = '{\n  "a": "one",\n  "b": "two"\n  "c": "three"\n}';
    await expect(streamed("json-flat", bad)).rejects.toThrow(/^The file is not valid JSON: unexpected "c" \(line 4\)$/);
    await expect(streamed("json-flat", '{\n  "a": "one",\n  "b": }')).rejects.toThrow(/line 3/);
    await expect(streamed("json-nested", '{"a": "one",')).rejects.toThrow("The file is not valid JSON: the file ends too early");
    await expect(streamed("json-nested", '{"a": "x"} {"b": "y"}')).rejects.toThrow(FormatParseError);
    await expect(streamed("json-nested", '{"a": tru}')).rejects.toThrow(FormatParseError);
    await expect(streamed("json-flat", "  \n ")).rejects.toThrow("The file is empty.");
    await expect(streamed("json-flat", '["a"]')).rejects.toThrow("The JSON file must contain an object of keys and values.");
    await expect(streamed("json-nested", '"a"')).rejects.toThrow("The file must contain an object of keys and values at its top level.");
    const deep = `${'{"a":'.repeat(65)}"x"${"}".repeat(65)}`;
    await expect(streamed("json-nested", deep)).rejects.toThrow("The file is nested more than 64 levels deep.");
    await expect(streamed("json-flat", deep)).rejects.toThrow("The file is nested more than 64 levels deep.");
    const ok = `${'{"a":'.repeat(64)}"x"${"}".repeat(64)}`;
    await expect(streamed("json-nested", ok)).resolves.toMatchObject({ entries: [{ key: `a${".a".repeat(63)}`, value: "x" }] });
  });

  it("refuses bytes that are not UTF-8 and accepts a UTF-8 byte-order mark", async () => {
    async function* bytes(b: number[]) {
      yield new Uint8Array(b);
    }
    const run = (b: number[]) =>
      readJsonEntries(
        "json-flat",
        bytes(b),
        () => {},
        () => {},
        async () => {},
      );
    await expect(run([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])).rejects.toThrow(
      "The file is not valid UTF-8 or UTF-16 text.",
    );
    const entries: unknown[] = [];
    await readJsonEntries(
      "json-flat",
      bytes([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"a":"b"}')]),
      (e) => entries.push(e),
      () => {},
      async () => {},
    );
    expect(entries).toEqual([{ key: "a", value: "b" }]);
  });

  it("keeps lone surrogates written as escapes (the import skips them with its own message)", async () => {
    const got = await streamed("json-flat", '{"half": "a\\ud800b", "\\udc00k": "v"}', 3);
    expect(got.entries).toEqual([
      { key: "half", value: "a\ud800b" },
      { key: "\udc00k", value: "v" },
    ]);
  });
});
