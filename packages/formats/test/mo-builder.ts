/**
 * Writes little-endian MO files by hand, including the revision-1 system-dependent tables msgfmt
 * writes for `%Id` and `<PRIu64>`, so tests can shape what no well-behaved compiler would.
 */

export type MoSpec = {
  /** Static messages (msgid, msgstr); the header entry is added first. */
  strings?: Array<[string, string]>;
  /** Segment names (`I`, `PRIu64`). */
  segments?: string[];
  /**
   * System-dependent messages: the static pieces of the original and of the translation. Between
   * two pieces stands segment 0; after the last one, the end.
   */
  sysdep?: Array<[string[], string[]]>;
  /** Overrides one string's length in the static table (a string that runs past the end). */
  forgeLength?: { index: number; length: number };
};

const MAGIC = 0x950412de;
const END = 0xffffffff;
const HEADER = "Content-Type: text/plain; charset=UTF-8\n";

export function moFile(spec: MoSpec): Uint8Array {
  const strings: Array<[string, string]> = [["", HEADER], ...(spec.strings ?? [])];
  const segments = spec.segments ?? [];
  const sysdep = spec.sysdep ?? [];
  const words: number[] = []; // header and tables, 4 bytes each
  const data: Buffer[] = [];
  const headerWords = 12;
  const staticTable = headerWords * 4;
  const segmentTable = staticTable + strings.length * 16;
  const sysdepTable = segmentTable + segments.length * 8;
  const descriptors = sysdepTable + sysdep.length * 8;
  const descriptorWords = sysdep.reduce((n, [o, t]) => n + 1 + o.length * 2 + 1 + t.length * 2, 0);
  let dataAt = descriptors + descriptorWords * 4;
  const put = (text: string): [number, number] => {
    const buf = Buffer.from(`${text}\0`, "utf8");
    data.push(buf);
    const at = dataAt;
    dataAt += buf.length;
    return [buf.length - 1, at];
  };
  words.push(MAGIC, sysdep.length > 0 ? 0x00010001 : 0, strings.length, staticTable, staticTable + strings.length * 8, 0, 0);
  words.push(segments.length, segmentTable, sysdep.length, sysdepTable, sysdepTable + sysdep.length * 4);
  const originals: number[] = [];
  const translations: number[] = [];
  for (const [msgid, msgstr] of strings) {
    originals.push(...put(msgid));
    translations.push(...put(msgstr));
  }
  if (spec.forgeLength) originals[spec.forgeLength.index * 2] = spec.forgeLength.length;
  words.push(...originals, ...translations);
  for (const name of segments) words.push(...put(name));
  const descriptorWordsOut: number[] = [];
  const offsets: number[][] = [[], []];
  let descriptorAt = descriptors;
  for (const side of [0, 1] as const) {
    for (const message of sysdep) {
      const pieces = message[side];
      offsets[side]!.push(descriptorAt);
      const [, at] = put(pieces.join(""));
      descriptorWordsOut.push(at);
      pieces.forEach((piece, i) => {
        descriptorWordsOut.push(Buffer.byteLength(piece), i === pieces.length - 1 ? END : 0);
      });
      descriptorAt += (1 + pieces.length * 2) * 4;
    }
  }
  words.push(...offsets[0]!, ...offsets[1]!, ...descriptorWordsOut);
  const head = Buffer.alloc(words.length * 4);
  for (const [i, w] of words.entries()) head.writeUInt32LE(w >>> 0, i * 4);
  return new Uint8Array(Buffer.concat([head, ...data]));
}
