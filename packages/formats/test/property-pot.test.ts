/** pot: a template holds every key and no values; msgfmt --check accepts it and polib reads the keys. */
import { gettextSamples } from "./corpus/property/gettext.js";
import { checkExports, property } from "./corpus/property/harness.js";

property("pot exports pass msgfmt --check and hold every key with an empty msgstr", () => {
  checkExports("pot", gettextSamples, (sample) => sample.entries.map((e) => ({ key: e.key, value: "" })));
});
