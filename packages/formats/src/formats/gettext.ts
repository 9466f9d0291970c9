/**
 * po, pot and mo through gettext-parser. Key = msgid, or msgctxt + "\u0004" + msgid.
 * Plural entries (msgid_plural / msgstr[n]) become ICU plural values whose categories
 * follow the file's Plural-Forms (mapped to CLDR categories of the language).
 */

import { Buffer } from "node:buffer";
import { type GetTextTranslation, type GetTextTranslations, mo as moFormat, po as poFormat } from "gettext-parser";
import { FormatParseError } from "../errors.js";
import { fullKey } from "../namespace.js";
import { buildIcuPlural, isBalancedSubMessage, nativePlural, parseIcuPlural } from "../plural/icu-plural.js";
import { categoriesForPluralForms, gettextPluralRule, pluralFormsHeader } from "../plural/plural-rules.js";
import type { FormatIssue, ParseOptions, ParseResult, SerializeOptions, TranslationEntry } from "../types.js";
import { assertPoStructure } from "./po-structure.js";

export const CONTEXT_SEPARATOR = "\u0004";

type Kind = "po" | "pot" | "mo";

export function parseGettext(kind: Kind, content: string | Uint8Array, options: ParseOptions): ParseResult {
  let table: GetTextTranslations;
  try {
    if (kind === "mo") {
      const buf =
        typeof content === "string" ? Buffer.from(content, "base64") : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
      const parsed = moFormat.parse(buf) as GetTextTranslations | false;
      if (!parsed) throw new FormatParseError("This is not a gettext MO file (the magic number is wrong).");
      table = parsed;
    } else {
      const input = typeof content === "string" ? content : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
      // Structure only: keywords and quotes are ASCII, so latin1 reads any charset's bytes safely.
      assertPoStructure(typeof input === "string" ? input : input.toString("latin1"));
      table = poFormat.parse(input, { defaultCharset: "utf-8", validation: false });
    }
  } catch (err) {
    if (err instanceof FormatParseError) throw err;
    const e = err as Error & { lineNumber?: number };
    const message = (e?.message ?? String(err)).replace(/^Error parsing PO data: /, "").replace(/ at line \d+\.?/, "");
    if (kind === "mo") throw new FormatParseError(`The MO file is damaged or truncated: ${message}`);
    throw new FormatParseError(`The PO file is not valid: ${message}`, e?.lineNumber !== undefined ? { line: e.lineNumber } : {});
  }
  const headers = table.headers ?? {};
  const language = options.language ?? headers.Language ?? headers.language ?? undefined;
  const pluralForms = headers["Plural-Forms"] ?? headers["plural-forms"];
  let categories: string[] | undefined;
  const entries: TranslationEntry[] = [];
  const errors: FormatIssue[] = [];
  for (const [ctx, byId] of Object.entries(table.translations ?? {})) {
    for (const [msgid, t] of Object.entries(byId)) {
      if (ctx === "" && msgid === "") continue; // header
      if (t.obsolete) continue;
      const key = ctx ? `${ctx}${CONTEXT_SEPARATOR}${msgid}` : msgid;
      const entry: TranslationEntry = { key, value: "" };
      if (t.msgid_plural !== undefined) {
        categories ??= categoriesForPluralForms(pluralForms, language || undefined) ?? ["one", "other"];
        const forms: Record<string, string> = {};
        const strs = kind === "pot" ? [] : t.msgstr;
        if (strs.some((s) => s !== "")) {
          strs.forEach((s, i) => {
            const cat = categories![i];
            if (cat) forms[cat] = s;
          });
          if (forms.other === undefined) forms.other = strs[strs.length - 1] ?? "";
          if (Object.values(forms).every(isBalancedSubMessage)) entry.value = buildIcuPlural({ argument: "count", forms });
          else {
            errors.push({
              key,
              message: `"${msgid}" has plural forms with unbalanced braces; they cannot be stored as ICU and were skipped.`,
            });
            continue;
          }
        }
        entry.sourceText =
          isBalancedSubMessage(msgid) && isBalancedSubMessage(t.msgid_plural)
            ? buildIcuPlural({ argument: "count", forms: { one: msgid, other: t.msgid_plural } })
            : t.msgid_plural;
        entry.metadata = { msgidPlural: t.msgid_plural };
      } else {
        entry.value = kind === "pot" ? "" : (t.msgstr[0] ?? "");
        entry.sourceText = msgid;
      }
      if (ctx) entry.context = ctx;
      const c = t.comments;
      if (c) {
        const description = [c.extracted, c.translator].filter((s) => s).join("\n");
        if (description) entry.description = description;
        const flags = (c.flag ?? "")
          .split(",")
          .map((f) => f.trim())
          .filter(Boolean);
        if (flags.includes("fuzzy")) entry.fuzzy = true;
        const otherFlags = flags.filter((f) => f !== "fuzzy");
        const meta = entry.metadata ?? {};
        if (otherFlags.length > 0) meta.flags = otherFlags;
        if (c.reference) meta.references = c.reference.split(/\s+/).filter(Boolean);
        if (c.previous) meta.previous = c.previous;
        if (Object.keys(meta).length > 0) entry.metadata = meta;
      }
      entries.push(entry);
    }
  }
  return { entries, errors, metadata: { headers, charset: table.charset } };
}

