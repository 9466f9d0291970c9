/**
 * fast-check generators for keys and values full of the characters that break
 * naive escaping: quotes, backslashes, newlines, placeholders, markup, emoji, RTL, CJK.
 */
import fc from "fast-check";
import type { TranslationEntry } from "../src/index.js";

const VALUE_PIECES = [
  '"',
  "'",
  "\\",
  "\n",
  "\t",
  "\r\n",
  " ",
  "  ",
  "%s",
  "%1$d",
  "%@",
  "{name}",
  "{{x}}",
  "<b>",
  "</b>",
  "<b>bold</b>",
  "<br/>",
  '<a href="x">link</a>',
  "&",
  "&amp;",
  "&lt;",
  "<",
  ">",
  "😀",
  "👩‍👩‍👧",
  "שלום",
  "مرحبا",
  "中文",
  "日本語",
  "a",
  "Z",
  "9",
  "@",
  "?",
  "#",
  "-",
  "--",
  "*/",
  "/*",
  "]]>",
  ":",
  ": ",
  "yes",
  "no",
  "null",
  "true",
  "~",
  "%",
  "{",
  "}",
  ",",
  ";",
  "=",
  "$",
  "\\n",
  "\\u0041",
  "\u00a0",
  "é",
];

const KEY_PIECES = [
  "a",
  "b",
  "key",
  "Key",
  "_",
  "-",
  ".",
  "1",
  " ",
  "é",
  "中",
  "😀",
  '"',
  "'",
  "\\",
  "{x}",
  "%s",
  "<",
  "&",
  ":",
  "/",
  "@",
  "\n",
  "\u0004",
];

const join = (pieces: string[], min: number, max: number) =>
  fc.array(fc.constantFrom(...pieces), { minLength: min, maxLength: max }).map((a) => a.join(""));

export const valueArb = fc.oneof(
  { weight: 4, arbitrary: join(VALUE_PIECES, 0, 12) },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: "grapheme", maxLength: 20 })
      .filter((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.test(s)),
  },
);

export type KeyRules = {
  /** Characters the key may not contain. */
  forbid?: RegExp;
  nonEmpty?: boolean;
};

export function keyArb(rules: KeyRules = {}) {
  return join(KEY_PIECES, rules.nonEmpty ? 1 : 0, 6).filter((k) => !rules.forbid?.test(k) && (!rules.nonEmpty || k !== ""));
}

/** Descriptions restricted to what every comment-bearing format keeps: trimmed single-line text. */
export const descriptionArb = join(["word", "Wort", "中文", "😀", "a", '"q"', "it's", "%s", "{x}", "<b>", "&", " "], 1, 8)
  .map((s) => s.replace(/\s+/g, " ").trim())
  .filter((s) => s !== "");

export function entriesArb(opts: { key?: KeyRules; value?: fc.Arbitrary<string>; description?: boolean; context?: boolean } = {}) {
  const entry = fc
    .record(
      {
        key: keyArb(opts.key),
        value: opts.value ?? valueArb,
        description: opts.description ? descriptionArb : fc.constant(undefined),
        context: opts.context ? descriptionArb : fc.constant(undefined),
      },
      { requiredKeys: ["key", "value"] },
    )
    .map((r) => {
      const e: TranslationEntry = { key: r.key, value: r.value };
      if (r.description !== undefined) e.description = r.description;
      if (r.context !== undefined) e.context = r.context;
      return e;
    });
  return fc.uniqueArray(entry, { selector: (e) => e.key, maxLength: 8 });
}

export const RUNS = Number(process.env.FC_RUNS ?? 150);
