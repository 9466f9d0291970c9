/**
 * android-xml: `res/values/strings.xml`. `<string>` and `<plurals>` (as ICU plural
 * values); `translatable="false"` entries are skipped; a comment right before an
 * entry becomes its description; inline markup is kept in the value.
 */
import { FormatParseError } from "../errors.js";
import { fullKey } from "../namespace.js";
import { buildIcuPlural, isBalancedSubMessage, nativePlural } from "../plural/icu-plural.js";
import { intlLocale } from "../plural/plural-rules.js";
import type { FormatIssue, ParseResult, SerializeOptions, TranslationEntry } from "../types.js";
import { hasElementMarkup, markupSegments } from "../xml/inline-markup.js";
import {
  attr,
  childrenOf,
  commentOf,
  decodeEntities,
  elements,
  escapeAttr,
  escapeComment,
  escapeText,
  parseXml,
  rawOf,
  tagOf,
  type XmlNode,
} from "../xml/safe-xml.js";
import { escapeAndroidText, needsQuotes, unescapeAndroid } from "./android-escape.js";
import { pushEntry } from "./key-tree.js";

const OPAQUE = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<[^>]*>|&(?:#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/y;
const CLDR_ORDER = ["zero", "one", "two", "few", "many", "other"];
const QUANTITIES = new Set(CLDR_ORDER);

/** Turn the raw inner XML of `<string>`/`<item>` into a value. */
export function androidValueFromRaw(raw: string): { value: string; cdata: boolean } {
  const cdata = raw.includes("<![CDATA[");
  if (hasElementMarkup(raw)) return { value: unescapeAndroid(raw, OPAQUE), cdata };
  // Plain text: XML layer first (entities, CDATA), then Android escapes.
  let text = "";
  let last = 0;
  const re = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    text += decodeEntities(raw.slice(last, m.index)) + (m[1] ?? "");
    last = m.index + m[0].length;
  }
  text += decodeEntities(raw.slice(last));
  return { value: unescapeAndroid(text), cdata };
}

/** Write a value as the inner XML of `<string>`/`<item>`. */
export function androidRawFromValue(value: string, cdata = false): string {
  const segs = value.includes("\r") ? undefined : markupSegments(value);
  if (segs) {
    const plain = segs
      .filter((s) => s.kind === "text")
      .map((s) => s.text)
      .join("");
    const quote = needsQuotes(plain);
    let out = "";
    segs.forEach((s, i) => {
      out += s.kind === "text" ? escapeAndroidText(s.text, i === 0) : s.text;
    });
    return quote ? `"${out}"` : out;
  }
  const escaped = escapeAndroidText(value, true);
  const body = needsQuotes(value) ? `"${escaped}"` : escaped;
  if (cdata && !body.includes("]]>")) return `<![CDATA[${body.replace(/\r/g, "\\u000D")}]]>`;
  return escapeText(body);
}

