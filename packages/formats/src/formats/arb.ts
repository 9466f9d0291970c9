/**
 * arb (Flutter Application Resource Bundle): flat JSON of ICU messages. `@key`
 * objects carry description, context and placeholders; `@@` keys are file
 * metadata. Namespaces are joined to keys with a dot (ARB has no nesting).
 */
import { FormatParseError } from "../errors.js";
import { fullKey } from "../namespace.js";
import { isIcuMessage, toIcuMessage } from "../plural/icu-syntax.js";
import type { FormatIssue, ParseResult, SerializeOptions, TranslationEntry } from "../types.js";
import { duplicateKeyWarnings } from "./json-duplicates.js";
import { checkDepth, parseJsonDocument } from "./json-flat.js";
import { nonStringWarning, pushEntry } from "./key-tree.js";

export function parseArb(text: string, maxDepth: number): ParseResult {
  const doc = parseJsonDocument(text, Infinity);
  // The depth check's walk also counts the keys, so the duplicate-key check needs no walk of its own.
  const keys = checkDepth(doc, maxDepth);
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    throw new FormatParseError("The ARB file must contain a JSON object.");
  }
  const obj = doc as Record<string, unknown>;
  const entries: TranslationEntry[] = [];
  const errors: FormatIssue[] = duplicateKeyWarnings(text, doc, keys);
  const seen = new Set<string>();
  const metadata: Record<string, unknown> = {};
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    if (key.startsWith("@@")) {
      metadata[key.slice(2)] = v;
      continue;
    }
    if (key.startsWith("@")) continue;
    if (typeof v === "number" || typeof v === "boolean") errors.push(nonStringWarning(key, v));
    else if (typeof v !== "string") {
      errors.push({ key, message: `"${key}" is not a text message and was skipped.` });
      continue;
    }
    const entry: TranslationEntry = { key, value: String(v) };
    const meta = obj[`@${key}`];
    if (meta !== null && typeof meta === "object" && !Array.isArray(meta)) {
      const m = meta as Record<string, unknown>;
      if (typeof m.description === "string" && m.description !== "") entry.description = m.description;
      if (typeof m.context === "string" && m.context !== "") entry.context = m.context;
      const rest: Record<string, unknown> = {};
      for (const [k, val] of Object.entries(m)) if (k !== "description" && k !== "context") rest[k] = val;
      if (Object.keys(rest).length > 0) entry.metadata = rest;
    }
    pushEntry(entries, seen, errors, entry);
  }
  return { entries, errors, metadata };
}

/** Top-level ICU argument names of a message (`{name}`, `{count, plural, …}`), for `placeholders`. */
export function icuArguments(message: string): string[] {
  if (message.indexOf("{") < 0) return [];
  const names: string[] = [];
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < message.length; i++) {
    const c = message.charCodeAt(i);
    if (c === 39 /* ' */) {
      const next = message.charCodeAt(i + 1);
      if (next === 39) i++;
      else if (quoted) quoted = false;
      else if (next === 123 || next === 125) quoted = true;
      continue;
    }
    if (quoted) continue;
    if (c === 123 /* { */) {
      if (depth === 0) {
        const m = ARGUMENT.exec(message.slice(i, i + 200));
        if (m && !names.includes(m[1]!)) names.push(m[1]!);
      }
      depth++;
    } else if (c === 125 /* } */ && depth > 0) depth--;
  }
  return names;
}

const ARGUMENT = /^\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*[,}]/;

export function serializeArb(entries: TranslationEntry[], options: SerializeOptions): string {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  out["@@locale"] = options.language;
  for (const e of entries) {
    const key = fullKey(e);
    // ARB values are ICU messages: text that is not one is written as quoted literal text.
    const message = isIcuMessage(e.value) ? e.value : toIcuMessage(e.value);
    out[key] = message;
    const meta: Record<string, unknown> = {};
    let hasMeta = false;
    if (e.description) {
      meta.description = e.description;
      hasMeta = true;
    }
    if (e.context) {
      meta.context = e.context;
      hasMeta = true;
    }
    // Plain loops (no [key, value] pairs, no key list to count): this runs once per entry.
    const extra = e.metadata;
    if (extra !== undefined) {
      for (const k of Object.keys(extra)) {
        if (k !== "description" && k !== "context") {
          meta[k] = extra[k];
          hasMeta = true;
        }
      }
    }
    if (meta.placeholders === undefined) {
      const args = icuArguments(message);
      if (args.length > 0) {
        meta.placeholders = Object.fromEntries(args.map((a) => [a, {}]));
        hasMeta = true;
      }
    }
    if (hasMeta) out[`@${key}`] = meta;
  }
  return `${JSON.stringify(out, null, 2)}\n`;
}
