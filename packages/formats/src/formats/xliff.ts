/**
 * xliff (1.2): one `<file>` per namespace (`original` = namespace, "messages" when
 * there is none); `<trans-unit id>` holds the full dotted key. On import every
 * `<file>` is read; `original` is kept in entry metadata but never becomes a
 * namespace by itself, because other tools put source paths there.
 */
import { FormatParseError } from "../errors.js";
import { fullKey, groupByNamespace } from "../namespace.js";
import type { FormatIssue, ParseResult, SerializeOptions, TranslationEntry } from "../types.js";
import { isSpaceCode } from "../whitespace.js";
import { mayUsePrefixes, namespacesUsed, RootNamespaces, scopeOf } from "../xml/markup-namespaces.js";
import {
  attr,
  childrenOf,
  elements,
  escapeAttr,
  escapeText,
  findElement,
  firstElement,
  hasForbidden,
  isPlainText,
  localName,
  parseXml,
  rawOf,
  tagOf,
  textOf,
  type XmlNode,
} from "../xml/safe-xml.js";
import { rawFromValue, valueFromRaw } from "../xml/xml-value.js";
import { CONTEXT_SEPARATOR } from "./gettext-context.js";
import { pushEntry } from "./key-tree.js";

/**
 * Unit ids unique within a file and free of control characters: a key is its own id; a gettext
 * context key gets `msgctxt|msgid` (with a counter should that name already be taken).
 */
export class UnitIds {
  private readonly used = new Set<string>();
  take(key: string, isContextKey: boolean): string {
    let id = isContextKey ? key.replace(CONTEXT_SEPARATOR, "|") : key;
    // One lookup on the common path: the set grows exactly when the id was free.
    const size = this.used.size;
    if (this.used.add(id).size > size) return id;
    for (let n = 2; this.used.has(id); n++) id = `${key.replace(CONTEXT_SEPARATOR, "|")}#${n}`;
    this.used.add(id);
    return id;
  }
}

const FUZZY_STATES = new Set([
  "needs-review-translation",
  "needs-review-l10n",
  "needs-review-adaptation",
  "needs-adaptation",
  "needs-l10n",
]);

