/** ios-strings: keys and values with quotes, backslashes, newlines, tabs and any script. */
import { COMMON_PIECES, samplesOf, textFrom } from "./corpus/property/generators.js";
import { checkExports, property } from "./corpus/property/harness.js";

property("ios-strings exports read back by the reference .strings reader with the same values", () => {
  checkExports(
    "ios-strings",
    samplesOf(textFrom(COMMON_PIECES, 1, 6), () => textFrom([...COMMON_PIECES, "%1$@", "\r"])),
  );
});
