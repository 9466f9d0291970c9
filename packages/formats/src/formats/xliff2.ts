/**
 * xliff2 (2.0): one `<file>` per namespace (`id` f1, f2…, `original` = namespace);
 * `<unit id>` holds the full dotted key; `<segment>` and `<ignorable>` parts are
 * concatenated in document order into the value.
 */
import { FormatParseError } from "../errors.js";
import { fullKey, groupByNamespace } from "../namespace.js";
import type { FormatIssue, ParseResult, SerializeOptions, TranslationEntry } from "../types.js";
import { mayUsePrefixes, namespacesUsed, RootNamespaces, scopeOf } from "../xml/markup-namespaces.js";
import {
  attr,
  elements,
  escapeAttr,
  escapeText,
  findElement,
  firstElement,
  isPlainText,
  parseXml,
  rawOf,
  tagOf,
  textOf,
  type XmlNode,
} from "../xml/safe-xml.js";
import { rawFromValue, valueFromRaw } from "../xml/xml-value.js";
import { CONTEXT_SEPARATOR } from "./gettext-context.js";
import { pushEntry } from "./key-tree.js";
import { repeatedValues, spaceAttr, UnitIds, unwritable } from "./xliff.js";

export function parseXliff2(text: string): ParseResult {
  const top = parseXml(text, ["*.source", "*.target"]);
  const root = top.find((n) => tagOf(n) === "xliff");
  if (!root) throw new FormatParseError("This is not an XLIFF file: the <xliff> element is missing.");
  const version = attr(root, "version") ?? "";
  if (version.startsWith("1")) throw new FormatParseError("This is an XLIFF 1.2 file; import it with the xliff format.");
  const srcLang = attr(root, "srcLang");
  const trgLang = attr(root, "trgLang");
  const metadata: Record<string, unknown> = {};
  if (srcLang) metadata.sourceLanguage = srcLang;
  if (trgLang) metadata.targetLanguage = trgLang;
  const entries: TranslationEntry[] = [];
  const errors: FormatIssue[] = [];
  const seen = new Set<string>();
  const files = elements(root, "file");
  if (files.length === 0) throw new FormatParseError("The XLIFF file contains no <file> element.");
  const rootScope = scopeOf(root);
  for (const file of files) {
    const fileScope = scopeOf(file, rootScope);
    const original = attr(file, "original") ?? attr(file, "id");
    const units: XmlNode[] = [];
    const collect = (node: XmlNode) => {
      for (const child of elements(node)) {
        const t = tagOf(child);
        if (t === "unit") units.push(child);
        else if (t === "group") collect(child);
      }
    };
    collect(file);
    const names = units.map((u) => {
      const name = attr(u, "name");
      const msgctxt = gettextContext(u);
      return name !== undefined && msgctxt !== undefined ? `${msgctxt}${CONTEXT_SEPARATOR}${name}` : name;
    });
    const repeated = repeatedValues(names);
    for (const [i, unit] of units.entries()) {
      const name = names[i];
      // CAT tools put the element type (`p`) in name; where names repeat, the unique id is the key.
      const key = name !== undefined && !repeated.has(name) ? name : (attr(unit, "id") ?? name);
      if (key === undefined) {
        errors.push({ message: "A <unit> has no id and was skipped." });
        continue;
      }
      if (attr(unit, "translate") === "no") continue;
      let source = "";
      let hasTarget = false;
      let fuzzy = false;
      // Target parts in the order their `order` attributes give (default: the part's own position).
      const targets: Array<{ position: number; text: string }> = [];
      let position = 0;
      for (const part of elements(unit)) {
        const t = tagOf(part);
        if (t !== "segment" && t !== "ignorable") continue;
        position++;
        const s = firstElement(part, "source");
        const tg = firstElement(part, "target");
        const sText = s ? valueFromRaw2(rawOf(s)) : "";
        source += sText;
        const order = tg ? Number(attr(tg, "order")) : Number.NaN;
        const at = Number.isInteger(order) && order > 0 ? order : position;
        if (tg) {
          hasTarget = true;
          targets.push({ position: at, text: valueFromRaw2(rawOf(tg)) });
        } else if (t === "ignorable") targets.push({ position: at, text: sText });
        if (t === "segment" && attr(part, "state") === "initial" && tg) fuzzy = true;
      }
      // One part (the usual unit) needs no sorting.
      const target =
        targets.length === 1
          ? targets[0]!.text
          : targets
              .sort((a, b) => a.position - b.position)
              .map((p) => p.text)
              .join("");
      const value = hasTarget ? target : trgLang ? "" : source;
      const entry: TranslationEntry = { key, value, sourceText: source };
      const notesEl = firstElement(unit, "notes");
      if (notesEl) {
        const notes = elements(notesEl, "note");
        const desc = notes
          .filter((n) => attr(n, "category") !== "context" && attr(n, "category") !== MSGCTXT_NOTE)
          .map(textOf)
          .join("\n");
        const ctx = notes
          .filter((n) => attr(n, "category") === "context")
          .map(textOf)
          .join("\n");
        if (desc) entry.description = desc;
        if (ctx) entry.context = ctx;
      }
      if (fuzzy && value !== "") entry.fuzzy = true;
      // Namespaces the kept markup uses, so an export can declare them again.
      const xmlns = mayUsePrefixes(value) || mayUsePrefixes(source) ? namespacesUsed([value, source], scopeOf(unit, fileScope)) : undefined;
      if (original !== undefined || xmlns)
        entry.metadata = { ...(original !== undefined ? { file: original } : {}), ...(xmlns ? { xmlns } : {}) };
      pushEntry(entries, seen, errors, entry);
    }
  }
  return { entries, errors, metadata };
}

