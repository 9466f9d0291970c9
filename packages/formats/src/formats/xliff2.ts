/**
 * xliff2 (2.0): one `<file>` per namespace (`id` f1, f2…, `original` = namespace);
 * `<unit id>` holds the full dotted key; `<segment>` and `<ignorable>` parts are
 * concatenated in document order into the value.
 */
import { FormatParseError } from "../errors.js";
import { fullKey, groupByNamespace } from "../namespace.js";
import type { FormatIssue, ParseResult, SerializeOptions, TranslationEntry } from "../types.js";
import { attr, elements, escapeAttr, escapeText, firstElement, parseXml, rawOf, tagOf, textOf, type XmlNode } from "../xml/safe-xml.js";
import { rawFromValue, valueFromRaw } from "../xml/xml-value.js";
import { pushEntry } from "./key-tree.js";

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
  for (const file of files) {
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
    for (const unit of units) {
      const key = attr(unit, "name") ?? attr(unit, "id");
      if (key === undefined) {
        errors.push({ message: "A <unit> has no id and was skipped." });
        continue;
      }
      if (attr(unit, "translate") === "no") continue;
      let source = "";
      let target = "";
      let hasTarget = false;
      let fuzzy = false;
      for (const part of elements(unit)) {
        const t = tagOf(part);
        if (t !== "segment" && t !== "ignorable") continue;
        const s = firstElement(part, "source");
        const tg = firstElement(part, "target");
        const sText = s ? valueFromRaw(rawOf(s)) : "";
        source += sText;
        if (tg) {
          hasTarget = true;
          target += valueFromRaw(rawOf(tg));
        } else if (t === "ignorable") target += sText;
        if (t === "segment" && attr(part, "state") === "initial" && tg) fuzzy = true;
      }
      const value = hasTarget ? target : trgLang ? "" : source;
      const entry: TranslationEntry = { key, value, sourceText: source };
      const notesEl = firstElement(unit, "notes");
      if (notesEl) {
        const notes = elements(notesEl, "note");
        const desc = notes
          .filter((n) => attr(n, "category") !== "context")
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
      if (original !== undefined) entry.metadata = { file: original };
      pushEntry(entries, seen, errors, entry);
    }
  }
  return { entries, errors, metadata };
}

export function serializeXliff2(entries: TranslationEntry[], options: SerializeOptions): string {
  const sourceLanguage = options.sourceLanguage ?? options.language;
  const bilingual = sourceLanguage !== options.language;
  const groups = groupByNamespace(entries);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="${escapeAttr(sourceLanguage)}"${bilingual ? ` trgLang="${escapeAttr(options.language)}"` : ""}>`,
  ];
  let fileNo = 0;
  for (const [ns, group] of groups) {
    fileNo++;
    out.push(`  <file id="f${fileNo}"${ns ? ` original="${escapeAttr(ns)}"` : ""}>`);
    for (const e of group) {
      out.push(`    <unit id="${escapeAttr(fullKey(e))}">`);
      if (e.description || e.context) {
        out.push("      <notes>");
        if (e.description) out.push(`        <note category="description">${escapeText(e.description)}</note>`);
        if (e.context) out.push(`        <note category="context">${escapeText(e.context)}</note>`);
        out.push("      </notes>");
      }
      const source = bilingual ? (e.sourceText ?? "") : e.value;
      const state = !bilingual || e.value === "" ? "" : e.fuzzy ? ' state="initial"' : ' state="translated"';
      out.push(`      <segment${state}>`, `        <source>${rawFromValue(source)}</source>`);
      if (bilingual && e.value !== "") out.push(`        <target>${rawFromValue(e.value)}</target>`);
      out.push("      </segment>", "    </unit>");
    }
    out.push("  </file>");
  }
  out.push("</xliff>", "");
  return out.join("\n");
}
