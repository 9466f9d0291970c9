// Invisible characters a translator cannot see in an editor: C0/C1 control characters (not tab
// and line breaks), zero-width spaces and joiners, the byte-order mark, and bidirectional
// embedding/override/isolate controls (a stray U+202E turns the rest of a line around). Those the
// source has too are intended.
import type { QaCheck, QaFinding } from "../types";

const INVISIBLE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/gu;

const NAMES: Record<string, string> = {
  "\u200b": "zero-width space",
  "\ufeff": "byte-order mark",
  "\u202a": "left-to-right embedding",
  "\u202b": "right-to-left embedding",
  "\u202c": "pop directional formatting",
  "\u202d": "left-to-right override",
  "\u202e": "right-to-left override",
  "\u2066": "left-to-right isolate",
  "\u2067": "right-to-left isolate",
  "\u2068": "first strong isolate",
  "\u2069": "pop directional isolate",
  "\u2028": "line separator",
  "\u2029": "paragraph separator",
};

const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

export const invisibleCharacters: QaCheck = {
  id: "invisible_characters",
  description: "No control, zero-width or bidirectional control characters the source does not have.",
  needsSource: false,
  run: (ctx) => {
    const out: QaFinding[] = [];
    const reported = new Set<string>();
    for (const m of ctx.value.matchAll(INVISIBLE)) {
      const ch = m[0];
      if (reported.has(ch) || ctx.source.includes(ch)) continue;
      reported.add(ch);
      out.push({ message: `Invisible character ${codePoint(ch)}${NAMES[ch] ? ` (${NAMES[ch]})` : ""}.`, start: m.index, end: m.index + 1 });
    }
    return out;
  },
};
