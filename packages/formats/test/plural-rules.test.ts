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
  it.each(LANGS)("msgstr index n of %s is the CLDR category Intl selects", (lang) => {
    const rule = gettextPluralRule(lang);
    const fn = compilePluralExpression(rule.plural);
    const intl = new Intl.PluralRules(lang);
    expect(rule.categories).toEqual(pluralCategories(lang));
    for (let n = 0; n <= 2000; n++) {
      const idx = fn(n);
      expect(idx).toBeLessThan(rule.categories.length);
      expect(rule.categories[idx], `n=${n}`).toBe(intl.select(n));
    }
  });

  it("writes the header gettext expects", () => {
    expect(pluralFormsHeader("en")).toBe("nplurals=2; plural=(n != 1);");
    expect(pluralFormsHeader("ja")).toBe("nplurals=1; plural=0;");
    expect(pluralFormsHeader("ru")).toMatch(/^nplurals=4; plural=/);
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
