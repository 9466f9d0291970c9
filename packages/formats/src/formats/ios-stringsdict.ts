/**
 * ios-stringsdict: a property list whose entries are plural rules. On import, every `%#@var@`
 * (or positional `%1$#@var@`) of a format key becomes `{var, plural, …}` with the text around
 * it kept, so a key with several variables is one ICU message. On export, every top-level ICU
 * plural of a value becomes its `%#@var@` token with its own rule dict, the text around it
 * stays in the format key. A value without a plural is written as a plain `<string>` entry, as
 * the parser reads one; a plural a stringsdict cannot hold (`=0`, offsets) is left out and
 * reported through onSkip.
 */
import { FormatParseError } from "../errors.js";
import { fullKey } from "../namespace.js";
import { buildIcuPlural, isBalancedSubMessage, nativePlural } from "../plural/icu-plural.js";
import type { FormatIssue, ParseResult, SerializeOptions, TranslationEntry } from "../types.js";
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
    // `%#@n@`, or positional `%1$#@n@`; the position is kept in metadata (`position:<var>`).
    const value = format.replace(/%(?:(\d+)\$)?#@([^@]+)@/g, (whole, position: string | undefined, name: string) => {
      if (position !== undefined) metadata[`position:${name}`] = position;
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

type Variable = { name: string; forms: Record<string, string> };

/**
 * The format key for a value: every top-level ICU plural becomes a `%#@var@` token (text around
 * it kept), each with its own rule dict. Undefined when the value has no plural, or a plural a
 * stringsdict cannot hold (explicit `=N` selectors, offsets, unbalanced text).
 */
export function formatKeyOf(
  value: string,
  metadata: Record<string, unknown> | undefined,
): { formatKey: string; variables: Variable[] } | undefined {
  let formatKey = "";
  const variables: Variable[] = [];
  let last = 0;
  for (const [start, end] of topLevelArguments(value)) {
    const text = value.slice(start, end);
    if (!/^\{\s*[\p{L}\p{N}_]+\s*,\s*plural\s*,/u.test(text)) continue;
    const plural = nativePlural(text);
    if (!plural || variables.some((v) => v.name === plural.argument)) return undefined;
    const position = metadata?.[`position:${plural.argument}`];
    formatKey +=
      value.slice(last, start) + (typeof position === "string" ? `%${position}$#@${plural.argument}@` : `%#@${plural.argument}@`);
    variables.push({ name: plural.argument, forms: plural.forms });
    last = end;
  }
  if (variables.length === 0) return undefined;
  return { formatKey: formatKey + value.slice(last), variables };
}

/** Whether a message has a top-level `{arg, plural, …}` (one a plain string would flatten). */
function hasTopLevelPlural(value: string): boolean {
  if (!value.includes("plural")) return false;
  return topLevelArguments(value).some(([start, end]) =>
    /^\{\s*[\p{L}\p{N}_]+\s*,\s*(?:plural|selectordinal)\s*,/u.test(value.slice(start, end)),
  );
}

/** [start, end) of each top-level `{…}` of a message, honouring ICU apostrophe quoting. */
function topLevelArguments(value: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  let depth = 0;
  let start = -1;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === "'") {
      if (value[i + 1] === "'") i++;
      else if (quoted) quoted = false;
      else if (depth > 0 && (value[i + 1] === "{" || value[i + 1] === "}" || value[i + 1] === "#")) quoted = true;
      continue;
    }
    if (quoted) continue;
    if (c === "{") {
      if (depth === 0) start = i;
      depth++;
    } else if (c === "}" && depth > 0) {
      depth--;
      if (depth === 0) found.push([start, i + 1]);
    }
  }
  return found;
}

export function serializeIosStringsdict(entries: TranslationEntry[], options: Partial<SerializeOptions> = {}): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    "<dict>",
  ];
  for (const e of entries) {
    const spec = formatKeyOf(e.value, e.metadata);
    if (!spec && !hasTopLevelPlural(e.value)) {
      out.push(`\t<key>${escapeText(fullKey(e))}</key>`, `\t${str(e.value)}`);
      continue;
    }
    if (!spec) {
      options.onSkip?.({
        key: e.key,
        ...(e.namespace ? { namespace: e.namespace } : {}),
        reason: "a stringsdict cannot hold this plural (explicit =N selectors, an offset or a repeated argument)",
      });
      continue;
    }
    out.push(
      `\t<key>${escapeText(fullKey(e))}</key>`,
      "\t<dict>",
      "\t\t<key>NSStringLocalizedFormatKey</key>",
      `\t\t${str(spec.formatKey)}`,
    );
    for (const v of spec.variables) {
      const valueType = e.metadata?.[`valueType:${v.name}`];
      out.push(
        `\t\t<key>${escapeText(v.name)}</key>`,
        "\t\t<dict>",
        "\t\t\t<key>NSStringFormatSpecTypeKey</key>",
        "\t\t\t<string>NSStringPluralRuleType</string>",
        "\t\t\t<key>NSStringFormatValueTypeKey</key>",
        `\t\t\t${str(typeof valueType === "string" ? valueType : "d")}`,
      );
      for (const [cat, text] of Object.entries(v.forms)) out.push(`\t\t\t<key>${cat}</key>`, `\t\t\t${str(text)}`);
      out.push("\t\t</dict>");
    }
    out.push("\t</dict>");
  }
  out.push("</dict>", "</plist>", "");
  return out.join("\n");
}
