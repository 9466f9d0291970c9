/**
 * Serialize output compared byte for byte with committed files.
 * Regenerate deliberately with `UPDATE_GOLDEN=1 pnpm --filter @locale/formats test`.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FORMAT_IDS, serialize, serializeGlossary, type TranslationEntry } from "../src/index.js";

const dir = join(import.meta.dirname, "fixtures/golden");
const EXT: Record<string, string> = {
  "json-flat": "flat.json",
  "json-nested": "nested.json",
  yaml: "yml",
  "android-xml": "strings.xml",
  "ios-strings": "strings",
  "ios-stringsdict": "stringsdict",
  xliff: "xlf",
  xliff2: "xliff2.xlf",
  arb: "arb",
  po: "po",
  pot: "pot",
  mo: "mo",
};

export const GOLDEN_ENTRIES: TranslationEntry[] = [
  { key: "title", namespace: "common", value: "Übersicht", sourceText: "Overview", description: "Page title" },
  { key: "save", namespace: "common", value: "Speichern", sourceText: "Save" },
  { key: "quotes", value: 'Sag "Hallo" und it\'s \\ fertig', sourceText: 'Say "hello"' },
  { key: "lines", value: "Zeile 1\nZeile 2\tTab", sourceText: "Line 1\nLine 2\tTab" },
  { key: "spaces", value: "  führend und folgend  ", sourceText: "  leading and trailing  " },
  { key: "placeholders", value: "%s hat %1$d {name} {{x}} @start", sourceText: "%s has %1$d {name} {{x}} @start" },
  { key: "markup", value: "Tippe <b>hier</b> & los", sourceText: "Tap <b>here</b> & go" },
  { key: "yaml_words", value: "yes", sourceText: "yes" },
  { key: "files", value: "{count, plural, one {# Datei} other {# Dateien}}", sourceText: "{count, plural, one {# file} other {# files}}" },
  { key: "menu\u0004Open", value: "Öffnen", sourceText: "Open", context: "menu" },
  { key: "fuzzy", value: "Vielleicht", sourceText: "Maybe", fuzzy: true },
  { key: "emoji", value: "😀 שלום 中文", sourceText: "😀 hello" },
  { key: "a", value: "Blatt", sourceText: "Leaf" },
  { key: "a.b", value: "Unter dem Blatt", sourceText: "Under the leaf" },
];

function check(name: string, actual: string | Uint8Array) {
  const path = join(dir, name);
  const buf = typeof actual === "string" ? Buffer.from(actual, "utf8") : Buffer.from(actual);
  if (process.env.UPDATE_GOLDEN || !existsSync(path)) writeFileSync(path, buf);
  expect(buf.equals(readFileSync(path)), `${name} differs from the golden file`).toBe(true);
}

describe("golden serialize output", () => {
  it.each(FORMAT_IDS)("%s", (format) => {
    check(`de.${EXT[format]}`, serialize(format, GOLDEN_ENTRIES, { language: "de", sourceLanguage: "en" }));
  });
  it("yaml with a locale root", () => {
    check("de-root.yml", serialize("yaml", GOLDEN_ENTRIES.slice(0, 3), { language: "de", includeLocaleRoot: true }));
  });
  it.each(["csv", "tbx"] as const)("glossary %s", (format) => {
    check(
      `glossary.${format}`,
      serializeGlossary(format, [
        {
          term: "Cloud",
          definition: 'Remote servers, "the cloud"',
          translations: [
            { language: "de", value: "Wolke", approved: true },
            { language: "fr", value: "nuage" },
          ],
        },
        { term: "ACME", doNotTranslate: true, caseSensitive: true, translations: [] },
      ]),
    );
  });
});