export function parseXliff(text: string): ParseResult {
  const top = parseXml(text, ["*.source", "*.target"]);
  const root = top.find((n) => tagOf(n) === "xliff");
  if (!root) throw new FormatParseError("This is not an XLIFF file: the <xliff> element is missing.");
  const version = attr(root, "version");
  if (version?.startsWith("2")) throw new FormatParseError("This is an XLIFF 2 file; import it with the xliff2 format.");
  const entries: TranslationEntry[] = [];
  const errors: FormatIssue[] = [];
  const seen = new Set<string>();
  const metadata: Record<string, unknown> = {};
  const files = elements(root, "file");
  if (files.length === 0) throw new FormatParseError("The XLIFF file contains no <file> element.");
  const rootScope = scopeOf(root);
  for (const file of files) {
    const fileScope = scopeOf(file, rootScope);
    const original = attr(file, "original");
    const sourceLanguage = attr(file, "source-language");
    const targetLanguage = attr(file, "target-language");
    if (sourceLanguage && metadata.sourceLanguage === undefined) metadata.sourceLanguage = sourceLanguage;
    if (targetLanguage && metadata.targetLanguage === undefined) metadata.targetLanguage = targetLanguage;
    const body = firstElement(file, "body");
    if (!body) continue;
    const units: ReturnType<typeof elements> = [];
    const collect = (node: typeof body) => {
      for (const child of elements(node)) {
        const t = tagOf(child);
        if (t === "trans-unit") units.push(child);
        else if (t === "group") collect(child);
      }
    };
    collect(body);
    // One walk over each unit's context groups: the gettext one names the unit, the first other one is its context.
    const ctxGroups: Array<XmlNode | undefined> = [];
    const names = units.map((u) => {
      const resname = attr(u, "resname");
      const groups = contextGroups(u);
      ctxGroups.push(groups.other);
      const msgctxt = groups.gettext ? gettextContext(groups.gettext) : undefined;
      return resname !== undefined && msgctxt !== undefined ? `${msgctxt}${CONTEXT_SEPARATOR}${resname}` : resname;
    });
    const repeated = repeatedValues(names);
    for (let i = 0; i < units.length; i++) {
      const unit = units[i]!;
      const name = names[i];
      // CAT tools repeat resname (the element type, `p`); the unique id is the key then.
      const key = name !== undefined && !repeated.has(name) ? name : (attr(unit, "id") ?? name);
      if (key === undefined) {
        errors.push({ message: "A <trans-unit> has neither id nor resname and was skipped." });
        continue;
      }
      if (attr(unit, "translate") === "no") continue;
      const source = firstElement(unit, "source");
      const target = firstElement(unit, "target");
      const sourceText = source ? valueFromRaw(rawOf(source)) : "";
      const value = target ? valueFromRaw(rawOf(target)) : targetLanguage ? "" : sourceText;
      const entry: TranslationEntry = { key, value, sourceText };
      const notes = elements(unit, "note");
      const description = notes
        .filter((n) => attr(n, "from") !== "context")
        .map(textOf)
        .join("\n");
      if (description) entry.description = description;
      const ctxNote = notes.find((n) => attr(n, "from") === "context");
      const ctxGroup = ctxGroups[i];
      const ctx = ctxNote ? textOf(ctxNote) : ctxGroup ? elements(ctxGroup, "context").map(textOf).join("\n") : undefined;
      if (ctx) entry.context = ctx;
      const state = target ? attr(target, "state") : undefined;
      if (state && FUZZY_STATES.has(state)) entry.fuzzy = true;
      const maxwidth = attr(unit, "maxwidth");
      if (maxwidth && /^\d+$/.test(maxwidth) && (attr(unit, "size-unit") ?? "pixel") === "char") entry.maxLength = Number(maxwidth);
      // Namespaces the kept markup uses, so an export can declare them again.
      const xmlns =
        mayUsePrefixes(value) || mayUsePrefixes(sourceText) ? namespacesUsed([value, sourceText], scopeOf(unit, fileScope)) : undefined;
      if (original !== undefined || xmlns)
        entry.metadata = { ...(original !== undefined ? { file: original } : {}), ...(xmlns ? { xmlns } : {}) };
      pushEntry(entries, seen, errors, entry);
    }
  }
  return { entries, errors, metadata };
}

const GETTEXT_GROUP = "x-gettext";

/** A unit's first gettext context group and its first other context group. */
function contextGroups(unit: XmlNode): { gettext?: XmlNode; other?: XmlNode } {
  let gettext: XmlNode | undefined;
  let other: XmlNode | undefined;
  for (const child of childrenOf(unit)) {
    const t = tagOf(child);
    if (t === undefined || localName(t) !== "context-group") continue;
    if (attr(child, "name") === GETTEXT_GROUP) gettext ??= child;
    else other ??= child;
    if (gettext && other) break;
  }
  return { gettext, other };
}

/** msgctxt of a unit written from a gettext context key (see serializeXliff), from its gettext context group. */
function gettextContext(group: XmlNode): string | undefined {
  const ctx = findElement(group, "context", (c) => attr(c, "context-type") === "x-gettext-msgctxt");
  return ctx ? textOf(ctx) : undefined;
}

/** Names used by more than one unit of a file. */
export function repeatedValues(names: Array<string | undefined>): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const name of names) {
    if (name === undefined) continue;
    const size = seen.size;
    if (seen.add(name).size === size) repeated.add(name);
  }
  return repeated;
}

/**
 * XML 1.0 cannot carry C0 controls (other than tab, LF, CR) even as references: XLIFF 1.2 has no
 * way to write them, so such an entry is left out (XLIFF 2.0 writes `<cp hex>` for values).
 */
