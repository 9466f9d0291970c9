/**
 * CLDR plural categories per language and the gettext `Plural-Forms` GNU gettext itself writes
 * for it (msginit's table), with msgstr index n mapped to the CLDR category that the integers
 * selecting index n fall into. Czech and Russian get gettext's 3 forms, French 2: CLDR categories
 * that only fractions select (cs `many`, ru `other`, fr `many` for millions) have no msgstr.
 */
import { FormatParseError } from "../errors.js";
import { CLDR_CATEGORIES, type PluralCategory } from "./icu-plural.js";

type GettextRule = { categories: PluralCategory[]; plural: string };

const OTHER_ONLY: GettextRule = { categories: ["other"], plural: "0" };
const ONE_IS_1: GettextRule = { categories: ["one", "other"], plural: "(n != 1)" };
const ONE_IS_0_1: GettextRule = { categories: ["one", "other"], plural: "(n > 1)" };
const EAST_SLAVIC = "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)";

const FAMILIES: Array<[string[], GettextRule]> = [
  [["ja", "zh", "ko", "vi", "th", "id", "ms", "lo", "my", "km", "yo", "ig", "jv", "su", "bo", "dz", "wo"], OTHER_ONLY],
  [
    [
      ...["en", "de", "nl", "sv", "da", "nb", "nn", "no", "fo", "es", "pt", "it", "bg", "el", "fi", "et", "he", "eo", "hu", "tr"],
      ...["ca", "gl", "eu", "ka", "az", "kk", "ky", "mn", "sq", "sw", "ur", "ta", "te", "ml", "mr", "ne", "nd", "af", "fy", "lb"],
      ...["uz", "tk", "ps", "so", "ast", "or", "as", "ha", "om", "ku", "ia", "gsw", "rm", "ug", "sd", "pt-PT"],
    ],
    ONE_IS_1,
  ],
  [["fr", "pt-BR", "hi", "bn", "fa", "am", "gu", "kn", "zu", "hy", "pa", "ln", "ti", "wa"], ONE_IS_0_1],
  [["lv"], { categories: ["one", "other", "zero"], plural: "(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2)" }],
  [["ga"], { categories: ["one", "two", "other"], plural: "n==1 ? 0 : n==2 ? 1 : 2" }],
  // Not in gettext's own table: the rules their translation teams' files use.
  [["gd"], { categories: ["one", "two", "few", "other"], plural: "(n==1 || n==11) ? 0 : (n==2 || n==12) ? 1 : (n > 2 && n < 20) ? 2 : 3" }],
  [
    ["cy"],
    {
      categories: ["zero", "one", "two", "few", "many", "other"],
      plural: "(n==0) ? 0 : (n==1) ? 1 : (n==2) ? 2 : (n==3) ? 3 : (n==6) ? 4 : 5",
    },
  ],
  [["ro"], { categories: ["one", "few", "other"], plural: "n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2" }],
  [["lt"], { categories: ["one", "few", "other"], plural: "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2)" }],
  [["ru", "uk", "be"], { categories: ["one", "few", "many"], plural: EAST_SLAVIC }],
  [["sr", "hr", "bs"], { categories: ["one", "few", "other"], plural: EAST_SLAVIC }],
  [["cs", "sk"], { categories: ["one", "few", "other"], plural: "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2" }],
  [["pl"], { categories: ["one", "few", "many"], plural: "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)" }],
  [["sl"], { categories: ["one", "two", "few", "other"], plural: "(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3)" }],
  [
    ["ar"],
    {
      categories: ["zero", "one", "two", "few", "many", "other"],
      plural: "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)",
    },
  ],
];

const RULES = new Map<string, GettextRule>();
for (const [langs, rule] of FAMILIES) for (const l of langs) RULES.set(l.toLowerCase(), rule);

/** CLDR plural categories of a language, in CLDR order (zero, one, two, few, many, other). */
export function pluralCategories(language: string): PluralCategory[] {
  let found: string[];
  try {
    found = new Intl.PluralRules(intlLocale(language)).resolvedOptions().pluralCategories;
  } catch {
    found = ["one", "other"];
  }
  return CLDR_CATEGORIES.filter((c) => found.includes(c));
}