export function parseAndroidXml(text: string): ParseResult {
  const top = parseXml(text, ["*.string", "*.item"]);
  const root = top.find((n) => tagOf(n) === "resources");
  if (!root) throw new FormatParseError("This is not an Android strings file: the <resources> element is missing.");
  const entries: TranslationEntry[] = [];
  const errors: FormatIssue[] = [];
  const seen = new Set<string>();
  let pendingComment: string | undefined;
  for (const node of childrenOf(root)) {
    const comment = commentOf(node);
    if (comment !== undefined) {
      pendingComment = comment.trim();
      continue;
    }
    const tag = tagOf(node);
    if (tag === undefined) continue;
    const description = pendingComment;
    pendingComment = undefined;
    const name = attr(node, "name");
    if (name === undefined) {
      if (tag === "string" || tag === "plurals") errors.push({ message: `A <${tag}> element has no name attribute and was skipped.` });
      continue;
    }
    if (attr(node, "translatable") === "false") continue;
    const metadata: Record<string, unknown> = {};
    if (attr(node, "formatted") === "false") metadata.formatted = false;
    const product = attr(node, "product");
    // `product="default"` (or none) is the default text; other products are keys of their own.
    const key = product && product !== "default" ? `${name}[product=${product}]` : name;
    if (product === "default") metadata.product = "default";
    if (tag === "string") {
      const raw = rawOf(node);
      const { value, cdata } = androidValueFromRaw(raw);
      if (cdata) metadata.cdata = true;
      // `\@string/x` is literal text that merely looks like a reference.
      if (isResourceReference(value) && !isResourceReference(raw.trim())) metadata.literal = true;
      else if (!isResourceReference(value) && isResourceReference(raw.trim(), true)) metadata.reference = true;
      pushEntry(entries, seen, errors, entryOf(key, value, description, metadata));
    } else if (tag === "plurals") {
      const forms: Record<string, string> = {};
      for (const item of elements(node, "item")) {
        const q = attr(item, "quantity") ?? "";
        if (!QUANTITIES.has(q)) {
          errors.push({ key: name, message: `Plural "${name}" has an item with unknown quantity "${q}"; it was ignored.` });
          continue;
        }
        const { value, cdata } = androidValueFromRaw(rawOf(item));
        if (cdata) metadata.cdata = true;
        forms[q] = value;
      }
      const present = Object.keys(forms);
      if (present.length === 0) {
        errors.push({ key: name, message: `Plural "${name}" has no items and was skipped.` });
        continue;
      }
      // aapt accepts plurals without `other` (uk/ru files list one/few/many); ICU needs it, so it
      // repeats the last form in CLDR order (whatever order the file lists them in), and export
      // leaves it out again. `metadata.pluralOther` records whether the file had one where the
      // value alone cannot tell (an `other` equal to the form before it).
      const last = CLDR_ORDER.filter((c) => c in forms).at(-1)!;
      if (forms.other === undefined) {
        forms.other = forms[last]!;
        metadata.pluralOther = false;
      } else {
        const before = CLDR_ORDER.filter((c) => c !== "other" && c in forms).at(-1);
        if (before !== undefined && forms.other === forms[before]) metadata.pluralOther = true;
      }
      if (!Object.values(forms).every(isBalancedSubMessage)) {
        errors.push({ key: name, message: `Plural "${name}" contains unbalanced braces and cannot be stored as ICU; it was skipped.` });
        continue;
      }
      pushEntry(entries, seen, errors, entryOf(key, buildIcuPlural({ argument: "count", forms }), description, metadata));
    } else if (tag === "string-array") {
      errors.push({ key: name, message: `String arrays are not supported; "${name}" was skipped.` });
    }
  }
  return { entries, errors, metadata: {} };
}

function entryOf(key: string, value: string, description: string | undefined, metadata: Record<string, unknown>): TranslationEntry {
  const e: TranslationEntry = { key, value };
  if (description) e.description = description;
  if (Object.keys(metadata).length > 0) e.metadata = metadata;
  return e;
}

/** aapt2's rule for resource entry names (XID start or `_`, then XID continue, `.` or `-`). */
const RESOURCE_NAME = /^[\p{XID_Start}_][\p{XID_Continue}.-]*$/u;
const PRODUCT_KEY = /^(.+)\[product=([A-Za-z0-9_]+)\]$/;

/**
 * `@string/app_name`, `@android:color/black`, `@null`, `?attr/colorPrimary`, `?android:textColor`.
 * A bare `?name` is also a reference in a file, but as a stored value it reads as text ("?start"),
 * so only its explicit forms count here; the parser marks bare ones it read (`metadata.reference`).
 */
export function isResourceReference(value: string, bare = false): boolean {
  // Every form starts with `@` or `?`: one comparison settles ordinary text.
  const first = value.charCodeAt(0);
  if (first !== 0x40 && first !== 0x3f) return false;
  return (
    /^@(?:\+?(?:[A-Za-z][\w.]*:)?[a-z][A-Za-z-]*\/[\p{XID_Continue}.-]+|null|empty)$/u.test(value) ||
    /^\?(?:[A-Za-z][\w.]*:(?:attr\/)?|attr\/)[A-Za-z_][\w.]*$/.test(value) ||
    (bare && /^\?[A-Za-z_][\w.]*$/.test(value))
  );
}

/**
 * aapt2's own check (VerifyJavaStringFormat): more than one `%` argument with any of them not
 * positional (`%s`, `%@`, `%<s`, a width without `$`) is refused unless formatted="false".
 */
