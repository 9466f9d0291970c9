/**
 * Reads and writes the one ICU MessageFormat shape that native plural formats
 * can hold: a value that is exactly `{arg, plural, cat {text} ...}`.
 * Sub-message text is kept verbatim (no `#` or quote rewriting).
 */

export const CLDR_CATEGORIES = ["zero", "one", "two", "few", "many", "other"] as const;
export type PluralCategory = (typeof CLDR_CATEGORIES)[number];

export type IcuPlural = {
  argument: string;
  /** Selector → sub-message text. Selectors are CLDR categories or explicit `=N`. */
  forms: Record<string, string>;
};

const HEAD = /^\{\s*([\p{L}\p{N}_]+)\s*,\s*plural\s*,/u;

/** Parse `{count, plural, one {# item} other {# items}}`; returns undefined for anything else. */
export function parseIcuPlural(value: string): IcuPlural | undefined {
  const trimmed = value.trim();
  if (trimmed.length !== value.length) return undefined;
  const head = HEAD.exec(value);
  if (!head || !value.endsWith("}")) return undefined;
  const forms: Record<string, string> = Object.create(null) as Record<string, string>;
  let i = head[0].length;
  const end = value.length - 1;
  let count = 0;
  while (true) {
    while (i < end && /\s/.test(value[i]!)) i++;
    if (i >= end) break;
    const sel = /^(=\d+|[a-z]+)\s*\{/.exec(value.slice(i, i + 40));
    if (!sel) return undefined;
    const selector = sel[1]!;
    if (selector === "offset") return undefined;
    i += sel[0].length;
    const close = findClosingBrace(value, i);
    if (close < 0 || close > end - 0) return undefined;
    if (selector in forms) return undefined;
    forms[selector] = value.slice(i, close);
    count++;
    i = close + 1;
  }
  if (i !== end || count === 0 || !("other" in forms)) return undefined;
  return { argument: head[1]!, forms: { ...forms } };
}

/** Index of the `}` closing a sub-message that starts at `start`, honouring ICU apostrophe quoting. */
function findClosingBrace(s: string, start: number): number {
  let depth = 0;
  let quoted = false;
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (c === "'") {
      if (s[i + 1] === "'") {
        i++;
        continue;
      }
      if (quoted) quoted = false;
      else if (s[i + 1] === "{" || s[i + 1] === "}" || s[i + 1] === "#" || s[i + 1] === "|") quoted = true;
      continue;
    }
    if (quoted) continue;
    if (c === "{") depth++;
    else if (c === "}") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** Build `{argument, plural, ...}` with selectors in CLDR order, explicit `=N` first. */
export function buildIcuPlural(plural: IcuPlural): string {
  const parts: string[] = [];
  const keys = Object.keys(plural.forms);
  const explicit = keys.filter((k) => k.startsWith("="));
  const cats = CLDR_CATEGORIES.filter((c) => c in plural.forms);
  const others = keys.filter((k) => !k.startsWith("=") && !(CLDR_CATEGORIES as readonly string[]).includes(k));
  for (const k of [...explicit, ...cats, ...others]) parts.push(`${k} {${plural.forms[k]}}`);
  return `{${plural.argument}, plural, ${parts.join(" ")}}`;
}

/**
 * The plural forms of a value when a native plural container can hold it exactly:
 * only CLDR category selectors, `other` present, and every sub-message's braces balanced.
 */
export function nativePlural(value: string): IcuPlural | undefined {
  if (value.length < 20 || value.charCodeAt(0) !== 123 /* { */) return undefined;
  const plural = parseIcuPlural(value);
  if (!plural) return undefined;
  for (const k of Object.keys(plural.forms)) {
    if (!(CLDR_CATEGORIES as readonly string[]).includes(k)) return undefined;
  }
  // Only claim it when writing it back reproduces the value byte for byte.
  return buildIcuPlural(plural) === value ? plural : undefined;
}

/** True when `text` can sit inside an ICU sub-message without changing the plural's structure. */
export function isBalancedSubMessage(text: string): boolean {
  return findClosingBrace(`${text}}`, 0) === text.length;
}
