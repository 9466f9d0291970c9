/** po: msgids/msgstrs with every PO escape, contexts and plurals; msgfmt --check accepts, polib reads the same. */
import { gettextSamples } from "./corpus/property/gettext.js";
import { checkExports, property } from "./corpus/property/harness.js";

property("po exports pass msgfmt --check and polib reads the same values", () => {
  checkExports("po", gettextSamples);
});
