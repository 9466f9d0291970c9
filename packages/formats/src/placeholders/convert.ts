/**
 * Placeholder conversion between ICU MessageFormat (what we store) and each platform's style
 * (docs/placeholders.md). Export: `toPlaceholderStyle`; import normalisation: `fromPlaceholderStyle`.
 * Nothing is altered silently: a message the style cannot express comes back as
 * `{ ok: false, reason }`, and every conversion to a style is checked by converting it back.
 */
import { buildIcuPlural, CLDR_CATEGORIES, nativePlural } from "../plural/icu-plural.js";
import { IcuParseError, type IcuPart, parseIcuParts, printIcuParts, quoteIcuText } from "./icu-parts.js";
import {
  escapeStyledText,
  hasStyledPlaceholder,
  NAMED_STYLES,
  type PlaceholderStyle,
  readStyled,
  type StyledPart,
  type ValueKind,
  writeStyledArg,
} from "./style-syntax.js";

export type Conversion = { ok: true; text: string } | { ok: false; reason: string };

export type ToStyleOptions = {
  /** The source-language message: its argument order numbers the positions, so every language agrees. */
  reference?: string;
  /** Whether the file format writes ICU plurals natively (Android, stringsdict, gettext, XLIFF). */
  nativePlurals?: boolean;
};

type Styled = Exclude<PlaceholderStyle, "icu">;

/** ICU `{n, type, style}` as a value kind, when a platform style can hold it. */
function kindOfIcu(type: string | undefined, style: string | undefined): ValueKind | undefined {
  if (type === undefined) return { type: "string" };
  if (type !== "number") return undefined;
  if (style === undefined) return { type: "decimal" };
  if (style === "integer") return { type: "integer" };
  if (/^0{2,}$/.test(style)) return { type: "integer", zeroPad: style.length };
  const fraction = /^0\.(0+)$/.exec(style);
  if (fraction) return { type: "decimal", fraction: fraction[1]!.length };
  return undefined;
}

function icuArgOf(name: string, kind: ValueKind): string {
  if (kind.type === "string") return `{${name}}`;
  if (kind.type === "integer") return `{${name}, number, ${kind.zeroPad ? "0".repeat(kind.zeroPad) : "integer"}}`;
  return kind.fraction !== undefined ? `{${name}, number, 0.${"0".repeat(kind.fraction)}}` : `{${name}, number}`;
}

/** Argument names of a message in order of first appearance (plural arguments included). */
export function argumentOrder(message: string): string[] {
  let parts: IcuPart[];
  try {
    parts = parseIcuParts(message);
  } catch {
    return [];
  }
  const order: string[] = [];
  const walk = (list: IcuPart[]) => {
    for (const p of list) {
      if (p.kind === "arg" && !order.includes(p.name)) order.push(p.name);
      if (p.kind === "choice") {
        if (!order.includes(p.name)) order.push(p.name);
        for (const [, body] of p.cases) walk(body);
      }
    }
  };
  walk(parts);
  return order;
}

const skip = (reason: string): Conversion => ({ ok: false, reason });

