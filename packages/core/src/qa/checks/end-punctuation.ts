// The sentence-final mark of the translation matches the source's, in the target script's own
// form: `.` ↔ `。` `।` `۔` `။`, `?` ↔ `？` `؟` (and Greek `;`), `!` ↔ `！`, `:` ↔ `：`. Spanish
// questions and exclamations also open with `¿` / `¡`. Thai, Lao and Khmer write no full stop.
import { edges } from "../text-scan";
import type { QaCheck, QaFinding } from "../types";

type Mark = "stop" | "question" | "exclamation" | "colon" | "ellipsis" | "none";

const MARKS: Record<string, Mark> = {
  ".": "stop",
  "。": "stop",
  "．": "stop",
  "।": "stop",
  "॥": "stop",
  "۔": "stop",
  "။": "stop",
  "።": "stop",
  "׃": "stop",
  "?": "question",
  "？": "question",
  "؟": "question",
  "՞": "question",
  "!": "exclamation",
  "！": "exclamation",
  "՜": "exclamation",
  ":": "colon",
  "：": "colon",
  "…": "ellipsis",
};
const NO_FULL_STOP = new Set(["th", "lo", "km"]);
/** Closing quotes and brackets after the mark ("Say "hi."") do not hide it. */
const CLOSERS = /["'”’»)\]）」』>]+$/u;

function markOf(text: string, lang: string): { mark: Mark; at: number } {
  let t = text.slice(0, text.length - edges(text).trail.length);
  t = t.replace(CLOSERS, "");
  if (t.endsWith("...")) return { mark: "ellipsis", at: t.length - 3 };
  const last = t[t.length - 1] ?? "";
  if (last === ";" && lang === "el") return { mark: "question", at: t.length - 1 };
  return { mark: MARKS[last] ?? "none", at: t.length - 1 };
}

const NAMES: Record<Mark, string> = {
  stop: "a full stop",
  question: "a question mark",
  exclamation: "an exclamation mark",
  colon: "a colon",
  ellipsis: "an ellipsis",
  none: "no final punctuation",
};

export const endPunctuation: QaCheck = {
  id: "end_punctuation",
  description: "The translation ends with the source's final punctuation, in the target script's form (。 ？ ؟ ; for Greek, ¿…?).",
  needsSource: true,
  run: (ctx) => {
    const s = markOf(ctx.source, ctx.sourceLanguage.slice(0, 2));
    const v = markOf(ctx.value, ctx.lang);
    const out: QaFinding[] = [];
    const stopless = NO_FULL_STOP.has(ctx.lang) && ((s.mark === "stop" && v.mark === "none") || (s.mark === "none" && v.mark === "stop"));
    if (s.mark !== v.mark && !stopless) {
      const span = v.mark === "none" ? {} : { start: v.at, end: v.at + (v.mark === "ellipsis" && ctx.value[v.at] === "." ? 3 : 1) };
      out.push({ message: `The source ends with ${NAMES[s.mark]}, the translation with ${NAMES[v.mark]}.`, ...span });
    }
    if (ctx.lang === "es" && (v.mark === "question" || v.mark === "exclamation") && s.mark === v.mark) {
      const opener = v.mark === "question" ? "¿" : "¡";
      if (!ctx.value.includes(opener))
        out.push({ message: `A Spanish ${v.mark === "question" ? "question" : "exclamation"} opens with ${opener}.` });
    }
    return out;
  },
};
