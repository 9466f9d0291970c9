import type { QaCheck, QaFinding } from "../types";

export const doubleSpace: QaCheck = {
  id: "double_space",
  description: "No run of two or more spaces inside the text, unless the source has one.",
  needsSource: false,
  run: (ctx) => {
    if (ctx.source.includes("  ")) return [];
    const out: QaFinding[] = [];
    const trimmedEnd = ctx.value.trimEnd().length;
    for (let at = ctx.value.indexOf("  "); at >= 0 && at < trimmedEnd; ) {
      let end = at + 2;
      while (ctx.value[end] === " ") end++;
      // Leading and trailing runs are the whitespace checks' business.
      if (at > 0 && end < trimmedEnd) out.push({ message: "Double space.", start: at, end });
      at = ctx.value.indexOf("  ", end);
    }
    return out;
  },
};