/** Convert a stored (ICU) value to the placeholders of `style`. */
export function toPlaceholderStyle(message: string, style: PlaceholderStyle, options: ToStyleOptions = {}): Conversion {
  if (style === "icu") return { ok: true, text: message };
  let parts: IcuPart[];
  try {
    parts = parseIcuParts(message);
  } catch (err) {
    if (!(err instanceof IcuParseError)) throw err;
    // Not ICU: a value kept in the style's own syntax (`{{name}}` imported as written) is rewritten as such.
    return hasStyledPlaceholder(message, style) ? restyle([{ kind: "text", text: message }], style) : skip("not a well-formed ICU message");
  }
  const texts: string[] = [];
  let icuArgs = 0;
  const walk = (list: IcuPart[]) => {
    for (const p of list) {
      if (p.kind === "text") texts.push(p.text);
      else if (p.kind === "arg") icuArgs++;
      else if (p.kind === "choice") for (const [, body] of p.cases) walk(body);
    }
  };
  walk(parts);
  const styledText = texts.some((t) => hasStyledPlaceholder(t, style));
  if (styledText && icuArgs > 0) return skip(`mixes ICU arguments with ${style} placeholders, so their positions are ambiguous`);

  let plural: Extract<IcuPart, { kind: "choice" }> | undefined;
  if (parts.some((p) => p.kind === "choice")) {
    const only = parts.length === 1 ? parts[0] : undefined;
    if (
      !options.nativePlurals ||
      !only ||
      only.kind !== "choice" ||
      only.type !== "plural" ||
      only.head.trim() !== "" ||
      !only.cases.every(([sel, body]) => (CLDR_CATEGORIES as readonly string[]).includes(sel) && !body.some((b) => b.kind === "choice"))
    ) {
      return skip(
        `a ${parts.some((p) => p.kind === "choice" && p.type === "select") ? "select" : "plural"} that this format cannot hold with ${style} placeholders`,
      );
    }
    plural = only;
  }
  if (styledText) {
    // Kept in the style's syntax (imported without normalising): rewritten, never escaped again.
    if (!plural) return restyle(parts, style);
    const cases: Record<string, string> = {};
    for (const [sel, body] of plural.cases) {
      const r = restyle(body, style);
      if (!r.ok) return r;
      cases[sel] = r.text;
    }
    return nativeShell(plural.name, cases, style);
  }

  const order = argumentOrder(options.reference ?? "");
  for (const name of argumentOrder(message)) if (!order.includes(name)) order.push(name);
  const positional = order.length > 1 && !NAMED_STYLES.has(style);
  const write = (list: IcuPart[], inPlural: boolean): Conversion => {
    let out = "";
    for (const p of list) {
      if (p.kind === "text") {
        const escaped = escapeStyledText(p.text, style);
        if (escaped === undefined) return skip(`text that ${style} has no escape for`);
        out += escaped;
        continue;
      }
      if (p.kind === "choice") return skip("a nested plural or select");
      const name = p.kind === "pound" ? plural!.name : p.name;
      const kind = p.kind === "pound" ? ({ type: "integer" } as const) : kindOfIcu(p.type, p.style);
      if (!kind)
        return skip(
          `{${name}, ${p.kind === "arg" ? p.type : ""}${p.kind === "arg" && p.style ? `, ${p.style}` : ""}} has no ${style} form`,
        );
      if (inPlural && p.kind === "arg" && name === plural!.name && kind.type === "integer") {
        return skip(`{${name}} as a number inside its own plural reads back as #`);
      }
      const arg = writeStyledArg(style, name, kind, positional || style === "dotnet" ? order.indexOf(name) + 1 : undefined);
      if (arg === undefined) return skip(`{${name}} has no ${style} form`);
      out += arg;
    }
    return { ok: true, text: out };
  };
  let result: Conversion;
  if (plural) {
    const cases: Record<string, string> = {};
    for (const [sel, body] of plural.cases) {
      const r = write(body, true);
      if (!r.ok) return r;
      cases[sel] = r.text;
    }
    result = nativeShell(plural.name, cases, style);
  } else result = write(parts, false);
  if (!result.ok) return result;
  // The conversion must read back as the same message; anything else would alter it.
  const back = fromPlaceholderStyle(result.text, style, { names: order });
  if (!back.ok || back.message !== printIcuParts(parts)) return skip(`cannot be written with ${style} placeholders without changing it`);
  return result;
}

/** Sub-messages in a style, inside the ICU plural shell the native-plural formats read. */
function nativeShell(name: string, cases: Record<string, string>, style: string): Conversion {
  const text = buildIcuPlural({ argument: name, forms: cases });
  return nativePlural(text) ? { ok: true, text } : skip(`a plural whose ${style} sub-messages the format cannot hold (unbalanced braces)`);
}

