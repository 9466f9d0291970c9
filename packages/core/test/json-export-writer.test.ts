// The streaming JSON export writer against @locale/formats' serializers: byte-identical files for
// entries in full-key order (prefix conflicts, repeated full keys, escapes included), the same cut
// at a byte limit, and a refusal (so the export falls back to the library) for integer-like names.
import { serialize, type TranslationEntry } from "@locale/formats";
import { describe, expect, it } from "vitest";
import { JsonExportWriter, StreamOrderLost } from "../src/import-export/json-export-writer";

const fullKey = (e: TranslationEntry) => (e.namespace ? `${e.namespace}.${e.key}` : e.key);
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

async function written(nested: boolean, entries: TranslationEntry[], maxBytes = Number.POSITIVE_INFINITY) {
  let text = "";
  const writer = new JsonExportWriter(nested, { write: async (piece) => void (text += piece) }, maxBytes);
  for (const e of entries) if (!(await writer.add(fullKey(e), e.value))) break;
  await writer.finish();
  return { text, count: writer.count, truncated: writer.truncated, bytes: writer.bytes };
}

function sorted(entries: TranslationEntry[]): TranslationEntry[] {
  return [...entries].sort((a, b) => byteOrder(fullKey(a), fullKey(b)) || byteOrder(a.namespace ?? "", b.namespace ?? ""));
}

const CASES: Record<string, TranslationEntry[]> = {
  empty: [],
  simple: [
    { key: "b", value: "B" },
    { key: "a.x", value: "AX" },
    { key: "a.y.z", value: 'quote " back \\ line\nend' },
    { key: "émoji", value: "👋 \u2028 \u0001" },
  ],
  "leaf and prefix": [
    { key: "a", value: "leaf" },
    { key: "a-c.d", value: "dash" },
    { key: "a.b", value: "under a leaf" },
    { key: "a.b.c", value: "deeper" },
    { key: "x.y", value: "leaf y" },
    { key: "x.y.z", value: "under y" },
    { key: "x.w", value: "w" },
  ],
  "namespaces and repeated full keys": [
    { key: "home", value: "H", namespace: "nav" },
    { key: "nav.home", value: "bare" },
    { key: "nav.back", value: "B" },
    { key: "title", value: "T", namespace: "app" },
    { key: "", value: "empty segment", namespace: "odd" },
    { key: "a..b", value: "two dots" },
    { key: "__proto__", value: "proto" },
  ],
};

describe("JsonExportWriter", () => {
  for (const [name, raw] of Object.entries(CASES)) {
    for (const nested of [true, false]) {
      it(`${nested ? "json-nested" : "json-flat"}, ${name}: the library's bytes`, async () => {
        const entries = sorted(raw);
        const expected = serialize(nested ? "json-nested" : "json-flat", entries, { language: "en" }) as string;
        const got = await written(nested, entries);
        expect(got.text).toBe(expected);
        expect(got.bytes).toBe(Buffer.byteLength(expected));
        expect(got.count).toBe(entries.length);
        expect(got.truncated).toBe(false);
      });
    }
  }

  it("a generated tree of 3,000 keys is written byte for byte as the library writes it", async () => {
    const entries = sorted(
      Array.from({ length: 3000 }, (_, i) => ({ key: `s${i % 7}.g-${i % 13}.k${i}${i % 50 === 0 ? ".deep" : ""}`, value: `v${i} "é"` })),
    );
    for (const nested of [true, false]) {
      const expected = serialize(nested ? "json-nested" : "json-flat", entries, { language: "en" }) as string;
      expect((await written(nested, entries)).text).toBe(expected);
    }
  });

  it("stops at the longest prefix whose file fits the byte limit, and the file stays valid", async () => {
    const entries = sorted(
      Array.from({ length: 200 }, (_, i) => ({ key: `group${i % 4}.key${String(i).padStart(3, "0")}`, value: "x".repeat(20) })),
    );
    for (const nested of [true, false]) {
      const format = nested ? "json-nested" : "json-flat";
      const limit = 3000;
      const got = await written(nested, entries, limit);
      expect(got.truncated).toBe(true);
      expect(Buffer.byteLength(got.text)).toBeLessThanOrEqual(limit);
      expect(got.text).toBe(serialize(format, entries.slice(0, got.count), { language: "en" }));
      const oneMore = serialize(format, entries.slice(0, got.count + 1), { language: "en" }) as string;
      expect(Buffer.byteLength(oneMore)).toBeGreaterThan(limit);
    }
  });

  it("refuses names a JavaScript object would reorder (integer-like), so the export uses the library", async () => {
    await expect(written(true, [{ key: "list.0", value: "a" }])).rejects.toThrow(StreamOrderLost);
    await expect(written(true, [{ key: "10.x", value: "a" }])).rejects.toThrow(StreamOrderLost);
    await expect(written(false, [{ key: "42", value: "a" }])).rejects.toThrow(StreamOrderLost);
    await expect(written(false, [{ key: "list.0", value: "a" }])).resolves.toMatchObject({ count: 1 });
    await expect(written(true, [{ key: "v1.01", value: "a" }])).resolves.toMatchObject({ count: 1 });
  });
});
