import { describe, expect, it } from "vitest";
import {
  buildIcuPlural,
  compilePluralExpression,
  gettextPluralRule,
  parseIcuPlural,
  pluralCategories,
  pluralFormsHeader,
} from "../src/index.js";
import { categoriesForPluralForms } from "../src/plural/plural-rules.js";

const LANGS = [
  "en",
  "de",
  "fr",
  "pt",
  "es",
  "it",
  "ru",
  "uk",
  "be",
  "pl",
  "cs",
  "sk",
  "ar",
  "ja",
  "zh",
  "ko",
  "vi",
  "hr",
  "sr",
  "lt",
  "lv",
  "sl",
  "ro",
  "hi",
  "nl",
  "sv",
  "tr",
  "fa",
];

describe("gettext plural rules", () => {
  it.each(LANGS)("msgstr index n of %s is the CLDR category most integers it selects fall into", (lang) => {
    const rule = gettextPluralRule(lang);
    const fn = compilePluralExpression(rule.plural);
    const cldr = pluralCategories(lang);
    for (const c of rule.categories) expect(cldr).toContain(c);
    for (let n = 0; n <= 2000; n++) expect(fn(n)).toBeLessThan(rule.categories.length);
    // The header's own indices, mapped by majority vote over n = 0..1099, give the same categories.
    // (Doubled parentheses so the expression is not recognised as the language's own and is voted on.)
    expect(categoriesForPluralForms(`nplurals=${rule.categories.length}; plural=((${rule.plural}));`, lang)).toEqual(rule.categories);
  });

  it("writes the header GNU gettext's msginit writes", () => {
    expect(pluralFormsHeader("en")).toBe("nplurals=2; plural=(n != 1);");
    expect(pluralFormsHeader("ja")).toBe("nplurals=1; plural=0;");
    expect(pluralFormsHeader("ru")).toMatch(/^nplurals=3; plural=/);
    expect(pluralFormsHeader("cs")).toBe("nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;");
    expect(pluralFormsHeader("fr")).toBe("nplurals=2; plural=(n > 1);");
    expect(pluralFormsHeader("ar")).toMatch(/^nplurals=6; plural=/);
  });

  it("lists CLDR categories in CLDR order", () => {
    expect(pluralCategories("ar")).toEqual(["zero", "one", "two", "few", "many", "other"]);
    expect(pluralCategories("ja")).toEqual(["other"]);
    expect(pluralCategories("en")).toEqual(["one", "other"]);
  });

  it("maps the classic three-form Russian header to one/few/many", () => {
    const header = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);";
    expect(categoriesForPluralForms(header, "ru")).toEqual(["one", "few", "many"]);
    expect(categoriesForPluralForms("nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;", "cs")).toEqual(["one", "few", "other"]);
  });
});

describe("ICU plural helpers", () => {
  it("parses and rebuilds a plural", () => {
    const p = parseIcuPlural("{count, plural, one {# item} other {# items}}");
    expect(p).toEqual({ argument: "count", forms: { one: "# item", other: "# items" } });
    expect(buildIcuPlural(p!)).toBe("{count, plural, one {# item} other {# items}}");
  });
  it("keeps nested arguments and explicit selectors", () => {
    const p = parseIcuPlural("{n, plural, =0 {none} one {{name} has one} other {{name} has #}}");
    expect(p?.forms).toEqual({ "=0": "none", one: "{name} has one", other: "{name} has #" });
  });
  it("rejects values that are not a single plural", () => {
    expect(parseIcuPlural("You have {count, plural, one {#} other {#}}")).toBeUndefined();
    expect(parseIcuPlural("{count, select, a {x} other {y}}")).toBeUndefined();
    expect(parseIcuPlural("{count, plural, one {#}}")).toBeUndefined();
  });
});
