// Leading and trailing whitespace is usually layout the code relies on ("Name: " + value), so a
// translation keeps the source's.
import { edges } from "../text-scan";
import type { QaCheck } from "../types";

const show = (ws: string) => (ws === "" ? "none" : JSON.stringify(ws));

export const leadingWhitespace: QaCheck = {
  id: "leading_whitespace",
  description: "The translation starts with the same whitespace as the source.",
  needsSource: true,
  run: (ctx) => {
    const s = edges(ctx.source).lead;
    const v = edges(ctx.value).lead;
    return s === v ? [] : [{ message: `Leading whitespace ${show(v)} differs from the source's ${show(s)}.`, start: 0, end: v.length }];
  },
};

export const trailingWhitespace: QaCheck = {
  id: "trailing_whitespace",
  description: "The translation ends with the same whitespace as the source.",
  needsSource: true,
  run: (ctx) => {
    const s = edges(ctx.source).trail;
    const v = edges(ctx.value).trail;
    return s === v
      ? []
      : [
          {
            message: `Trailing whitespace ${show(v)} differs from the source's ${show(s)}.`,
            start: ctx.value.length - v.length,
            end: ctx.value.length,
          },
        ];
  },
};
