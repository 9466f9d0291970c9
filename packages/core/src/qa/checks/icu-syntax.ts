// A source written in ICU MessageFormat is formatted by an ICU library at run time: a translation
// that does not parse breaks the screen, not just the sentence.
import type { QaCheck } from "../types";

export const icuSyntax: QaCheck = {
  id: "icu_syntax",
  description: "When the source is an ICU message, the translation parses as ICU MessageFormat too.",
  needsSource: true,
  run: (ctx) => {
    if (!ctx.valueBrokenIcu) return [];
    const error = ctx.valueIcu.error!;
    return [{ message: `Not a valid ICU message: ${error.message}.`, start: error.at, end: error.at + 1 }];
  },
};