/** A value kept in the printf family's (or the style's own) syntax, rewritten in `style`. */
function restyle(parts: IcuPart[], style: Styled): Conversion {
  const family: Styled = style === "ios" || style === "android" ? "printf" : style;
  const read: StyledPart[] = [];
  for (const p of parts) {
    if (p.kind === "text") {
      const r = readStyled(p.text, family);
      if (r.unsupported.length > 0) return skip(`${r.unsupported.join(", ")} has no ${style} form`);
      read.push(...r.parts);
    } else if (p.kind === "pound") read.push({ kind: "text", text: "#" });
    else return skip(`mixes ICU arguments with ${style} placeholders, so their positions are ambiguous`);
  }
  const keys: string[] = [];
  for (const p of read) if (p.kind === "arg") keys.push(p.arg.name ?? `#${p.arg.index}`);
  const distinct = [...new Set(keys)];
  const positional = distinct.length > 1 && !NAMED_STYLES.has(style);
  // Python's own positional `%s %d` (in order) stays positional; reordered ones need names.
  const indexed = read.filter((p) => p.kind === "arg").map((p) => (p.kind === "arg" ? p.arg.index : undefined));
  const pythonInOrder = style === "python" && indexed.every((index, i) => index === i);
  let out = "";
  for (const p of read) {
    if (p.kind === "text") {
      const escaped = escapeStyledText(p.text, style);
      if (escaped === undefined) return skip(`text that ${style} has no escape for`);
      out += escaped;
      continue;
    }
    const key = p.arg.name ?? `#${p.arg.index}`;
    const position = p.arg.index !== undefined ? p.arg.index + 1 : distinct.indexOf(key) + 1;
    const arg = pythonInOrder
      ? writeStyledArg("printf", "", p.arg.value, undefined)
      : writeStyledArg(style, p.arg.name ?? String(p.arg.index), p.arg.value, positional || style === "dotnet" ? position : undefined);
    if (arg === undefined) return skip(`a placeholder that has no ${style} form`);
    out += arg;
  }
  return { ok: true, text: out };
}

export type FromStyleOptions = {
  /** ICU names for positional placeholders, index 0 first (usually the source message's argument order). */
  names?: string[];
};

export type Normalisation = { ok: true; message: string } | { ok: false; reason: string };

/**
 * Read a value written in `style` as ICU: placeholders become arguments (named ones keep their
 * names, numbered ones take `names[i]` or `i`), literal text is quoted where ICU needs it. A plural
 * shell (`{count, plural, one {%d file} …}`, as the native-plural formats read) is converted per
 * sub-message; there the plural's own integer argument becomes `#`.
 */
export function fromPlaceholderStyle(text: string, style: PlaceholderStyle, options: FromStyleOptions = {}): Normalisation {
  if (style === "icu") return { ok: true, message: text };
  const plural = nativePlural(text);
  const nameOf = (arg: { name?: string; index?: number }, pluralName?: string) =>
    arg.name ??
    options.names?.[arg.index!] ??
    (pluralName !== undefined && arg.index === 0 && !options.names ? pluralName : String(arg.index));
  const convert = (body: string, pluralName?: string): Normalisation => {
    const r = readStyled(body, style);
    if (r.unsupported.length > 0) return { ok: false, reason: `${r.unsupported.join(", ")} has no ICU form` };
    let out = "";
    for (const p of r.parts) {
      if (p.kind === "text") out += quoteIcuText(p.text, pluralName !== undefined);
      else {
        const name = nameOf(p.arg, pluralName);
        if (!/^[\p{L}\p{N}_]+$/u.test(name)) return { ok: false, reason: `the placeholder name "${name}" is not an ICU argument name` };
        const plain = p.arg.value.type === "integer" && !p.arg.value.zeroPad;
        out += pluralName !== undefined && name === pluralName && plain ? "#" : icuArgOf(name, p.arg.value);
      }
    }
    return { ok: true, message: out };
  };
  if (!plural) return convert(text);
  const forms: Record<string, string> = {};
  for (const [sel, body] of Object.entries(plural.forms)) {
    const r = convert(body, plural.argument);
    if (!r.ok) return r;
    forms[sel] = r.message;
  }
  return { ok: true, message: buildIcuPlural({ argument: plural.argument, forms }) };
}