/** The gettext rule for a language: msgstr index n ↔ `categories[n]`. */
export function gettextPluralRule(language: string): GettextRule {
  const lower = language.toLowerCase().replace(/_/g, "-");
  const rule = RULES.get(lower) ?? RULES.get(lower.split("-")[0] ?? "");
  if (rule) return rule;
  const cats = pluralCategories(language);
  if (cats.length === 1) return OTHER_ONLY;
  let zeroIsOne = false;
  try {
    zeroIsOne = new Intl.PluralRules(intlLocale(language)).select(0) === "one";
  } catch {
    // unknown language: fall through to the English-like rule
  }
  return zeroIsOne ? ONE_IS_0_1 : ONE_IS_1;
}

/**
 * Languages whose files often use more forms than gettext's own table gives (Irish: 5, as
 * Launchpad and GNOME write it, where msginit writes 3). An export whose plurals carry those
 * extra categories uses this rule, so a re-export keeps the forms the file came with.
 */
const FULLER_RULES = new Map<string, GettextRule>([
  ["ga", { categories: ["one", "two", "few", "many", "other"], plural: "n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 : (n>6 && n<11) ? 3 : 4" }],
]);

/** The rule for an export: gettext's own, or the fuller one when the values use categories only it has. */
export function gettextPluralRuleFor(language: string, usedCategories: Iterable<string>): GettextRule {
  const rule = gettextPluralRule(language);
  const fuller = FULLER_RULES.get(language.toLowerCase().replace(/_/g, "-").split("-")[0] ?? "");
  if (!fuller) return rule;
  for (const c of usedCategories) {
    if (!(rule.categories as string[]).includes(c) && (fuller.categories as string[]).includes(c)) return fuller;
  }
  return rule;
}

/** Languages with a fuller rule (exports look at their values' categories first). */
export function hasFullerPluralRule(language: string): boolean {
  return FULLER_RULES.has(language.toLowerCase().replace(/_/g, "-").split("-")[0] ?? "");
}

/** `Plural-Forms` header value, e.g. `nplurals=2; plural=(n != 1);`. */
export function pluralFormsHeader(language: string, rule: GettextRule = gettextPluralRule(language)): string {
  return `nplurals=${rule.categories.length}; plural=${rule.plural};`;
}

/**
 * Bounds on what a `Plural-Forms` header may ask for. Real files use at most 6 forms (Arabic,
 * Welsh) and expressions of about 100 characters; nplurals sizes an array and the expression is
 * evaluated 1,100 times, so both are capped rather than trusted (see packages/formats/README.md).
 */
export const MAX_PLURAL_FORMS = 16;
export const MAX_PLURAL_EXPRESSION = 1000;
const MAX_EXPRESSION_NESTING = 64;

/**
 * `nplurals` and `plural` of a header, or undefined when it has none (a template's
 * `nplurals=INTEGER`). A count or expression past the bounds is a FormatParseError.
 */
export function readPluralForms(header: string | undefined): { nplurals: number; expr: string } | undefined {
  if (!header) return undefined;
  const m = /nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]*);?/.exec(header);
  if (!m) return undefined;
  const nplurals = Number(m[1]);
  if (nplurals > MAX_PLURAL_FORMS) {
    throw new FormatParseError(
      `The Plural-Forms header declares ${m[1]!.length > 12 ? "an absurd number of" : nplurals} plural forms; at most ${MAX_PLURAL_FORMS} are supported.`,
    );
  }
  const expr = m[2]!.trim();
  if (expr.length > MAX_PLURAL_EXPRESSION) {
    throw new FormatParseError(`The Plural-Forms expression is longer than ${MAX_PLURAL_EXPRESSION} characters.`);
  }
  return { nplurals, expr };
}

/**
 * Map the msgstr indices of a foreign `Plural-Forms` header to CLDR categories by
 * evaluating its expression for n = 0..1099 against the language's CLDR rules.
 */
export function categoriesForPluralForms(header: string | undefined, language: string | undefined): PluralCategory[] | undefined {
  const forms = readPluralForms(header);
  if (!forms) return language ? gettextPluralRule(language).categories : undefined;
  const { nplurals, expr } = forms;
  if (language) {
    const own = gettextPluralRule(language);
    if (own.categories.length === nplurals && normalizeExpr(own.plural) === normalizeExpr(expr)) return own.categories;
  }
  if (nplurals === 1) return ["other"];
  let evaluate: (n: number) => number;
  try {
    evaluate = compilePluralExpression(expr);
  } catch {
    return undefined;
  }
  const rules = language ? safePluralRules(language) : undefined;
  const votes: Array<Map<PluralCategory, number>> = Array.from({ length: nplurals }, () => new Map());
  for (let n = 0; n < 1100; n++) {
    const idx = evaluate(n);
    if (idx < 0 || idx >= nplurals) continue;
    const cat = (rules?.select(n) ?? (n === 1 ? "one" : "other")) as PluralCategory;
    const v = votes[idx]!;
    v.set(cat, (v.get(cat) ?? 0) + 1);
  }
  const used = new Set<PluralCategory>();
  const result: PluralCategory[] = [];
  for (const v of votes) {
    const best = [...v.entries()].sort((a, b) => b[1] - a[1]).find(([c]) => !used.has(c));
    const cat = best?.[0] ?? CLDR_CATEGORIES.find((c) => !used.has(c) && c !== "other") ?? "other";
    used.add(cat);
    result.push(cat);
  }
  return result;
}

