/**
 * The system-dependent strings of a revision-1 MO file (messages with `%Id` or `<PRIu64>`), which
 * gettext-parser does not read. msgfmt writes such messages only into this second table, so
 * without it they would vanish. Each string is rebuilt the way msgunfmt prints it: the static
 * pieces joined with the segment names (`I`, or `<PRIu64>` in angle brackets).
 */
import { Buffer } from "node:buffer";
import { FormatParseError } from "../errors.js";

export type SysdepMessage = {
  /** msgctxt\u0004msgid\0msgid_plural, as in the static table. */
  original: string;
  /** msgstr[0]\0msgstr[1]... */
  translation: string;
};

const SEGMENTS_END = 0xffffffff;
const MAX_PIECES = 10_000;
/**
 * Pieces and segments may be referenced any number of times, so the strings they assemble could
 * be far larger than the file. msgfmt writes each static piece once and segment names are shorter
 * than the 8-byte descriptor that references them, so a real file's strings add up to less than
 * twice its size: more than this many times its size is a damaged (or hostile) file.
 */
const MAX_ASSEMBLED_RATIO = 4;

export function readSysdepMessages(buf: Buffer, charset: string): SysdepMessage[] {
  if (buf.length < 48) return [];
  const little = buf.readUInt32LE(0) === 0x950412de;
  const u32 = (offset: number): number => {
    if (offset < 0 || offset + 4 > buf.length)
      throw new FormatParseError("The MO file is damaged or truncated: an offset points past its end.");
    return little ? buf.readUInt32LE(offset) : buf.readUInt32BE(offset);
  };
  const revision = u32(4);
  // Major 0 or 1 (msgfmt writes 1 when a message uses `I`); minor ≥ 1 means the tables exist.
  if (revision >> 16 > 1 || (revision & 0xffff) < 1) return [];
  const segmentCount = u32(28);
  const segmentTable = u32(32);
  const stringCount = u32(36);
  const originalTable = u32(40);
  const translationTable = u32(44);
  if (stringCount === 0) return [];
  if (stringCount > buf.length / 4 || segmentCount > buf.length / 8) {
    throw new FormatParseError("The MO file is damaged or truncated: its system-dependent tables are larger than the file.");
  }
  const decoder = textDecoder(charset);
  const segmentNames: string[] = [];
  for (let i = 0; i < segmentCount; i++) {
    const length = u32(segmentTable + i * 8);
    const offset = u32(segmentTable + i * 8 + 4);
    const name = slice(buf, offset, length).toString("latin1").replace(/\0$/, "");
    segmentNames.push(name === "I" ? "I" : `<${name}>`);
  }
  let budget = MAX_ASSEMBLED_RATIO * buf.length;
  const spend = (bytes: number): void => {
    budget -= bytes;
    if (budget < 0) {
      throw new FormatParseError("The MO file is damaged: its system-dependent strings add up to far more than the file holds.");
    }
  };
  const readString = (descriptor: number): string => {
    let at = u32(descriptor);
    const parts: Buffer[] = [];
    for (let k = 0; k < MAX_PIECES; k++) {
      const size = u32(descriptor + 4 + k * 8);
      const ref = u32(descriptor + 8 + k * 8);
      spend(size);
      parts.push(slice(buf, at, size));
      at += size;
      if (ref === SEGMENTS_END) return decoder.decode(Buffer.concat(parts)).replace(/\0$/, "");
      const name = segmentNames[ref];
      if (name === undefined) throw new FormatParseError("The MO file is damaged: a system-dependent string names an unknown segment.");
      spend(name.length);
      parts.push(Buffer.from(name, "latin1"));
    }
    throw new FormatParseError("The MO file is damaged: a system-dependent string never ends.");
  };
  const messages: SysdepMessage[] = [];
  for (let i = 0; i < stringCount; i++) {
    messages.push({ original: readString(u32(originalTable + i * 4)), translation: readString(u32(translationTable + i * 4)) });
  }
  return messages;
}

function slice(buf: Buffer, offset: number, length: number): Buffer {
  if (offset + length > buf.length) throw new FormatParseError("The MO file is damaged or truncated: a string runs past its end.");
  return buf.subarray(offset, offset + length);
}

function textDecoder(charset: string): TextDecoder {
  try {
    return new TextDecoder(charset || "utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}