export function unwritable(full: string, sep: number, values: string[]): string | undefined {
  const name = sep >= 0 ? `${full.slice(0, sep)}${full.slice(sep + 1)}` : full;
  if (hasForbidden(name)) return "the key holds a control character XML cannot carry";
  if (values.some(hasForbidden)) return "the value holds a control character XLIFF 1.2 cannot carry";
  return undefined;
}

const SIGNIFICANT_SPACE = /\s\s|[\t\n\r]/;

/** `xml:space="preserve"` where whitespace is significant (XLIFF tools collapse it otherwise). */
export function spaceAttr(value: string): string {
  if (value === "") return "";
  return isSpaceCode(value.charCodeAt(0)) || isSpaceCode(value.charCodeAt(value.length - 1)) || SIGNIFICANT_SPACE.test(value)
    ? ' xml:space="preserve"'
    : "";
}

export function serializeXliff(entries: TranslationEntry[], options: SerializeOptions): string {
  const sourceLanguage = options.sourceLanguage ?? options.language;
  const bilingual = sourceLanguage !== options.language;
  const groups = groupByNamespace(entries);
  const namespaces = new RootNamespaces();
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', ""];
  for (const [ns, group] of groups) {
    const langs = `source-language="${escapeAttr(sourceLanguage)}"${bilingual ? ` target-language="${escapeAttr(options.language)}"` : ""}`;
    out.push(`  <file original="${escapeAttr(ns || "messages")}" ${langs} datatype="plaintext">`, "    <body>");
    const ids = new UnitIds();
    for (const e of group) {
      const full = fullKey(e);
      // A gettext context key (msgctxt U+0004 msgid) travels as a context, never as a control character.
      const sep = full.indexOf(CONTEXT_SEPARATOR);
      const source = bilingual ? (e.sourceText ?? "") : e.value;
      // Ordinary text (the common case) needs none of the checks below and is written as it is.
      const plain = isPlainText(e.value) && (!bilingual || isPlainText(source));
      // escapeAttr returns the key itself when it holds nothing to escape (so nothing XML cannot carry).
      const escapedFull = escapeAttr(full);
      if (!plain || sep >= 0 || escapedFull !== full) {
        const values = bilingual ? [e.value, source] : [e.value];
        const problem = unwritable(full, sep, values) ?? namespaces.add(values, e.metadata);
        if (problem) {
          options.onSkip?.({ key: e.key, ...(e.namespace ? { namespace: e.namespace } : {}), reason: problem });
          continue;
        }
      }
      const name = sep >= 0 ? full.slice(sep + 1) : full;
      const key = sep >= 0 ? escapeAttr(name) : escapedFull;
      const id = ids.take(full, sep >= 0);
      const size = e.maxLength !== undefined ? ` maxwidth="${e.maxLength}" size-unit="char"` : "";
      out.push(`      <trans-unit id="${id === name ? key : escapeAttr(id)}" resname="${key}"${size}>`);
      out.push(plain ? `        <source>${source}</source>` : `        <source${spaceAttr(source)}>${rawFromValue(source)}</source>`);
      if (bilingual) {
        const state = e.fuzzy ? "needs-review-translation" : e.value === "" ? "needs-translation" : "translated";
        out.push(
          plain
            ? `        <target state="${state}">${e.value}</target>`
            : `        <target state="${state}"${spaceAttr(e.value)}>${rawFromValue(e.value)}</target>`,
        );
      }
      if (sep >= 0) {
        out.push(
          `        <context-group name="${GETTEXT_GROUP}" purpose="information">`,
          `          <context context-type="x-gettext-msgctxt">${escapeText(full.slice(0, sep))}</context>`,
          "        </context-group>",
        );
      }
      if (e.description) out.push(`        <note from="developer">${escapeText(e.description)}</note>`);
      if (e.context) out.push(`        <note from="context">${escapeText(e.context)}</note>`);
      out.push("      </trans-unit>");
    }
    out.push("    </body>", "  </file>");
  }
  out[1] = `<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"${namespaces.attributes()}>`;
  out.push("</xliff>", "");
  return out.join("\n");
}
