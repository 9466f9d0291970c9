/**
 * Hardened XML reading on top of fast-xml-parser: no DOCTYPE internal subsets
 * (so no entity declarations, no billion laughs), no entity expansion beyond the
 * five predefined entities and character references (decoded here, not by the
 * parser), and well-formedness errors reported with line numbers.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { FormatParseError } from "../errors.js";
import { isSpaceCode } from "../whitespace.js";

/** A node of fast-xml-parser's `preserveOrder` output. */
export type XmlNode = Record<string, unknown> & { ":@"?: Record<string, string> };

export const TEXT = "#text";
export const CDATA = "#cdata";
export const COMMENT = "#comment";

const parsers = new Map<string, XMLParser>();

/**
 * Element nesting the parser accepts (its own default, stated here because the readers walk the
 * tree recursively: this bound is what keeps their stack depth small). Deeper files are refused.
 */
export const MAX_XML_NESTING = 100;

function getParser(stopNodes: string[]): XMLParser {
  const cacheKey = stopNodes.join("|");
  let parser = parsers.get(cacheKey);
  if (!parser) {
    parser = new XMLParser({
      preserveOrder: true,
      ignoreAttributes: false,
      attributeNamePrefix: "",
      processEntities: false,
      htmlEntities: false,
      trimValues: false,
      parseTagValue: false,
      parseAttributeValue: false,
      commentPropName: COMMENT,
      cdataPropName: CDATA,
      ignoreDeclaration: true,
      ignorePiTags: true,
      stopNodes,
      maxNestedTags: MAX_XML_NESTING,
    });
    parsers.set(cacheKey, parser);
  }
  return parser;
}

/** Reject DOCTYPEs that could declare entities; a plain external-id DOCTYPE (plist) is fine. */
function checkDoctype(text: string): void {
  const at = text.search(/<!DOCTYPE/i);
  if (at < 0) return;
  const close = text.indexOf(">", at);
  const open = text.indexOf("[", at);
  if (text.slice(at, at + 10000).includes("<!ENTITY") || (open >= 0 && (close < 0 || open < close))) {
    throw new FormatParseError(
      "The file declares its own entities in a DOCTYPE, which is not allowed for security reasons.",
      lineOf(text, at),
    );
  }
}

function lineOf(text: string, offset: number): { line: number } {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return { line };
}

/** Parse a document and return its children (the top-level nodes). */
export function parseXml(text: string, stopNodes: string[] = []): XmlNode[] {
  if (text.trim() === "") throw new FormatParseError("The file is empty.");
  checkDoctype(text);
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new FormatParseError(`The XML is not well-formed: ${msg.replace(/\.$/, "")}.`, { line, column: col });
  }
  try {
    return getParser(stopNodes).parse(text) as XmlNode[];
  } catch (err) {
    throw new FormatParseError(`The XML could not be read: ${err instanceof Error ? err.message : String(err)}.`);
  }
}

/** Tag name of an element node, or undefined for text/comment/cdata nodes. */
export function tagOf(node: XmlNode): string | undefined {
  for (const k in node) if (k !== ":@") return k.startsWith("#") ? undefined : k;
  return undefined;
}

export function localName(tag: string): string {
  const i = tag.indexOf(":");
  return i < 0 ? tag : tag.slice(i + 1);
}

export function childrenOf(node: XmlNode): XmlNode[] {
  const tag = tagOf(node);
  return tag === undefined ? [] : ((node[tag] as XmlNode[] | undefined) ?? []);
}

export function elements(node: XmlNode, name?: string): XmlNode[] {
  const out: XmlNode[] = [];
  for (const child of childrenOf(node)) {
    const t = tagOf(child);
    if (t !== undefined && (name === undefined || localName(t) === name)) out.push(child);
  }
  return out;
}

/** The first child element with this local name that passes the test (no array built on the way). */
export function findElement(node: XmlNode, name: string, test: (element: XmlNode) => boolean): XmlNode | undefined {
  for (const child of childrenOf(node)) {
    const t = tagOf(child);
    if (t !== undefined && localName(t) === name && test(child)) return child;
  }
  return undefined;
}

export function firstElement(node: XmlNode, name: string): XmlNode | undefined {
  for (const child of childrenOf(node)) {
    const t = tagOf(child);
    if (t !== undefined && localName(t) === name) return child;
  }
  return undefined;
}

