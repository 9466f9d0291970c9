/**
 * android-xml: values with everything aapt2 interprets (quotes, apostrophes, backslashes, runs of
 * spaces, leading/trailing whitespace, newlines, tabs, markup-like text, numbers such as "+1"),
 * and plurals in many languages — a whole-value plural becomes <plurals>, one with text around it
 * or several variables cannot and is written as text or left out and reported; aapt2 must compile
 * every export and store the same values.
 * Values starting with @ or ? are references in Android and are not generated as text.
 */
import fc from "fast-check";
import { parseIcuPlural } from "../src/index.js";
import { anyPluralShape, COMMON_PIECES, icuPluralValue, samplesOf, textFrom } from "./corpus/property/generators.js";
import { checkExports, property } from "./corpus/property/harness.js";

const ANDROID_PIECES = [...COMMON_PIECES.filter((p) => !"'{}#".includes(p)), "@", "?", "+1", "12", "0.5", "#fff", "\\'", '\\"', "\\@"];
const FORM_PIECES = ANDROID_PIECES.filter((p) => p !== "'");
const text = textFrom([...ANDROID_PIECES, "'", "{", "}"]).filter((v) => !/^[@?]/.test(v));
const resourceName = fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/);

property("android-xml exports compile with aapt2 and keep their values", () => {
  checkExports(
    "android-xml",
    samplesOf(resourceName, (language) => fc.oneof(text, icuPluralValue(language, FORM_PIECES, anyPluralShape))),
    undefined,
    // Only a plural that is not the whole value may be left out (Android cannot hold it natively).
    { mayLeaveOut: (e) => /\{\w+, plural, /.test(e.value) && parseIcuPlural(e.value) === undefined },
  );
});
