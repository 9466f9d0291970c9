// Invisible markers around each translated string: U+2063, the mark's id in base 4 written with
// four zero-width characters, U+2064, the string, U+2062. They survive any templating that
// keeps text as text, and the DOM scanner removes them before the browser lays the page out.
const OPEN = "\u2063";
const SEP = "\u2064";
const CLOSE = "\u2062";
const DIGITS = ["\u200b", "\u200c", "\u200d", "\u2060"];
const MARKER = /[\u2062\u2063\u2064]/;

export interface Segment {
  /** The mark's id (see registry.ts). */
  id: number;
  /** Offsets in the text once the markers are removed. */
  start: number;
  end: number;
}

export function wrap(value: string, id: number): string {
  let digits = "";
  do {
    digits = DIGITS[id % 4] + digits;
    id = Math.floor(id / 4);
  } while (id > 0);
  return `${OPEN}${digits}${SEP}${value}${CLOSE}`;
}

export function hasMarkers(text: string): boolean {
  return MARKER.test(text);
}

/**
 * The text without markers, and where each marked string sits in it (nested marks included,
 * inner ones last). A string cut in two by the DOM (markup in a translation) leaves a mark open:
 * it runs to the end of this text.
 */
export function parse(text: string): { text: string; segments: Segment[] } {
  let out = "";
  const segments: Segment[] = [];
  const open: { id: number; start: number }[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === OPEN) {
      let id = 0;
      let j = i + 1;
      for (; j < text.length && text[j] !== SEP; j++) {
        const digit = DIGITS.indexOf(text[j]!);
        if (digit < 0) break;
        id = id * 4 + digit;
      }
      if (text[j] === SEP) {
        open.push({ id, start: out.length });
        i = j;
        continue;
      }
    } else if (c === CLOSE) {
      const mark = open.pop();
      if (mark) segments.push({ id: mark.id, start: mark.start, end: out.length });
      continue;
    } else if (c === SEP) continue;
    out += c;
  }
  for (const mark of open.reverse()) segments.push({ id: mark.id, start: mark.start, end: out.length });
  // Outer marks before inner ones: the last segment holding a point is the innermost.
  segments.sort((a, b) => a.start - b.start || b.end - a.end);
  return { text: out, segments };
}
