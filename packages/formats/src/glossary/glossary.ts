/**
 * Glossary import/export: CSV (header row, `term` required) and TBX (TBX-Basic
 * on the TBX v3 core structure; older TBX 2 `martif` files are read too).
 */
import { parse as parseCsvRows } from "csv-parse/sync";
import { stringify as stringifyCsv } from "csv-stringify/sync";
import { FormatParseError } from "../errors.js";
import { checkSize, DEFAULT_MAX_BYTES, toText } from "../input.js";
import { attr, elements, escapeAttr, escapeText, firstElement, parseXml, tagOf, textOf, type XmlNode } from "../xml/safe-xml.js";

export type GlossaryTermInput = {
  term: string;
  definition?: string;
  doNotTranslate?: boolean;
  caseSensitive?: boolean;
  translations: { language: string; value: string; approved?: boolean }[];
};

export const GLOSSARY_FORMAT_IDS = ["csv", "tbx"] as const;
export type GlossaryFormatId = (typeof GLOSSARY_FORMAT_IDS)[number];
export type GlossaryParseResult = { terms: GlossaryTermInput[]; errors: { row: number; message: string }[] };
export type GlossaryOptions = { sourceLanguage?: string; maxBytes?: number };

export function parseGlossary(format: GlossaryFormatId, content: string | Uint8Array, options: GlossaryOptions = {}): GlossaryParseResult {
  checkSize(content, options.maxBytes ?? DEFAULT_MAX_BYTES);
  const text = toText(content);
  if (format === "csv") return parseCsvGlossary(text);
  if (format === "tbx") return parseTbx(text, options);
  throw new FormatParseError(`Unknown glossary format "${String(format)}".`);
}

export function serializeGlossary(format: GlossaryFormatId, terms: GlossaryTermInput[], options: GlossaryOptions = {}): string {
  if (format === "csv") return serializeCsvGlossary(terms);
  if (format === "tbx") return serializeTbx(terms, options.sourceLanguage ?? "en");
  throw new Error(`Unknown glossary format "${String(format)}".`);
}

const FIXED = new Set(["term", "definition", "donottranslate", "casesensitive"]);

function parseBool(v: string): boolean | undefined | "invalid" {
  const s = v.trim().toLowerCase();
  if (s === "") return undefined;
  if (s === "true" || s === "1" || s === "yes") return true;
  if (s === "false" || s === "0" || s === "no") return false;
  return "invalid";
}

function isLanguageCode(code: string): boolean {
  try {
    return Intl.getCanonicalLocales(code).length === 1;
  } catch {
    return false;
  }
}

