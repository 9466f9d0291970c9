/**
 * yaml: keys and values that YAML 1.1 readers (Rails' Psych, PyYAML) would turn into booleans,
 * nulls or numbers ("yes", "null", "9", "~"), or that need quoting (": ", "#", leading spaces).
 */
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

const YAML_PIECES = [
  ...COMMON_PIECES,
  "no",
  "on",
  "off",
  "true",
  "1.5",
  "0x1F",
  "- ",
  "? ",
  "!",
  "|",
  ">",
  "&a",
  "*a",
  "%",
  "@",
  "`",
  "\u0085",
  "\u2028",
];

property("yaml exports read back by PyYAML (YAML 1.1, as Rails) with the same values", () => {
  const value = (language: string) => fc.oneof(textFrom(YAML_PIECES), icuPluralValue(language, COMMON_PIECES, anyPluralShape));
  const samples = samplesOf(treeKeys(YAML_PIECES), value).map((s) => ({ ...s, entries: withoutPrefixClashes(s.entries) }));
  checkExports("yaml", samples);
});
