/**
 * android-xml: `res/values/strings.xml`. `<string>` and `<plurals>` (as ICU plural
 * values); `translatable="false"` entries are skipped; a comment right before an
 * entry becomes its description; inline markup is kept in the value.
 */
import { FormatParseError } from "../errors.js";
import { fullKey } from "../namespace.js";
import { buildIcuPlural, isBalancedSubMessage, nativePlural } from "../plural/icu-plural.js";
import type { FormatIssue, ParseResult, TranslationEntry } from "../types.js";
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
const QUANTITIES = new Set(["zero", "one", "two", "few", "many", "other"]);

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
    if (tag === "string") {
      const { value, cdata } = androidValueFromRaw(rawOf(node));
      if (cdata) metadata.cdata = true;
      pushEntry(entries, seen, errors, entryOf(name, value, description, metadata));
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
      if (forms.other === undefined) {
        errors.push({ key: name, message: `Plural "${name}" has no "other" quantity and was skipped.` });
        continue;
      }
      if (!Object.values(forms).every(isBalancedSubMessage)) {
        errors.push({ key: name, message: `Plural "${name}" contains unbalanced braces and cannot be stored as ICU; it was skipped.` });
        continue;
      }
      pushEntry(entries, seen, errors, entryOf(name, buildIcuPlural({ argument: "count", forms }), description, metadata));
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

export function serializeAndroidXml(entries: TranslationEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<resources xmlns:tools="http://schemas.android.com/tools" xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">',
  ];
  for (const e of entries) {
    const name = escapeAttr(fullKey(e));
    if (e.description) lines.push(`    <!-- ${escapeComment(e.description)} -->`);
    const cdata = e.metadata?.cdata === true;
    const formatted = e.metadata?.formatted === false ? ' formatted="false"' : "";
    const plural = nativePlural(e.value);
    if (plural) {
      lines.push(`    <plurals name="${name}"${formatted}>`);
      for (const [q, text] of Object.entries(plural.forms)) {
        lines.push(`        <item quantity="${q}">${androidRawFromValue(text, cdata)}</item>`);
      }
      lines.push("    </plurals>");
    } else {
      lines.push(`    <string name="${name}"${formatted}>${androidRawFromValue(e.value, cdata)}</string>`);
    }
  }
  lines.push("</resources>", "");
  return lines.join("\n");
}

export type { XmlNode };
