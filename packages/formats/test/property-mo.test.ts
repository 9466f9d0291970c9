/** mo: GNU msgunfmt reads every export and finds each translated entry (contexts, plurals, escapes). */
import { gettextSamples } from "./corpus/property/gettext.js";
import { checkExports, property } from "./corpus/property/harness.js";

property("mo exports are read by msgunfmt with the same values", () => {
  checkExports("mo", gettextSamples, (sample) => sample.entries.filter((e) => e.value !== ""));
});
