import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildIcuPlural,
  FORMAT_IDS,
  type FormatId,
  gettextPluralRule,
  parse,
  pluralCategories,
  serialize,
  type TranslationEntry,
} from "../src/index.js";
import { entriesArb, type KeyRules, RUNS, valueArb } from "./arbitraries.js";

/**
 * What each format can truly hold (documented in the README, "Round-trip limits"):
 * - gettext formats: the empty key is the PO header, so keys are non-empty; `\u0004` separates
 *   msgctxt from msgid, so neither part may be empty.
 * - mo: untranslated (empty) values and fuzzy entries are not written, as msgfmt does.
 * - pot: a template carries no values.
 * - arb: keys starting with `@` are metadata.
 */
const KEY_RULES: Partial<Record<FormatId, KeyRules>> = {
  po: { nonEmpty: true, forbid: /^\u0004|\u0004$/ },
  pot: { nonEmpty: true, forbid: /^\u0004|\u0004$/ },
  mo: { nonEmpty: true, forbid: /^\u0004|\u0004$/ },
  arb: { forbid: /^@/ },
};
const HAS_DESCRIPTION = new Set<FormatId>(["android-xml", "ios-strings", "xliff", "xliff2", "arb", "po", "pot"]);
const HAS_CONTEXT = new Set<FormatId>(["xliff", "xliff2", "arb"]);

function byKey(entries: TranslationEntry[]): Map<string, TranslationEntry> {
  return new Map(entries.map((e) => [e.key, e]));
}

describe.each(FORMAT_IDS)("%s round trip", (format) => {
  const language = "de";
  const opts = { language, sourceLanguage: "en" };
  it("keeps keys, values, descriptions and contexts", () => {
    const value = format === "mo" ? valueArb.filter((v) => v !== "") : valueArb;
    fc.assert(
      fc.property(
        entriesArb({ key: KEY_RULES[format], value, description: HAS_DESCRIPTION.has(format), context: HAS_CONTEXT.has(format) }),
        (entries) => {
          const out = serialize(format, entries, opts);
          const back = parse(format, out, { language });
          expect(back.errors).toEqual([]);
          const got = byKey(back.entries);
          expect([...got.keys()].sort()).toEqual(entries.map((e) => e.key).sort());
          for (const e of entries) {
            const b = got.get(e.key)!;
            expect(b.value).toBe(format === "pot" ? "" : e.value);
            if (HAS_DESCRIPTION.has(format)) expect(b.description).toBe(e.description);
            if (HAS_CONTEXT.has(format)) expect(b.context).toBe(e.context);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("keeps namespaces as the first dotted key segment", () => {
    const entries: TranslationEntry[] = [
      { key: "title", value: "Titel", namespace: "common" },
      { key: "save", value: "Speichern", namespace: "buttons" },
      { key: "plain", value: "Einfach" },
    ];
    const back = parse(format, serialize(format, entries, opts), { language, namespaceFromFirstSegment: true });
    const got = back.entries.map((e) => [e.namespace, e.key, format === "pot" ? "" : e.value]);
    expect(got).toEqual(
      expect.arrayContaining([
        ["common", "title", format === "pot" ? "" : "Titel"],
        ["buttons", "save", format === "pot" ? "" : "Speichern"],
        [undefined, "plain", format === "pot" ? "" : "Einfach"],
      ]),
    );
  });
});

const PLURAL_LANGUAGES = ["en", "de", "fr", "ru", "uk", "pl", "cs", "ar", "ja", "zh", "ko", "es", "lt", "lv", "sl", "ro", "hr"];
const PLURAL_FORMATS: FormatId[] = [
  "po",
  "mo",
  "android-xml",
  "ios-stringsdict",
  "xliff",
  "xliff2",
  "arb",
  "json-flat",
  "json-nested",
  "yaml",
  "ios-strings",
];
const formText = fc
  .array(fc.constantFrom("#", " ", "file", "Datei", "%d", '"', "'", "\\", "\n", "<b>x</b>", "😀", "файл", "ملف"), {
    minLength: 1,
    maxLength: 6,
  })
  .map((a) => a.join(""))
  .filter((t) => !t.endsWith("'") && !/'[#{}|]/.test(t)); // ICU: an apostrophe before # { } | starts quoted text

describe.each(PLURAL_FORMATS)("%s plural round trip", (format) => {
  it.each(PLURAL_LANGUAGES)("keeps ICU plurals for %s", (language) => {
    const categories = format === "po" || format === "mo" ? gettextPluralRule(language).categories : pluralCategories(language);
    fc.assert(
      fc.property(fc.tuple(...categories.map(() => formText)), (texts) => {
        const forms = Object.fromEntries(categories.map((c, i) => [c, texts[i]!]));
        const value = buildIcuPlural({ argument: "count", forms });
        const out = serialize(format, [{ key: "files", value }], { language, sourceLanguage: "en" });
        const back = parse(format, out, { language });
        expect(back.entries[0]?.value).toBe(value);
      }),
      { numRuns: 25 },
    );
  });
});
