/**
 * Turns caller input (string or bytes) into text, enforcing the size limit and
 * honouring byte-order marks (UTF-8, UTF-16 LE/BE).
 */
import { FormatParseError } from "./errors.js";

export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
export const DEFAULT_MAX_DEPTH = 64;

export function checkSize(content: string | Uint8Array, maxBytes = DEFAULT_MAX_BYTES): void {
  // A JS string is at least one byte per code unit in UTF-8, so length is a cheap lower bound.
  const size = typeof content === "string" ? content.length : content.byteLength;
  if (size > maxBytes) {
    throw new FormatParseError(`The file is too large (${formatBytes(size)}); the limit is ${formatBytes(maxBytes)}.`);
  }
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}

/** Decode bytes as text: BOM-detected UTF-16 LE/BE or UTF-8; strips a leading BOM from strings too. */
export function toText(content: string | Uint8Array): string {
  if (typeof content === "string") {
    return content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  }
  const b = content;
  try {
    if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) {
      return new TextDecoder("utf-16le", { fatal: true }).decode(b.subarray(2));
    }
    if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
      return new TextDecoder("utf-16be", { fatal: true }).decode(b.subarray(2));
    }
    const start = b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
    return new TextDecoder("utf-8", { fatal: true }).decode(b.subarray(start));
  } catch {
    throw new FormatParseError("The file is not valid UTF-8 or UTF-16 text.");
  }
}
