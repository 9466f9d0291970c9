/**
 * Generators for gettext catalogs: msgids and msgstrs full of what PO escapes (quotes,
 * backslashes, newlines, tabs, leading/trailing spaces), optional contexts, and whole-value
 * plurals with the categories GNU gettext uses for the language. msgfmt --check requires a
 * msgid and its msgstr to agree on a leading and a trailing newline, so values follow the key.
 */
import fc from "fast-check";
import { gettextPluralRule } from "../../../src/index.js";
import { anyPluralShape, COMMON_PIECES, icuPluralValue, textFrom } from "./generators.js";

export const GETTEXT_PIECES = [...COMMON_PIECES.filter((p) => !"{}#'".includes(p)), "\r", "\u0007", "%d", "%%"];
const msgid = textFrom(GETTEXT_PIECES, 1, 6).filter((k) => k.trim() !== "" || k.includes(" "));

/** A key: msgid, or context + U+0004 + msgid. */
export const gettextKey = fc.oneof(
  msgid,
  fc
    .tuple(
      textFrom(
        GETTEXT_PIECES.filter((p) => p !== "\n"),
        1,
        4,
      ),
      msgid,
    )
    .map(([c, m]) => `${c}\u0004${m}`),
);

/** Plural shapes that are not a whole-value plural (those are generated with gettext's categories). */
const notWholeValue = anyPluralShape.filter((s) => s.around || s.variables > 1);

const msgidOf = (key: string) => key.slice(key.indexOf("\u0004") + 1);

/** Give `text` the leading/trailing newline of the key's msgid, as msgfmt --check requires. */
export function followNewlines(key: string, text: string): string {
  const id = msgidOf(key);
  const core = text.replace(/^\n+|\n+$/g, "");
  return (id.startsWith("\n") ? "\n" : "") + core + (id.endsWith("\n") && !(core === "" && id.startsWith("\n")) ? "\n" : "");
}

/**
 * A value for `key`: text, ICU text with one to three plurals and text around them, or a plural
 * with the categories gettext has for the language (plus
 * ICU's required `other`, a copy of the last form, when gettext has none, as the library reads it).
 */
export function gettextValue(language: string, key: string) {
  const gettextCategories = gettextPluralRule(language).categories;
  const categories = gettextCategories.includes("other") ? gettextCategories : [...gettextCategories, "other" as const];
  const form = textFrom(GETTEXT_PIECES, 1, 5).map((t) => followNewlines(key, t));
  return fc.oneof(
    textFrom(GETTEXT_PIECES, 1, 6).map((t) => followNewlines(key, t)),
    // Several plurals or text around one: not a gettext plural, so a msgstr holding the ICU text.
    icuPluralValue(language, GETTEXT_PIECES, notWholeValue).map((t) => followNewlines(key, t)),
    fc
      .tuple(...gettextCategories.map(() => form))
      .map((forms) => `{count, plural, ${categories.map((c, i) => `${c} {${forms[Math.min(i, forms.length - 1)]}}`).join(" ")}}`),
  );
}

export const gettextSamples = fc.constantFrom("en", "uk", "ar", "cs", "fr", "ja", "pl", "ga", "gd", "cy").chain((language) =>
  fc
    .array(
      gettextKey.chain((key) => gettextValue(language, key).map((value) => ({ key, value }))),
      { minLength: 1, maxLength: 8 },
    )
    .map((entries) => {
      const seen = new Set<string>();
      return { language, entries: entries.filter((e) => !seen.has(e.key) && seen.add(e.key)) };
    }),
);