function safePluralRules(language: string): Intl.PluralRules | undefined {
  try {
    return new Intl.PluralRules(intlLocale(language));
  } catch {
    return undefined;
  }
}

/**
 * A gettext or POSIX locale name (`uk_UA`, `sr_RS@latin`, `de_DE.UTF-8`) as the BCP 47 tag
 * Intl accepts (`uk-UA`): Intl throws on the underscore, and a file's `Language: uk_UA` header
 * would otherwise be read with English rules.
 */
export function intlLocale(language: string): string {
  const tag = language.replace(/[.@].*$/, "").replace(/_/g, "-");
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? tag;
  } catch {
    return tag.split("-")[0] ?? tag;
  }
}

function normalizeExpr(e: string): string {
  return e.replace(/\s+/g, "").replace(/^\((.*)\)$/, "$1");
}

/**
 * Compile a gettext plural expression (C syntax subset: ?: || && == != < > <= >= + - * / % ! and
 * parentheses over `n`) into a function, without `eval`.
 */
export function compilePluralExpression(expr: string): (n: number) => number {
  const tokens = expr.match(/\d+|n|\|\||&&|==|!=|<=|>=|[()?:<>!%*/+-]/g) ?? [];
  if (tokens.join("") !== expr.replace(/\s+/g, "")) throw new Error(`Unsupported plural expression: ${expr}`);
  let pos = 0;
  // Parentheses, `!` and `?:` nest the parser (and the compiled closures): bounded, so a
  // hostile header cannot overflow the stack.
  let nesting = 0;
  const enter = () => {
    if (++nesting > MAX_EXPRESSION_NESTING) throw new Error("Plural expression nested too deeply");
  };
  type Node = (n: number) => number;
  const peek = () => tokens[pos];
  const take = (t?: string) => {
    const tok = tokens[pos++];
    if (t !== undefined && tok !== t) throw new Error(`Expected ${t} in plural expression`);
    return tok;
  };
  const ternary = (): Node => {
    const cond = binary(0);
    if (peek() !== "?") return cond;
    take("?");
    enter();
    const a = ternary();
    take(":");
    const b = ternary();
    nesting--;
    return (n) => (cond(n) ? a(n) : b(n));
  };
  const LEVELS = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]];
  const binary = (level: number): Node => {
    if (level >= LEVELS.length) return unary();
    let left = binary(level + 1);
    while (LEVELS[level]!.includes(peek() ?? "")) {
      const op = take()!;
      const l = left;
      const r = binary(level + 1);
      left = (n) => applyOp(op, l(n), r(n));
    }
    return left;
  };
  const unary = (): Node => {
    const t = take();
    if (t === "!") {
      enter();
      const inner = unary();
      nesting--;
      return (n) => (inner(n) ? 0 : 1);
    }
    if (t === "(") {
      enter();
      const inner = ternary();
      take(")");
      nesting--;
      return inner;
    }
    if (t === "n") return (n) => n;
    if (t !== undefined && /^\d+$/.test(t)) {
      const v = Number(t);
      return () => v;
    }
    throw new Error(`Unexpected token in plural expression: ${t ?? "end"}`);
  };
  const root = ternary();
  if (pos !== tokens.length) throw new Error("Trailing tokens in plural expression");
  return root;
}

function applyOp(op: string, a: number, b: number): number {
  switch (op) {
    case "||":
      return a || b ? 1 : 0;
    case "&&":
      return a && b ? 1 : 0;
    case "==":
      return a === b ? 1 : 0;
    case "!=":
      return a !== b ? 1 : 0;
    case "<":
      return a < b ? 1 : 0;
    case ">":
      return a > b ? 1 : 0;
    case "<=":
      return a <= b ? 1 : 0;
    case ">=":
      return a >= b ? 1 : 0;
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "*":
      return a * b;
    case "/":
      return b === 0 ? 0 : Math.trunc(a / b);
    default:
      return b === 0 ? 0 : a % b;
  }
}
