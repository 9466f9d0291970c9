/**
 * Generators for the per-format property tests: text made of the characters each format has to
 * escape, and ICU plural values with one to three variables and text around them.
 */
import fc from "fast-check";
import { pluralCategories } from "../../../src/index.js";

/** Pieces every format has to carry: quotes, backslashes, whitespace, markup-like text, scripts. */
export const COMMON_PIECES = [
  '"',
  "'",
  "\\",
  "\n",
  "\t",
  " ",
  "  ",
  "%s",
  "%1$d",
  "%@",
  "&",
  "&amp;",
  "<",
  ">",
  "😀",
  "שלום",
  "مرحبا",
  "中文",
  "é",
  "\u00a0",
  "a",
  "Z",
  "9",
  "#",
  ":",
  ": ",
  ";",
  "=",
  "$",
  "-",
  "*/",
  "/*",
  "]]>",
  "yes",
  "null",
  "~",
  "\\n",
] as const;

/** Text from the given pieces (possibly empty unless `minLength`). */
export const textFrom = (pieces: readonly string[], minLength = 0, maxLength = 8) =>
  fc.array(fc.constantFrom(...pieces), { minLength, maxLength }).map((parts) => parts.join(""));

/**
 * ICU-quote literal text so it can sit in an ICU message: apostrophes doubled, braces quoted, and
 * inside a plural sub-message `#` quoted too (elsewhere ICU4C reads `'#` as a literal apostrophe).
 */
export function icuLiteral(text: string, inPlural = false): string {
  return text.replace(/'/g, "''").replace(inPlural ? /[{}#]+/g : /[{}]+/g, (m) => `'${m}'`);
}

export type PluralShape = { variables: number; around: boolean };

/**
 * An ICU value with `variables` top-level plurals (1–3), each with the language's CLDR
 * categories, and literal text before, between and after them when `around` is set.
 */
export function icuPluralValue(language: string, pieces: readonly string[], shape: fc.Arbitrary<PluralShape>) {
  const categories = pluralCategories(language);
  const form = textFrom(pieces, 1, 5).map((t) => icuLiteral(t, true));
  const plural = (name: string) =>
    fc
      .tuple(...categories.map(() => form))
      .map((forms) => `{${name}, plural, ${categories.map((c, i) => `${c} {${forms[i]}}`).join(" ")}}`);
  return shape.chain(({ variables, around }) => {
    const names = ["count", "files", "days"].slice(0, variables);
    const text = around ? textFrom(pieces, 1, 4).map((t) => icuLiteral(t)) : fc.constant("");
    return fc
      .tuple(fc.tuple(...names.map(plural)), fc.array(text, { minLength: variables + 1, maxLength: variables + 1 }))
      .map(([plurals, texts]) => texts[0] + plurals.map((p, i) => p + texts[i + 1]).join(""));
  });
}

export const anyPluralShape = fc.record({ variables: fc.integer({ min: 1, max: 3 }), around: fc.boolean() });
export const wholeValuePlural = fc.constant<PluralShape>({ variables: 1, around: false });

export const LANGUAGES = ["en", "uk", "ar", "cy", "cs", "fr", "ja", "pl"] as const;

/** Samples of one language and entries whose values may depend on that language. */
export function samplesOf(
  keys: fc.Arbitrary<string>,
  valueFor: (language: string) => fc.Arbitrary<string>,
  languages: readonly string[] = LANGUAGES,
) {
  return fc.constantFrom(...languages).chain((language) =>
    fc.array(fc.record({ key: keys, value: valueFor(language) }), { minLength: 1, maxLength: 8 }).map((entries) => {
      const seen = new Set<string>();
      return { language, entries: entries.filter((e) => !seen.has(e.key) && seen.add(e.key)) };
    }),
  );
}

/** Dotted keys whose segments are non-empty and free of dots, none a prefix of another. */
export function treeKeys(pieces: readonly string[]) {
  return fc
    .array(
      textFrom(
        pieces.filter((p) => !p.includes(".")),
        1,
        3,
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((s) => s.join("."));
}

/** Drops entries whose key is a path prefix of another's (a tree cannot hold both). */
export function withoutPrefixClashes<T extends { key: string }>(entries: T[]): T[] {
  return entries.filter((e) => !entries.some((o) => o !== e && (o.key.startsWith(`${e.key}.`) || e.key.startsWith(`${o.key}.`))));
}

/** Characters XML 1.0 cannot carry, not even as character references. */
const XML_CANNOT_CARRY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/**
 * Whether an XML format cannot write a key: a control character other than the gettext context
 * separator (the first U+0004, written as a context) has no place in an attribute.
 */
export function xmlCannotCarryKey(key: string): boolean {
  return XML_CANNOT_CARRY.test(key.replace("\u0004", ""));
}

/** Whether a text holds a character XML 1.0 cannot carry (XLIFF 1.2 has no `<cp>` for it). */
export function xmlCannotCarryText(text: string): boolean {
  return XML_CANNOT_CARRY.test(text);
}
