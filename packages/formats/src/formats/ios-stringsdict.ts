/**
 * ios-stringsdict: a property list whose entries are plural rules. A value that is
 * exactly one ICU plural becomes `%#@arg@` plus an `NSStringPluralRuleType` dict;
 * a format key with several `%#@var@` references becomes an ICU message with one
 * plural per variable; any other value is written as a bare format key.
 */
import { FormatParseError } from "../errors.js";
import { fullKey } from "../namespace.js";
import { buildIcuPlural, isBalancedSubMessage, nativePlural } from "../plural/icu-plural.js";
import type { FormatIssue, ParseResult, TranslationEntry } from "../types.js";
import { elements, escapeText, parseXml, tagOf, textOf, type XmlNode } from "../xml/safe-xml.js";
import { pushEntry } from "./key-tree.js";

type PlistValue = string | PlistDict | PlistValue[];
type PlistDict = Map<string, PlistValue>;

function readValue(node: XmlNode): PlistValue {
  const tag = tagOf(node);
  if (tag === "dict") {
    const map: PlistDict = new Map();
    let pendingKey: string | undefined;
    for (const child of elements(node)) {
      if (tagOf(child) === "key") pendingKey = textOf(child);
      else if (pendingKey !== undefined) {
        map.set(pendingKey, readValue(child));
        pendingKey = undefined;
      }
    }
    return map;
  }
  if (tag === "array") return elements(node).map(readValue);
  if (tag === "true" || tag === "false") return tag;
  return textOf(node);
}

const CATEGORIES = ["zero", "one", "two", "few", "many", "other"];

export function parseIosStringsdict(text: string): ParseResult {
  const top = parseXml(text);
  const plist = top.find((n) => tagOf(n) === "plist");
  const rootDict = plist ? elements(plist, "dict")[0] : undefined;
  if (!rootDict) throw new FormatParseError("This is not a .stringsdict file: the <plist><dict> root is missing.");
  const root = readValue(rootDict) as PlistDict;
  const entries: TranslationEntry[] = [];
  const errors: FormatIssue[] = [];
  const seen = new Set<string>();
  for (const [key, spec] of root) {
    if (!(spec instanceof Map)) {
      if (typeof spec === "string") pushEntry(entries, seen, errors, { key, value: spec });
      continue;
    }
    const format = spec.get("NSStringLocalizedFormatKey");
    if (typeof format !== "string") {
      errors.push({ key, message: `"${key}" has no NSStringLocalizedFormatKey and was skipped.` });
      continue;
    }
    const metadata: Record<string, unknown> = {};
    let failed = false;
    const value = format.replace(/%#@([^@]+)@/g, (whole, name: string) => {
      const rule = spec.get(name);
      if (!(rule instanceof Map) || rule.get("NSStringFormatSpecTypeKey") !== "NSStringPluralRuleType") return whole;
      const forms: Record<string, string> = {};
      for (const c of CATEGORIES) {
        const v = rule.get(c);
        if (typeof v === "string") forms[c] = v;
      }
      if (forms.other === undefined || !Object.values(forms).every(isBalancedSubMessage)) {
        failed = true;
        return whole;
      }
      const type = rule.get("NSStringFormatValueTypeKey");
      if (typeof type === "string" && type !== "d") metadata[`valueType:${name}`] = type;
      return buildIcuPlural({ argument: name, forms });
    });
    if (failed) {
      errors.push({ key, message: `"${key}" has a plural rule without an "other" form or with unbalanced braces; it was skipped.` });
      continue;
    }
    const entry: TranslationEntry = { key, value };
    if (Object.keys(metadata).length > 0) entry.metadata = metadata;
    pushEntry(entries, seen, errors, entry);
  }
  return { entries, errors, metadata: {} };
}

const str = (s: string) => `<string>${escapeText(s)}</string>`;

export function serializeIosStringsdict(entries: TranslationEntry[]): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    "<dict>",
  ];
  for (const e of entries) {
    out.push(`\t<key>${escapeText(fullKey(e))}</key>`, "\t<dict>");
    const plural = nativePlural(e.value);
    if (plural && !/[@%]/.test(plural.argument)) {
      const arg = plural.argument;
      const valueType = e.metadata?.[`valueType:${arg}`];
      out.push(
        "\t\t<key>NSStringLocalizedFormatKey</key>",
        `\t\t${str(`%#@${arg}@`)}`,
        `\t\t<key>${escapeText(arg)}</key>`,
        "\t\t<dict>",
        "\t\t\t<key>NSStringFormatSpecTypeKey</key>",
        "\t\t\t<string>NSStringPluralRuleType</string>",
        "\t\t\t<key>NSStringFormatValueTypeKey</key>",
        `\t\t\t${str(typeof valueType === "string" ? valueType : "d")}`,
      );
      for (const [cat, text] of Object.entries(plural.forms)) out.push(`\t\t\t<key>${cat}</key>`, `\t\t\t${str(text)}`);
      out.push("\t\t</dict>");
    } else {
      out.push("\t\t<key>NSStringLocalizedFormatKey</key>", `\t\t${str(e.value)}`);
    }
    out.push("\t</dict>");
  }
  out.push("</dict>", "</plist>", "");
  return out.join("\n");
}