function buildTable(kind: Kind, entries: TranslationEntry[], options: SerializeOptions): GetTextTranslations {
  const language = kind === "pot" ? (options.sourceLanguage ?? "en") : options.language;
  const rule = gettextPluralRule(language);
  const headers: Record<string, string> = {
    "Project-Id-Version": "PACKAGE VERSION",
    ...(kind === "pot" ? {} : { Language: options.language }),
    "MIME-Version": "1.0",
    "Content-Type": "text/plain; charset=UTF-8",
    "Content-Transfer-Encoding": "8bit",
    "Plural-Forms": pluralFormsHeader(language),
    "X-Generator": "@locale/formats",
  };
  const translations: GetTextTranslations["translations"] = { "": { "": { msgid: "", msgstr: [serializeHeaders(headers)] } } };
  for (const e of entries) {
    if (kind === "mo" && (e.fuzzy || e.value === "")) continue; // gettext leaves these out of MO files
    const key = fullKey(e);
    const sep = key.indexOf(CONTEXT_SEPARATOR);
    const msgctxt = sep >= 0 ? key.slice(0, sep) : "";
    const msgid = sep >= 0 ? key.slice(sep + 1) : key;
    const t: GetTextTranslation = { msgid, msgstr: [] };
    if (msgctxt) t.msgctxt = msgctxt;
    const plural = nativePlural(e.value);
    const sourcePlural = e.sourceText !== undefined ? parseIcuPlural(e.sourceText) : undefined;
    const pluralFits = plural && Object.keys(plural.forms).every((c) => (rule.categories as string[]).includes(c));
    if (pluralFits || (e.value === "" && sourcePlural)) {
      t.msgid_plural = typeof e.metadata?.msgidPlural === "string" ? e.metadata.msgidPlural : (sourcePlural?.forms.other ?? msgid);
      const other = plural?.forms.other ?? "";
      t.msgstr = kind === "pot" || !plural ? rule.categories.map(() => "") : rule.categories.map((c) => plural.forms[c] ?? other);
    } else {
      t.msgstr = [kind === "pot" ? "" : e.value];
    }
    const comments: NonNullable<GetTextTranslation["comments"]> = {};
    if (e.description) comments.extracted = e.description;
    const refs = e.metadata?.references;
    if (Array.isArray(refs) && refs.length > 0) comments.reference = refs.join(" ");
    const flags = Array.isArray(e.metadata?.flags) ? (e.metadata.flags as string[]) : [];
    const allFlags = [...(e.fuzzy && kind !== "pot" ? ["fuzzy"] : []), ...flags];
    if (allFlags.length > 0) comments.flag = allFlags.join(", ");
    if (Object.keys(comments).length > 0) t.comments = comments;
    (translations[msgctxt] ??= {})[msgid] = t;
  }
  return { charset: "utf-8", headers, translations };
}

function serializeHeaders(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\n`)
    .join("");
}

export function serializeGettext(kind: Kind, entries: TranslationEntry[], options: SerializeOptions): string | Uint8Array {
  const table = buildTable(kind, entries, options);
  if (kind === "mo") {
    const buf = moFormat.compile(table);
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  }
  return `${poFormat.compile(table, { foldLength: 0 }).toString("utf8")}\n`;
}
