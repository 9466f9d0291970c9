// Small linear scans several checks share.

/** Zero digits of the decimal digit blocks in use (Unicode `Nd` blocks run zero to nine). */
const ZEROS = [
  0x30, 0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090,
  0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0,
  0xff10,
];

/** The ASCII digit of a decimal digit of any script, or -1. */
export function digitValue(code: number): number {
  for (const zero of ZEROS) if (code >= zero && code <= zero + 9) return code - zero;
  return -1;
}

export interface NumberToken {
  /** ASCII digits only (grouping and decimal separators dropped: `1,000.5`, `1.000,5`, `١٠٠٠٫٥` agree). */
  digits: string;
  start: number;
  end: number;
}

const SEPARATORS = new Set([",", ".", "\u00a0", "\u202f", "'", "\u2019", "\u066b", "\u066c", " "]);

/**
 * Numbers of a text, skipping those that belong to placeholders (`%1$s`, `{0}`, `=1` selectors)
 * or to words (`mp3`, `H2O`): one pass over the text.
 */
export function numbersOf(text: string): NumberToken[] {
  const out: NumberToken[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (digitValue(text.charCodeAt(i)) < 0) {
      i++;
      continue;
    }
    const start = i;
    let digits = "";
    let end = i;
    while (i < n) {
      const d = digitValue(text.charCodeAt(i));
      if (d >= 0) {
        digits += d;
        end = ++i;
        continue;
      }
      // A separator counts only between digits (the sentence's full stop after "3." does not).
      if (SEPARATORS.has(text[i]!) && i + 1 < n && digitValue(text.charCodeAt(i + 1)) >= 0) {
        // "1 000" groups three digits; "at 3 5 places" is two numbers.
        if (text[i] === " " && !/^\d{3}(?!\d)/.test(asciiRun(text, i + 1))) break;
        i++;
        continue;
      }
      break;
    }
    const before = text[start - 1] ?? "";
    const after = text[end] ?? "";
    // `{0}` and `{0, number}` are placeholders; `one {1 hour}` opens a plural branch with a number.
    const partOfToken =
      /[_%=$#]/.test(before) ||
      /[_$}]/.test(after) ||
      inWord(before) ||
      (inWord(after) && !ORDINAL.test(text.slice(end, end + 3))) ||
      (before === "{" && after === ",");
    if (!partOfToken) out.push({ digits, start, end });
    i = end + (end === start ? 1 : 0);
  }
  return out;
}

/**
 * A letter that makes the digits part of a word (`mp3`, `x86`, `h264`); not one of the scripts
 * written without spaces, where a counter or unit follows the number directly (`1時間`, `3개`).
 */
/** English ordinals are numbers too (`2nd` ~ `2 番目`, `2.`). */
const ORDINAL = /^(?:st|nd|rd|th)(?!\p{L})/iu;

const inWord = (c: string) =>
  /\p{L}/u.test(c) && !/[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u.test(c);

function asciiRun(text: string, from: number): string {
  let s = "";
  for (let i = from; i < text.length && s.length < 4; i++) {
    const d = digitValue(text.charCodeAt(i));
    if (d < 0) break;
    s += d;
  }
  return s;
}

const TAG_SPAN = /<\/?[A-Za-z][^<>]*>/g;

/** The text with every markup tag blanked out (same length, so offsets still point into the text). */
export function outsideTags(text: string): string {
  if (!text.includes("<")) return text;
  return text.replace(TAG_SPAN, (tag) => " ".repeat(tag.length));
}

/** Leading and trailing whitespace of a text (Unicode White_Space). */
export function edges(text: string): { lead: string; trail: string } {
  const lead = /^\s*/u.exec(text)![0];
  if (lead.length === text.length) return { lead, trail: "" };
  let j = text.length;
  while (j > lead.length && /\s/u.test(text[j - 1]!)) j--;
  return { lead, trail: text.slice(j) };
}

/** Occurrences of a character in a text. */
export function countOf(text: string, ch: string): number {
  let count = 0;
  for (let at = text.indexOf(ch); at >= 0; at = text.indexOf(ch, at + ch.length)) count++;
  return count;
}
