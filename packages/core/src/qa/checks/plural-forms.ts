// Every plural argument of the translation has a case for each CLDR category its language uses
// and none it never selects. Categories come from Intl.PluralRules (CLDR data, the same source
// as the formats library's plural rules), available in Node and every browser.
import type { QaCheck, QaFinding } from "../types";

const ORDER = ["zero", "one", "two", "few", "many", "other"];
const cache = new Map<string, string[]>();

function categories(language: string, type: "cardinal" | "ordinal"): string[] | null {
  const key = `${type}:${language}`;
  if (!cache.has(key)) {
    try {
      const found = new Intl.PluralRules(language, { type }).resolvedOptions().pluralCategories as string[];
      cache.set(
        key,
        ORDER.filter((c) => found.includes(c)),
      );
    } catch {
      return null;
    }
  }
  return cache.get(key)!;
}

export const pluralForms: QaCheck = {
  id: "plural_forms",
  description: "Plural arguments have every CLDR category the target language needs and none it lacks.",
  needsSource: false,
  run: (ctx) => {
    const parse = ctx.valueIcu;
    if (!parse.ok) return [];
    const out: QaFinding[] = [];
    for (const arg of parse.args) {
      if (arg.type !== "plural" && arg.type !== "selectordinal") continue;
      const needed = categories(ctx.language, arg.type === "plural" ? "cardinal" : "ordinal");
      if (!needed) continue;
      const given = new Set(arg.selectors.filter((s) => !s.startsWith("=")));
      const missing = needed.filter((c) => !given.has(c));
      const unknown = [...given].filter((c) => !needed.includes(c));
      const span = { start: arg.start, end: arg.end };
      if (missing.length > 0)
        out.push({
          message: `{${arg.name}} lacks the ${ctx.language} plural case${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`,
          ...span,
        });
      if (unknown.length > 0)
        out.push({
          message: `{${arg.name}} has case${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}, which ${ctx.language} never selects.`,
          ...span,
        });
    }
    return out;
  },
};
