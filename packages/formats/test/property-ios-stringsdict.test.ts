/**
 * ios-stringsdict: plural values with one to three variables and text around them must become
 * one `%#@var@` reference and rule dictionary per variable (never ICU text in the format key);
 * plistlib reads every export. Values without a plural are plain `<string>` entries, which the
 * format holds.
 */
import fc from "fast-check";
import { anyPluralShape, COMMON_PIECES, icuPluralValue, samplesOf, textFrom } from "./corpus/property/generators.js";
import { checkExports, property } from "./corpus/property/harness.js";

const PIECES = COMMON_PIECES.filter((p) => !"'{}#".includes(p));

property("ios-stringsdict exports read back by plistlib with every plural as its own rule", () => {
  const samples = samplesOf(textFrom(COMMON_PIECES, 1, 6), (language) =>
    fc.oneof({ weight: 4, arbitrary: icuPluralValue(language, PIECES, anyPluralShape) }, { weight: 1, arbitrary: textFrom(PIECES, 1) }),
  );
  checkExports("ios-stringsdict", samples, (sample) => sample.entries);
});
