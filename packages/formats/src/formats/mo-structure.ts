/**
 * The MO string tables checked before gettext-parser reads them: it slices each string with
 * `Buffer.slice`, which silently stops at the end of the file, so a string whose length runs past
 * the end (a truncated or forged file) would be imported cut short instead of refused.
 */
import type { Buffer } from "node:buffer";
import { FormatParseError } from "../errors.js";

const MAGIC = 0x950412de;

/** Throws FormatParseError unless every string of both tables lies inside the file. */
export function assertMoStringTables(buf: Buffer): void {
  if (buf.length < 28) return; // gettext-parser refuses it by its magic number
  const little = buf.readUInt32LE(0) === MAGIC;
  if (!little && buf.readUInt32BE(0) !== MAGIC) return;
  const u32 = (offset: number): number => (little ? buf.readUInt32LE(offset) : buf.readUInt32BE(offset));
  const count = u32(8);
  const originals = u32(12);
  const translations = u32(16);
  // Each string has an 8-byte descriptor (length, offset) in both tables.
  if (originals + count * 8 > buf.length || translations + count * 8 > buf.length) {
    throw new FormatParseError("The MO file is damaged or truncated: its string tables are larger than the file.");
  }
  for (let i = 0; i < count; i++) {
    for (const table of [originals, translations]) {
      const length = u32(table + i * 8);
      const offset = u32(table + i * 8 + 4);
      if (offset + length > buf.length) {
        throw new FormatParseError(`The MO file is damaged or truncated: string ${i + 1} runs past the end of the file.`);
      }
    }
  }
}