export function attr(node: XmlNode, name: string): string | undefined {
  const v = node[":@"]?.[name];
  return v === undefined ? undefined : decodeForbidden(decodeEntities(v));
}

/** Text content of an element (entities decoded, CDATA literal, nested markup's text included). */
export function textOf(node: XmlNode): string {
  let out = "";
  for (const child of childrenOf(node)) {
    if (TEXT in child) out += decodeForbidden(decodeEntities(String(child[TEXT])));
    else if (CDATA in child) out += cdataText(child);
    else if (tagOf(child) !== undefined) out += textOf(child);
  }
  return out;
}

function cdataText(node: XmlNode): string {
  const parts = node[CDATA] as XmlNode[] | undefined;
  return (parts ?? []).map((p) => String(p[TEXT] ?? "")).join("");
}

/** Raw inner XML of a stop node (markup untouched). */
export function rawOf(node: XmlNode): string {
  let out = "";
  for (const child of childrenOf(node)) if (TEXT in child) out += String(child[TEXT]);
  return out;
}

export function commentOf(node: XmlNode): string | undefined {
  if (!(COMMENT in node)) return undefined;
  const parts = node[COMMENT] as XmlNode[] | undefined;
  return decodeForbidden((parts ?? []).map((p) => String(p[TEXT] ?? "")).join(""));
}

/**
 * XML 1.0 cannot carry C0 controls (other than tab, LF, CR) or U+FFFE/U+FFFF, not even as
 * character references. They are written as the escape `\uXXXX` (e.g. gettext's context
 * separator U+0004 in a key) and read back from it; only those code points are decoded.
 */
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const FORBIDDEN_ESCAPE = /\\u(00[01][0-9a-fA-F]|[fF]{3}[eEfF])/g;

/** The same characters, for a test (a non-global expression keeps no lastIndex). */
const FORBIDDEN_ONE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/** Whether a text holds a character XML 1.0 cannot carry. */
export function hasForbidden(s: string): boolean {
  return FORBIDDEN_ONE.test(s);
}

export function encodeForbidden(s: string): string {
  return s.replace(FORBIDDEN, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`);
}

export function decodeForbidden(s: string): string {
  if (s.indexOf("\\u") < 0) return s;
  return s.replace(FORBIDDEN_ESCAPE, (whole, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return FORBIDDEN_ONE.test(c) ? c : whole;
  });
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (s.indexOf("&") < 0) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref.charCodeAt(0) === 35) {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref] ?? whole;
  });
}

/**
 * Characters escapeText changes (the forbidden ones, `&<>` and `\r`) and escapeAttr changes
 * (all C0 controls, `&<>"`): most text holds none, and one test of it is all it costs then.
 */
const TEXT_SPECIAL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff&<>\r]/;
const ATTR_SPECIAL = /[\u0000-\u001f\ufffe\uffff&<>"]/;

/** Escape text for element content. `\r` becomes a character reference so XML line-end normalisation keeps it. */
export function escapeText(s: string): string {
  if (!TEXT_SPECIAL.test(s)) return s;
  return encodeForbidden(s).replace(/[&<>\r]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&#13;"));
}

export function escapeAttr(s: string): string {
  if (!ATTR_SPECIAL.test(s)) return s;
  return encodeForbidden(s).replace(/[&<>"\r\n\t]/g, (c) =>
    c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : `&#${c.charCodeAt(0)};`,
  );
}

/** Anything but ordinary text: a control character (tab, LF and CR too), `&<>`, U+FFFE/U+FFFF, or two spaces in a row. */
const NOT_PLAIN = /[\u0000-\u001f&<>\ufffe\uffff]|\s\s/;

/**
 * Whether a value is ordinary text, the common case on export: written as it is in element
 * content (no escapes, no markup, nothing XML cannot carry) and with no whitespace an XML tool
 * could collapse (none at either end, no tab or line break, never two in a row). One test, so
 * writers check this first and do the slower work only for the values that need it.
 */
export function isPlainText(s: string): boolean {
  return s === "" || (!isSpaceCode(s.charCodeAt(0)) && !isSpaceCode(s.charCodeAt(s.length - 1)) && !NOT_PLAIN.test(s));
}

/** Escape a comment body: `--` is not allowed inside XML comments. */
export function escapeComment(s: string): string {
  return encodeForbidden(s).replace(/--/g, "- -").replace(/-$/, "- ");
}
