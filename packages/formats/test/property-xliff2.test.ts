/** xliff2 (2.0): ids and targets with XML specials, whitespace-only and edge-whitespace text, ICU. */
import fc from "fast-check";
import { anyPluralShape, COMMON_PIECES, icuPluralValue, samplesOf, textFrom, xmlCannotCarryKey } from "./corpus/property/generators.js";
import { checkExports, property } from "./corpus/property/harness.js";

const XML_PIECES = [...COMMON_PIECES, "  ", "\r\n", "<b>", "</b>", "<a>", "\u0004", "'", "{", "}"];

property("xliff2 exports are well-formed and read back by lxml with the same targets", () => {
  const value = (language: string) =>
    fc.oneof(textFrom(XML_PIECES), fc.constantFrom(" ", "  ", "\n", "\t \n"), icuPluralValue(language, COMMON_PIECES, anyPluralShape));
  // A key XML cannot carry is left out and reported (values carry it as <cp hex>).
  checkExports("xliff2", samplesOf(textFrom(XML_PIECES, 1, 6), value), undefined, { mayLeaveOut: (e) => xmlCannotCarryKey(e.key) });
});
