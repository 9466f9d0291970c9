/**
 * Bytes of an XML file → text, honouring the encoding its XML declaration names. A byte-order
 * mark or a UTF-8/UTF-16 declaration (or none) goes through the usual UTF decoding; a legacy
 * encoding Node's TextDecoder knows (ISO-8859-x, windows-125x, KOI8-R, Shift_JIS…) decodes the
 * bytes with it. Text that arrives already decoded is taken as it is: its declaration no longer
 * describes it. The safe-XML rules apply to the decoded text as to any other.
 */
import { FormatParseError } from "../errors.js";
import { toText } from "../input.js";

/** The declaration's `encoding` pseudo-attribute; the declaration itself is ASCII in every ASCII-compatible encoding. */
const DECLARED = /^<\?xml\s[^?>]*?\bencoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._-]*)\1/;

/**
 * ISO-8859-1 is decoded byte for byte as XML defines it: TextDecoder maps that label to
 * windows-1252, which reads 0x80–0x9F as other characters than the C1 controls Latin-1 has there.
 */
const LATIN1 = /^(iso[-_]?8859-1|iso[-_]?8859-1:1987|latin-?1|l1|cp819|ibm819|iso-ir-100|csisolatin1)$/i;

/**
 * Node 20's TextDecoder reads windows-1252 as Latin-1 and drops 0x80–0x9F, so that table is here
 * (the five bytes Microsoft leaves undefined stay their C1 code points, as WHATWG decodes them).
 */
const WINDOWS_1252 = /^(windows-1252|cp1252|x-cp1252)$/i;
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function singleByte(bytes: Uint8Array, high?: string): string {
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    out += high !== undefined && b >= 0x80 && b < 0xa0 ? high[b - 0x80] : String.fromCharCode(b);
  }
  return out;
}

function declaredEncoding(bytes: Uint8Array): string | undefined {
  let head = "";
  for (let i = 0; i < Math.min(bytes.length, 256); i++) head += String.fromCharCode(bytes[i]!);
  return DECLARED.exec(head)?.[2];
}

function hasBom(b: Uint8Array): boolean {
  return (
    (b.length >= 2 && ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff))) ||
    (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf)
  );
}

export function xmlText(content: string | Uint8Array): string {
  if (typeof content === "string" || hasBom(content)) return toText(content);
  const encoding = declaredEncoding(content);
  if (encoding === undefined || /^utf-?(8|16)$/i.test(encoding)) return toText(content);
  if (LATIN1.test(encoding)) return singleByte(content);
  if (WINDOWS_1252.test(encoding)) return singleByte(content, CP1252_HIGH);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch {
    throw new FormatParseError(`The XML declaration names the encoding "${encoding}", which cannot be read; save the file as UTF-8.`);
  }
  try {
    return decoder.decode(content);
  } catch {
    throw new FormatParseError(`The file is not valid ${encoding} text, the encoding its XML declaration names.`);
  }
}
