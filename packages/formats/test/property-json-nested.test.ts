/** json-nested: dotted keys become nested objects; values with every JSON escape survive. */
import fc from "fast-check";
import {
  anyPluralShape,
  COMMON_PIECES,
  icuPluralValue,
  samplesOf,
  textFrom,
  treeKeys,
  withoutPrefixClashes,
} from "./corpus/property/generators.js";
import { checkExports, property } from "./corpus/property/harness.js";

property("json-nested exports read back by Python's json module with the same values", () => {
  const value = (language: string) => fc.oneof(textFrom(COMMON_PIECES), icuPluralValue(language, COMMON_PIECES, anyPluralShape));
  const samples = samplesOf(treeKeys(COMMON_PIECES), value).map((s) => ({ ...s, entries: withoutPrefixClashes(s.entries) }));
  checkExports("json-nested", samples);
});
