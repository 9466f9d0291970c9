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
import { isBalancedSubMessage } from "../src/plural/icu-plural.js";
import { isIcuMessage } from "../src/plural/icu-syntax.js";
import { entriesArb, type KeyRules, RUNS, valueArb } from "./arbitraries.js";

/**
 * gettext: msgfmt requires a msgid and its msgstr to agree on a leading and a trailing newline
 * (real-world-gettext.test.ts covers such keys), so generated keys and values have neither.
 */
const GETTEXT_KEY = /^\u0004|\u0004$|^\n|\n$|\u0004\n/;
const EDGE_NEWLINE = /^\n|\n$/;
const XML_UNWRITABLE_KEY = /[\u0000-\u0003\u0005-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\u0004[\s\S]*\u0004/;
const XML_UNWRITABLE_VALUE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const GETTEXT = new Set<FormatId>(["po", "pot", "mo"]);

/**
 * What each format can truly hold (documented in the README, "Round-trip limits"):
 * - gettext formats: the empty key is the PO header, so keys are non-empty; `\u0004` separates
 *   msgctxt from msgid, so neither part may be empty.
 * - mo: untranslated (empty) values and fuzzy entries are not written, as msgfmt does.
 * - pot: a template carries no values.
 * - arb: keys starting with `@` are metadata.
 * - android-xml: keys are resource names.
 */
const KEY_RULES: Partial<Record<FormatId, KeyRules>> = {
  po: { nonEmpty: true, forbid: GETTEXT_KEY },
  pot: { nonEmpty: true, forbid: GETTEXT_KEY },
  mo: { nonEmpty: true, forbid: GETTEXT_KEY },
  arb: { forbid: /^@/ },
  // Anything but an aapt2 resource name is left out of Android exports (real-world-android.test.ts).
  // xliff: one U+0004 is a gettext context; other characters XML cannot carry are left out (real-world-xliff.test.ts).
  xliff: { forbid: XML_UNWRITABLE_KEY },
  xliff2: { forbid: XML_UNWRITABLE_KEY },
  // yaml: a `<<` key segment is a YAML 1.1 merge key (README, "Round-trip limits").
  yaml: { forbid: /(^|\.)<<(\.|$)/ },
  "android-xml": { nonEmpty: true, forbid: /^(?![\p{XID_Start}_][\p{XID_Continue}.-]*$)/u },
};
const HAS_DESCRIPTION = new Set<FormatId>(["android-xml", "ios-strings", "xliff", "xliff2", "arb", "po", "pot"]);
const HAS_CONTEXT = new Set<FormatId>(["xliff", "xliff2", "arb"]);

const asPlural = (text: string) => `{n, plural, one {1} other {${text}}}`;

function byKey(entries: TranslationEntry[]): Map<string, TranslationEntry> {
  return new Map(entries.map((e) => [e.key, e]));
}

describe.each(FORMAT_IDS)("%s round trip", (format) => {
  const language = "de";
  const opts = { language, sourceLanguage: "en" };
  it("keeps keys, values, descriptions and contexts", () => {
    const value =
      format === "mo"
        ? valueArb.filter((v) => v !== "" && !EDGE_NEWLINE.test(v))
        : GETTEXT.has(format)
          ? valueArb.filter((v) => !EDGE_NEWLINE.test(v))
          : // arb: text that is not ICU is written quoted (property-arb.test.ts), so values here are ICU.
            format === "arb"
            ? valueArb.filter(isIcuMessage)
            : format === "xliff"
              ? valueArb.filter((v) => !XML_UNWRITABLE_VALUE.test(v))
              : // ios-stringsdict holds plural rules only (real-world-stringsdict.test.ts): every value is one.
                format === "ios-stringsdict"
                ? valueArb.filter((v) => isBalancedSubMessage(v) && !v.includes("'")).map(asPlural)
                : valueArb;
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
    const v = (text: string) => (format === "ios-stringsdict" ? asPlural(text) : text);
    const entries: TranslationEntry[] = [
      { key: "title", value: v("Titel"), namespace: "common" },
      { key: "save", value: v("Speichern"), namespace: "buttons" },
      { key: "plain", value: v("Einfach") },
    ];
    const back = parse(format, serialize(format, entries, opts), { language, namespaceFromFirstSegment: true });
    const got = back.entries.map((e) => [e.namespace, e.key, format === "pot" ? "" : e.value]);
    expect(got).toEqual(
      expect.arrayContaining([
        ["common", "title", format === "pot" ? "" : v("Titel")],
        ["buttons", "save", format === "pot" ? "" : v("Speichern")],
        [undefined, "plain", format === "pot" ? "" : v("Einfach")],
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
    const gettext = format === "po" || format === "mo";
    const categories = gettext ? gettextPluralRule(language).categories : pluralCategories(language);
    const text = gettext ? formText.filter((t) => !EDGE_NEWLINE.test(t)) : formText;
    fc.assert(
      fc.property(fc.tuple(...categories.map(() => text)), (texts) => {
        const forms = Object.fromEntries(categories.map((c, i) => [c, texts[i]!]));
        // gettext has no msgstr for fractions-only categories (ru `other`): reading gives `other` the last form.
        forms.other ??= texts[texts.length - 1]!;
        const value = buildIcuPlural({ argument: "count", forms });
        const out = serialize(format, [{ key: "files", value }], { language, sourceLanguage: "en" });
        const back = parse(format, out, { language });
        expect(back.entries[0]?.value).toBe(value);
      }),
      { numRuns: 25 },
    );
  });
});
