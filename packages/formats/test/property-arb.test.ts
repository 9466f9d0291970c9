/**
 * arb: ICU messages (quoted literal text, plurals with one to three variables and text around
 * them) come back unchanged and ICU4C (PyICU) accepts every message; text that is not ICU
 * (`Hi {name}, {{count}} items`, stray apostrophes and braces) must still be exported as a
 * message ICU4C accepts.
 */
import fc from "fast-check";
import { anyPluralShape, COMMON_PIECES, icuLiteral, icuPluralValue, samplesOf, textFrom } from "./corpus/property/generators.js";
import { checkExports, property } from "./corpus/property/harness.js";

const identifier = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,12}$/);
const RAW = [...COMMON_PIECES, "{", "}", "'", "{name}", "{{count}}", "#"];

property("arb exports of ICU messages are accepted by ICU4C and keep their values", () => {
  const value = (language: string) =>
    fc.oneof(
      textFrom(RAW).map((t) => icuLiteral(t)),
      icuPluralValue(language, RAW, anyPluralShape),
    );
  checkExports("arb", samplesOf(identifier, value));
});

property("arb exports of text that is not ICU are still messages ICU4C accepts", () => {
  checkExports(
    "arb",
    samplesOf(identifier, () => textFrom(RAW, 1)),
    () => [],
    { compareValues: false },
  );
});
