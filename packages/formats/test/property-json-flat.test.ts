/** json-flat: any key and value (quotes, backslashes, control characters, ICU plurals) survive JSON. */
import fc from "fast-check";
import { anyPluralShape, COMMON_PIECES, icuPluralValue, samplesOf, textFrom } from "./corpus/property/generators.js";
import { checkExports, property } from "./corpus/property/harness.js";

property("json-flat exports read back by Python's json module with the same values", () => {
  const value = (language: string) =>
    fc.oneof(textFrom([...COMMON_PIECES, "\u0000", "\u001f", "\u2028"]), icuPluralValue(language, COMMON_PIECES, anyPluralShape));
  checkExports("json-flat", samplesOf(textFrom(COMMON_PIECES, 1, 6), value));
});