function parseCsvGlossary(text: string): GlossaryParseResult {
  let rows: string[][];
  try {
    rows = parseCsvRows(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (err) {
    const e = err as Error & { lines?: number };
    throw new FormatParseError(
      `The CSV file is not valid: ${e.message.replace(/^Invalid [^:]*: /, "")}`,
      e.lines !== undefined ? { line: e.lines } : {},
    );
  }
  const header = rows[0];
  if (!header) throw new FormatParseError('The CSV file is empty; its first row must be a header with a "term" column.');
  const names = header.map((h) => h.trim());
  const lower = names.map((h) => h.toLowerCase());
  const termCol = lower.indexOf("term");
  if (termCol < 0) throw new FormatParseError('The CSV header has no "term" column.', { line: 1 });
  const defCol = lower.indexOf("definition");
  const dntCol = lower.indexOf("donottranslate");
  const csCol = lower.indexOf("casesensitive");
  const errors: GlossaryParseResult["errors"] = [];
  const langCols: Array<[number, string]> = [];
  names.forEach((name, i) => {
    if (FIXED.has(name.toLowerCase()) || name === "") return;
    if (isLanguageCode(name)) langCols.push([i, Intl.getCanonicalLocales(name)[0]!]);
    else errors.push({ row: 1, message: `Column "${name}" is not a language code and was ignored.` });
  });
  const terms: GlossaryTermInput[] = [];
  rows.slice(1).forEach((row, idx) => {
    const rowNo = idx + 2;
    const term = (row[termCol] ?? "").trim();
    if (term === "") {
      errors.push({ row: rowNo, message: 'The "term" cell is empty; the row was skipped.' });
      return;
    }
    const entry: GlossaryTermInput = { term, translations: [] };
    const def = defCol >= 0 ? (row[defCol] ?? "") : "";
    if (def !== "") entry.definition = def;
    for (const [col, field] of [
      [dntCol, "doNotTranslate"],
      [csCol, "caseSensitive"],
    ] as const) {
      if (col < 0) continue;
      const b = parseBool(row[col] ?? "");
      if (b === "invalid") {
        errors.push({ row: rowNo, message: `"${field}" must be true or false, not "${row[col]}"; the row was skipped.` });
        return;
      }
      if (b !== undefined) entry[field] = b;
    }
    for (const [col, language] of langCols) {
      const value = row[col] ?? "";
      if (value !== "") entry.translations.push({ language, value });
    }
    terms.push(entry);
  });
  return { terms, errors };
}

function serializeCsvGlossary(terms: GlossaryTermInput[]): string {
  const languages: string[] = [];
  for (const t of terms) for (const tr of t.translations) if (!languages.includes(tr.language)) languages.push(tr.language);
  const rows: string[][] = [["term", "definition", "doNotTranslate", "caseSensitive", ...languages]];
  for (const t of terms) {
    rows.push([
      t.term,
      t.definition ?? "",
      String(t.doNotTranslate ?? false),
      String(t.caseSensitive ?? false),
      ...languages.map((l) => t.translations.find((tr) => tr.language === l)?.value ?? ""),
    ]);
  }
  return stringifyCsv(rows, { record_delimiter: "unix" });
}

const APPROVED = "preferredTerm-admn-sts";

function langOf(node: XmlNode): string | undefined {
  return attr(node, "xml:lang") ?? attr(node, "lang");
}

function parseTbx(text: string, options: GlossaryOptions): GlossaryParseResult {
  const top = parseXml(text);
  const root = top.find((n) => tagOf(n) === "tbx" || tagOf(n) === "martif");
  if (!root) throw new FormatParseError("This is not a TBX file: the <tbx> (or <martif>) element is missing.");
  const textEl = firstElement(root, "text");
  const body = textEl ? firstElement(textEl, "body") : undefined;
  if (!body) throw new FormatParseError("The TBX file has no <text><body> section.");
  const fileLang = langOf(root);
  const sourceLanguage = options.sourceLanguage ?? fileLang;
  const terms: GlossaryParseResult["terms"] = [];
  const errors: GlossaryParseResult["errors"] = [];
  const concepts = elements(body).filter((n) => tagOf(n) === "conceptEntry" || tagOf(n) === "termEntry");
  concepts.forEach((concept, idx) => {
    const row = idx + 1;
    const descrips = (node: XmlNode) => [
      ...elements(node, "descrip"),
      ...elements(node, "descripGrp").flatMap((g) => elements(g, "descrip")),
    ];
    let definition = descrips(concept).find((d) => attr(d, "type") === "definition");
    type Found = { language: string; value: string; notes: Map<string, string> };
    const found: Found[] = [];
    for (const langSec of elements(concept).filter((n) => tagOf(n) === "langSec" || tagOf(n) === "langSet")) {
      const language = langOf(langSec) ?? "";
      definition ??= descrips(langSec).find((d) => attr(d, "type") === "definition");
      for (const ts of elements(langSec).filter((n) => ["termSec", "tig", "ntig"].includes(tagOf(n) ?? ""))) {
        const holder = tagOf(ts) === "ntig" ? (firstElement(ts, "termGrp") ?? ts) : ts;
        const termEl = firstElement(holder, "term");
        if (!termEl) continue;
        const notes = new Map<string, string>();
        for (const n of elements(holder, "termNote")) notes.set(attr(n, "type") ?? "", textOf(n).trim());
        found.push({ language, value: textOf(termEl), notes });
      }
    }
    const src = found.find((f) => sourceLanguage !== undefined && f.language.toLowerCase() === sourceLanguage.toLowerCase()) ?? found[0];
    if (!src || src.value.trim() === "") {
      errors.push({ row, message: "A concept entry has no term and was skipped." });
      return;
    }
    const entry: GlossaryTermInput = { term: src.value, translations: [] };
    if (definition) entry.definition = textOf(definition);
    const flag = (name: string) => found.some((f) => f.notes.get(name) === "true");
    if (flag("doNotTranslate")) entry.doNotTranslate = true;
    if (flag("caseSensitive")) entry.caseSensitive = true;
    for (const f of found) {
      if (f === src) continue;
      const tr: GlossaryTermInput["translations"][number] = { language: f.language, value: f.value };
      if (f.notes.get("administrativeStatus") === APPROVED) tr.approved = true;
      entry.translations.push(tr);
    }
    terms.push(entry);
  });
  return { terms, errors };
}

function serializeTbx(terms: GlossaryTermInput[], sourceLanguage: string): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<tbx type="TBX-Basic" style="dca" xml:lang="${escapeAttr(sourceLanguage)}" xmlns="urn:iso:std:iso:30042:ed-2">`,
    "  <tbxHeader>",
    "    <fileDesc><sourceDesc><p>Exported by @locale/formats</p></sourceDesc></fileDesc>",
    "  </tbxHeader>",
    "  <text>",
    "    <body>",
  ];
  terms.forEach((t, i) => {
    out.push(`      <conceptEntry id="c${i + 1}">`);
    if (t.definition) out.push(`        <descrip type="definition">${escapeText(t.definition)}</descrip>`);
    out.push(
      `        <langSec xml:lang="${escapeAttr(sourceLanguage)}">`,
      "          <termSec>",
      `            <term>${escapeText(t.term)}</term>`,
    );
    if (t.doNotTranslate) out.push('            <termNote type="doNotTranslate">true</termNote>');
    if (t.caseSensitive) out.push('            <termNote type="caseSensitive">true</termNote>');
    out.push("          </termSec>", "        </langSec>");
    for (const tr of t.translations) {
      out.push(
        `        <langSec xml:lang="${escapeAttr(tr.language)}">`,
        "          <termSec>",
        `            <term>${escapeText(tr.value)}</term>`,
      );
      if (tr.approved) out.push(`            <termNote type="administrativeStatus">${APPROVED}</termNote>`);
      out.push("          </termSec>", "        </langSec>");
    }
    out.push("      </conceptEntry>");
  });
  out.push("    </body>", "  </text>", "</tbx>", "");
  return out.join("\n");
}
