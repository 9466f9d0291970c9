/**
 * xliff (1.2): one `<file>` per namespace (`original` = namespace, "messages" when
 * there is none); `<trans-unit id>` holds the full dotted key. On import every
 * `<file>` is read; `original` is kept in entry metadata but never becomes a
 * namespace by itself, because other tools put source paths there.
 */
import { FormatParseError } from "../errors.js";
import { fullKey, groupByNamespace } from "../namespace.js";
import type { FormatIssue, ParseResult, SerializeOptions, TranslationEntry } from "../types.js";
import { attr, elements, escapeAttr, escapeText, firstElement, parseXml, rawOf, tagOf, textOf } from "../xml/safe-xml.js";
import { rawFromValue, valueFromRaw } from "../xml/xml-value.js";
import { pushEntry } from "./key-tree.js";

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
  for (const file of files) {
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
    for (const unit of units) {
      const key = attr(unit, "resname") ?? attr(unit, "id");
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
      const ctxGroup = firstElement(unit, "context-group");
      const ctx = ctxNote ? textOf(ctxNote) : ctxGroup ? elements(ctxGroup, "context").map(textOf).join("\n") : undefined;
      if (ctx) entry.context = ctx;
      const state = target ? attr(target, "state") : undefined;
      if (state && FUZZY_STATES.has(state)) entry.fuzzy = true;
      const maxwidth = attr(unit, "maxwidth");
      if (maxwidth && /^\d+$/.test(maxwidth) && (attr(unit, "size-unit") ?? "pixel") === "char") entry.maxLength = Number(maxwidth);
      if (original !== undefined) entry.metadata = { file: original };
      pushEntry(entries, seen, errors, entry);
    }
  }
  return { entries, errors, metadata };
}

export function serializeXliff(entries: TranslationEntry[], options: SerializeOptions): string {
  const sourceLanguage = options.sourceLanguage ?? options.language;
  const bilingual = sourceLanguage !== options.language;
  const groups = groupByNamespace(entries);
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'];
  for (const [ns, group] of groups) {
    const langs = `source-language="${escapeAttr(sourceLanguage)}"${bilingual ? ` target-language="${escapeAttr(options.language)}"` : ""}`;
    out.push(`  <file original="${escapeAttr(ns || "messages")}" ${langs} datatype="plaintext">`, "    <body>");
    for (const e of group) {
      const key = escapeAttr(fullKey(e));
      const size = e.maxLength !== undefined ? ` maxwidth="${e.maxLength}" size-unit="char"` : "";
      out.push(`      <trans-unit id="${key}" resname="${key}"${size}>`);
      const source = bilingual ? (e.sourceText ?? "") : e.value;
      out.push(`        <source>${rawFromValue(source)}</source>`);
      if (bilingual) {
        const state = e.fuzzy ? "needs-review-translation" : e.value === "" ? "needs-translation" : "translated";
        out.push(`        <target state="${state}">${rawFromValue(e.value)}</target>`);
      }
      if (e.description) out.push(`        <note from="developer">${escapeText(e.description)}</note>`);
      if (e.context) out.push(`        <note from="context">${escapeText(e.context)}</note>`);
      out.push("      </trans-unit>");
    }
    out.push("    </body>", "  </file>");
  }
  out.push("</xliff>", "");
  return out.join("\n");
}
