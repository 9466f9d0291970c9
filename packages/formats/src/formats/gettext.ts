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
import {
  categoriesForPluralForms,
  gettextPluralRule,
  gettextPluralRuleFor,
  hasFullerPluralRule,
  pluralFormsHeader,
  readPluralForms,
} from "../plural/plural-rules.js";
import type { FormatIssue, ParseOptions, ParseResult, SerializeOptions, TranslationEntry } from "../types.js";
import { assertMoStringTables } from "./mo-structure.js";
import { readSysdepMessages, type SysdepMessage } from "./mo-sysdep.js";
import { assertPoStructure } from "./po-structure.js";

export { CONTEXT_SEPARATOR } from "./gettext-context.js";

import { CONTEXT_SEPARATOR } from "./gettext-context.js";

type Kind = "po" | "pot" | "mo";

export function parseGettext(kind: Kind, content: string | Uint8Array, options: ParseOptions): ParseResult {
  let table: GetTextTranslations;
  try {
    if (kind === "mo") {
      const buf =
        typeof content === "string" ? Buffer.from(content, "base64") : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
      assertMoStringTables(buf);
      const parsed = moFormat.parse(buf) as GetTextTranslations | false;
      if (!parsed) throw new FormatParseError("This is not a gettext MO file (the magic number is wrong).");
      table = parsed;
      addSysdepMessages(table, readSysdepMessages(buf, parsed.charset));
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
  // Checked before any entry: a header past the bounds makes the whole file unreadable.
  readPluralForms(pluralForms);
  let categories: string[] | undefined;
  const categoriesFor = (count: number): string[] =>
    (categories ??= categoriesForPluralForms(pluralForms, language || undefined) ?? guessCategories(count));
  const entries: TranslationEntry[] = [];
  const errors: FormatIssue[] = [];
  for (const [ctx, byId] of Object.entries(table.translations ?? {})) {
    for (const [msgid, t] of Object.entries(byId)) {
      if (ctx === "" && msgid === "") continue; // header
      if (t.obsolete) continue;
      const key = ctx ? `${ctx}${CONTEXT_SEPARATOR}${msgid}` : msgid;
      const entry: TranslationEntry = { key, value: "" };
      if (t.msgid_plural !== undefined) {
        const forms: Record<string, string> = {};
        const strs = kind === "pot" ? [] : t.msgstr;
        if (strs.some((s) => s !== "")) {
          const cats = categoriesFor(strs.length);
          strs.forEach((s, i) => {
            const cat = cats[i];
            if (cat) forms[cat] = s;
          });
          if (strs.slice(cats.length).some((s) => s !== "")) {
            errors.push({
              key,
              message: `"${msgid}" has ${strs.length} plural forms but ${pluralForms ? "the file's Plural-Forms header" : "the language"} has ${cats.length}; the extra forms were ignored.`,
            });
          }
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

/** Without a Plural-Forms header or a language, the number of msgstr[n] is the only clue. */
function guessCategories(count: number): string[] {
  return count <= 1 ? ["other"] : count === 2 ? ["one", "other"] : ["one", "few", "many", "other", "zero", "two"].slice(0, count);
}

/** Adds revision-1 system-dependent messages (`%Id`, `<PRIu64>`) to the table gettext-parser read. */
function addSysdepMessages(table: GetTextTranslations, messages: SysdepMessage[]): void {
  for (const m of messages) {
    const sep = m.original.indexOf(CONTEXT_SEPARATOR);
    const ctx = sep >= 0 ? m.original.slice(0, sep) : "";
    const [msgid = "", msgidPlural] = (sep >= 0 ? m.original.slice(sep + 1) : m.original).split("\0");
    const t: GetTextTranslation = { msgid, msgstr: m.translation.split("\0") };
    if (ctx) t.msgctxt = ctx;
    if (msgidPlural !== undefined) t.msgid_plural = msgidPlural;
    const byId = (table.translations[ctx] ??= {});
    byId[msgid] ??= t;
  }
}

function buildTable(kind: Kind, entries: TranslationEntry[], options: SerializeOptions): GetTextTranslations {
  const language = kind === "pot" ? (options.sourceLanguage ?? "en") : options.language;
  const rule = hasFullerPluralRule(language) ? gettextPluralRuleFor(language, usedCategories(entries)) : gettextPluralRule(language);
  const headers: Record<string, string> = {
    "Project-Id-Version": "PACKAGE VERSION",
    ...(kind === "pot" ? {} : { Language: options.language }),
    "MIME-Version": "1.0",
    "Content-Type": "text/plain; charset=UTF-8",
    "Content-Transfer-Encoding": "8bit",
    "Plural-Forms": pluralFormsHeader(language, rule),
    "X-Generator": "@locale/formats",
  };
  const translations: GetTextTranslations["translations"] = { "": { "": { msgid: "", msgstr: [serializeHeaders(headers)] } } };
  for (const e of entries) {
    if (kind === "mo" && (e.fuzzy || e.value === "")) continue; // gettext leaves these out of MO files
    const key = fullKey(e);
    const sep = key.indexOf(CONTEXT_SEPARATOR);
    const msgctxt = sep >= 0 ? key.slice(0, sep) : "";
    const msgid = sep >= 0 ? key.slice(sep + 1) : key;
    if (msgid === "") {
      options.onSkip?.({ key: e.key, ...nsOf(e), reason: "gettext reserves the empty msgid for the file header" });
      continue;
    }
    const t: GetTextTranslation = { msgid, msgstr: [] };
    if (msgctxt) t.msgctxt = msgctxt;
    const plural = nativePlural(e.value);
    const sourcePlural = e.sourceText !== undefined ? parseIcuPlural(e.sourceText) : undefined;
    if (plural || (e.value === "" && sourcePlural)) {
      t.msgid_plural = typeof e.metadata?.msgidPlural === "string" ? e.metadata.msgidPlural : (sourcePlural?.forms.other ?? msgid);
      // Each msgstr[n] takes the CLDR category gettext's index n stands for; `other` fills the rest.
      const other = plural?.forms.other ?? "";
      t.msgstr = kind === "pot" || !plural ? rule.categories.map(() => "") : rule.categories.map((c) => plural.forms[c] ?? other);
    } else {
      t.msgstr = [kind === "pot" ? "" : e.value];
    }
    const mismatch = newlineMismatch(msgid, t.msgid_plural, t.msgstr);
    if (mismatch) {
      options.onSkip?.({ key: e.key, ...nsOf(e), reason: mismatch });
      continue;
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

/** Plural categories the entries' values use. */
function usedCategories(entries: TranslationEntry[]): Set<string> {
  const used = new Set<string>();
  for (const e of entries) {
    const plural = nativePlural(e.value);
    if (plural) for (const c of Object.keys(plural.forms)) used.add(c);
  }
  return used;
}

const nsOf = (e: TranslationEntry) => (e.namespace ? { namespace: e.namespace } : {});

/**
 * msgfmt refuses an entry whose msgid and msgstr do not both start and both end with a newline;
 * such a translation cannot be written without changing it, so it is left out (and reported).
 */
function newlineMismatch(msgid: string, msgidPlural: string | undefined, msgstr: string[]): string | undefined {
  const starts = msgid.startsWith("\n");
  const ends = msgid.endsWith("\n");
  // msgid_plural first (checked even when empty), then every non-empty msgstr; no array built per entry.
  if (msgidPlural !== undefined) {
    const problem = newlineProblem(msgidPlural, starts, ends);
    if (problem) return problem;
  }
  for (const s of msgstr) {
    if (s === "" && s !== msgidPlural) continue;
    const problem = newlineProblem(s, starts, ends);
    if (problem) return problem;
  }
  return undefined;
}

function newlineProblem(s: string, starts: boolean, ends: boolean): string | undefined {
  if (s.startsWith("\n") !== starts) return "the msgid and its translation do not both begin with a newline, which msgfmt refuses";
  if (s.endsWith("\n") !== ends) return "the msgid and its translation do not both end with a newline, which msgfmt refuses";
  return undefined;
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
