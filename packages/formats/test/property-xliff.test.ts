/** xliff (1.2): ids and targets with XML specials, whitespace-only and edge-whitespace text, ICU. */
import fc from "fast-check";
import {
  anyPluralShape,
  COMMON_PIECES,
  icuPluralValue,
  samplesOf,
  textFrom,
  xmlCannotCarryKey,
  xmlCannotCarryText,
} from "./corpus/property/generators.js";
import { checkExports, property } from "./corpus/property/harness.js";

export const XML_PIECES = [...COMMON_PIECES, "  ", "\r\n", "<b>", "</b>", "<a>", "\u0004", "'", "{", "}"];

property("xliff exports are well-formed and read back by lxml with the same targets", () => {
  const value = (language: string) =>
    fc.oneof(textFrom(XML_PIECES), fc.constantFrom(" ", "  ", "\n", "\t \n"), icuPluralValue(language, COMMON_PIECES, anyPluralShape));
  // A key XML cannot carry is left out and reported, as is (1.2 has no <cp>) a value with such a character.
  checkExports("xliff", samplesOf(textFrom(XML_PIECES, 1, 6), value), undefined, {
    mayLeaveOut: (e) => xmlCannotCarryKey(e.key) || xmlCannotCarryText(e.value) || xmlCannotCarryText(e.sourceText ?? ""),
  });
});