function hasSeveralNonPositional(text: string): boolean {
  // Several arguments need several `%`.
  const first = text.indexOf("%");
  if (first < 0 || text.indexOf("%", first + 1) < 0) return false;
  let args = 0;
  let nonPositional = false;
  for (let i = 0; i < text.length - 1; i++) {
    if (text[i] !== "%") continue;
    const next = text[i + 1];
    if (next === "%" || next === "n") {
      i++;
      continue;
    }
    args++;
    const digits = /^\d+/.exec(text.slice(i + 1, i + 12))?.[0] ?? "";
    if (digits) {
      if (text[i + 1 + digits.length] !== "$") nonPositional = true;
    } else nonPositional = true;
  }
  return args > 1 && nonPositional;
}

/** Text aapt would read as a number, colour or boolean is quoted so it stays a string. */
const TYPED_LOOKING = /^\s*(?:[-+]?(?:\d|\.\d)|#[0-9A-Fa-f]+\s*$|(?:true|false)\s*$)/;

function itemRaw(text: string, cdata: boolean): string {
  if (TYPED_LOOKING.test(text) && !text.includes('"') && markupSegments(text) === undefined) {
    return `"${escapeText(escapeAndroidText(text, true))}"`;
  }
  return androidRawFromValue(text, cdata);
}

/** Integer-free plural categories of a language (ru/uk/pl `other`): a copy there is not written. */
function integerCategories(language: string): Set<string> | undefined {
  try {
    const rules = new Intl.PluralRules(intlLocale(language));
    const used = new Set<string>();
    for (let n = 0; n < 200; n++) used.add(rules.select(n));
    return used;
  } catch {
    return undefined;
  }
}

export function serializeAndroidXml(entries: TranslationEntry[], options: Partial<SerializeOptions> = {}): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<resources xmlns:tools="http://schemas.android.com/tools" xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">',
  ];
  const integerCats = options.language ? integerCategories(options.language) : undefined;
  for (const e of entries) {
    const key = fullKey(e);
    const variant = key.endsWith("]") ? PRODUCT_KEY.exec(key) : null;
    const baseName = variant ? variant[1]! : key;
    if (!RESOURCE_NAME.test(baseName)) {
      options.onSkip?.({ key: e.key, ...(e.namespace ? { namespace: e.namespace } : {}), reason: "not a valid Android resource name" });
      continue;
    }
    const name = escapeAttr(baseName);
    const product = variant ? ` product="${variant[2]}"` : e.metadata?.product === "default" ? ' product="default"' : "";
    if (e.description) lines.push(`    <!-- ${escapeComment(e.description)} -->`);
    const cdata = e.metadata?.cdata === true;
    const plural = nativePlural(e.value);
    const texts = plural ? Object.values(plural.forms) : [e.value];
    // aapt2 refuses two non-positional substitutions (`%s … %s`) unless formatted="false".
    const formatted = e.metadata?.formatted === false || texts.some(hasSeveralNonPositional) ? ' formatted="false"' : "";
    if (plural) {
      lines.push(`    <plurals name="${name}"${product}${formatted}>`);
      const forms = Object.entries(plural.forms);
      for (const [i, [q, text]] of forms.entries()) {
        // An `other` that repeats the previous form where integers never select it came from a file
        // without one, unless the file said otherwise (metadata.pluralOther from the parser).
        if (q === "other") {
          const known = e.metadata?.pluralOther;
          if (known === false) continue;
          const previous = forms[i - 1]?.[1];
          if (known !== true && integerCats && !integerCats.has("other") && text === previous) continue;
        }
        lines.push(`        <item quantity="${q}">${itemRaw(text, cdata)}</item>`);
      }
      lines.push("    </plurals>");
    } else if (
      (isResourceReference(e.value) && e.metadata?.literal !== true) ||
      (e.metadata?.reference === true && isResourceReference(e.value, true))
    ) {
      lines.push(`    <string name="${name}"${product}${formatted}>${escapeText(e.value)}</string>`);
    } else {
      lines.push(`    <string name="${name}"${product}${formatted}>${androidRawFromValue(e.value, cdata)}</string>`);
    }
  }
  lines.push("</resources>", "");
  return lines.join("\n");
}

export type { XmlNode };