const MSGCTXT_NOTE = "x-gettext-msgctxt";
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const CP = /<cp\s+hex\s*=\s*"([0-9A-Fa-f]{1,6})"\s*\/>/g;

/** XLIFF 2.0 writes characters XML cannot carry as `<cp hex="0004"/>` (the rest as escaped text). */
function rawFromValue2(value: string): string {
  if (!CONTROL.test(value)) return rawFromValue(value);
  return value
    .split(/([\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff])/)
    .map((part, i) => (i % 2 === 1 ? `<cp hex="${part.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}"/>` : escapeText(part)))
    .join("");
}

/** Inner XML → value, `<cp hex>` decoded to its character. */
function valueFromRaw2(raw: string): string {
  if (raw.indexOf("<cp") < 0) return valueFromRaw(raw);
  return valueFromRaw(
    raw.replace(CP, (whole, hex: string) => {
      const code = parseInt(hex, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }),
  );
}

function gettextContext(unit: XmlNode): string | undefined {
  const notes = firstElement(unit, "notes");
  const note = notes ? findElement(notes, "note", (n) => attr(n, "category") === MSGCTXT_NOTE) : undefined;
  return note ? textOf(note) : undefined;
}

export function serializeXliff2(entries: TranslationEntry[], options: SerializeOptions): string {
  const sourceLanguage = options.sourceLanguage ?? options.language;
  const bilingual = sourceLanguage !== options.language;
  const groups = groupByNamespace(entries);
  const namespaces = new RootNamespaces();
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', ""];
  let fileNo = 0;
  for (const [ns, group] of groups) {
    fileNo++;
    out.push(`  <file id="f${fileNo}"${ns ? ` original="${escapeAttr(ns)}"` : ""}>`);
    const ids = new UnitIds();
    for (const e of group) {
      const full = fullKey(e);
      // A gettext context key travels as a msgctxt note and `name`, never as a control character.
      const sep = full.indexOf(CONTEXT_SEPARATOR);
      const source = bilingual ? (e.sourceText ?? "") : e.value;
      // Ordinary text (the common case) needs none of the checks below and is written as it is.
      const plain = isPlainText(e.value) && (!bilingual || isPlainText(source));
      // escapeAttr returns the key itself when it holds nothing to escape (so nothing XML cannot carry).
      const escapedFull = escapeAttr(full);
      if (!plain || sep >= 0 || escapedFull !== full) {
        const problem = unwritable(full, sep, []) ?? namespaces.add(bilingual ? [e.value, source] : [e.value], e.metadata);
        if (problem) {
          options.onSkip?.({ key: e.key, ...(e.namespace ? { namespace: e.namespace } : {}), reason: problem });
          continue;
        }
      }
      const id = ids.take(full, sep >= 0);
      const name = sep >= 0 ? full.slice(sep + 1) : full;
      out.push(id === full ? `    <unit id="${escapedFull}">` : `    <unit id="${escapeAttr(id)}" name="${escapeAttr(name)}">`);
      if (e.description || e.context || sep >= 0) {
        out.push("      <notes>");
        if (e.description) out.push(`        <note category="description">${escapeText(e.description)}</note>`);
        if (e.context) out.push(`        <note category="context">${escapeText(e.context)}</note>`);
        if (sep >= 0) out.push(`        <note category="${MSGCTXT_NOTE}">${escapeText(full.slice(0, sep))}</note>`);
        out.push("      </notes>");
      }
      const state = !bilingual || e.value === "" ? "" : e.fuzzy ? ' state="initial"' : ' state="translated"';
      out.push(
        `      <segment${state}>`,
        plain ? `        <source>${source}</source>` : `        <source${spaceAttr(source)}>${rawFromValue2(source)}</source>`,
      );
      if (bilingual && e.value !== "")
        out.push(plain ? `        <target>${e.value}</target>` : `        <target${spaceAttr(e.value)}>${rawFromValue2(e.value)}</target>`);
      out.push("      </segment>", "    </unit>");
    }
    out.push("  </file>");
  }
  const trg = bilingual ? ` trgLang="${escapeAttr(options.language)}"` : "";
  out[1] = `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0"${namespaces.attributes()} version="2.0" srcLang="${escapeAttr(sourceLanguage)}"${trg}>`;
  out.push("</xliff>", "");
  return out.join("\n");
}
