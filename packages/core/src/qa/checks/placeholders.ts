// Placeholders compared as sets by identity (`%1$s` and the first `%s` are one; `{n, plural, …}`
// is `{n}`): a pair of one missing and one extra of the same style reads as a rename.
import type { CheckContext } from "../check-context";
import type { PlaceholderToken } from "../placeholder-styles";
import type { QaCheck, QaFinding } from "../types";

interface Diff {
  missing: PlaceholderToken[];
  extra: PlaceholderToken[];
  renamed: [PlaceholderToken, PlaceholderToken][];
}

const DIFF = new WeakMap<CheckContext, Diff>();

/** The style of a placeholder: what a rename keeps (`{a}`→`{b}`, `%s`→`%d`, `{{a}}`→`{{b}}`). */
function style(id: string): string {
  if (id.startsWith("{{")) return "{{";
  if (id.startsWith("%{")) return "%{";
  if (id.startsWith("{")) return "{";
  if (id.startsWith("%")) return "%";
  return id[0] ?? "";
}

export function placeholderDiff(ctx: CheckContext): Diff {
  let diff = DIFF.get(ctx);
  if (diff) return diff;
  const expected = ctx.sourcePlaceholders;
  // A value that breaks the source's ICU syntax is reported by icu_syntax alone: its braces
  // cannot be read as arguments (`{x}` of a broken plural is not an extra placeholder).
  const actual = ctx.valueBrokenIcu ? [] : ctx.valuePlaceholders;
  const actualIds = new Set(actual.map((p) => p.id));
  const expectedIds = new Set(expected.map((p) => p.id));
  const missing = ctx.valueBrokenIcu ? [] : expected.filter((p) => !actualIds.has(p.id));
  const extra = actual.filter((p) => !expectedIds.has(p.id));
  const renamed: [PlaceholderToken, PlaceholderToken][] = [];
  for (let m = 0; m < missing.length; m++) {
    const e = extra.findIndex((x) => style(x.id) === style(missing[m]!.id));
    if (e < 0) continue;
    renamed.push([missing[m]!, extra[e]!]);
    extra.splice(e, 1);
    missing.splice(m--, 1);
  }
  diff = { missing, extra, renamed };
  DIFF.set(ctx, diff);
  return diff;
}

const spanOf = (value: string, token: string): Pick<QaFinding, "start" | "end"> => {
  const at = value.indexOf(token);
  return at < 0 ? {} : { start: at, end: at + token.length };
};

export const placeholderMissing: QaCheck = {
  id: "placeholder_missing",
  description: "Every placeholder of the source (ICU, printf, {{x}}, %{x}, :name) is in the translation.",
  needsSource: true,
  run: (ctx) => placeholderDiff(ctx).missing.map((p) => ({ message: `The placeholder ${p.token} of the source is missing.` })),
};

export const placeholderExtra: QaCheck = {
  id: "placeholder_extra",
  description: "The translation has no placeholder the source lacks.",
  needsSource: true,
  run: (ctx) =>
    placeholderDiff(ctx).extra.map((p) => ({ message: `The placeholder ${p.token} is not in the source.`, ...spanOf(ctx.value, p.token) })),
};

export const placeholderRenamed: QaCheck = {
  id: "placeholder_renamed",
  description: "No placeholder of the source was renamed or retyped ({name} → {nom}, %s → %d).",
  needsSource: true,
  run: (ctx) =>
    placeholderDiff(ctx).renamed.map(([from, to]) => ({
      message: `The placeholder ${from.token} of the source was changed to ${to.token}.`,
      ...spanOf(ctx.value, to.token),
    })),
};
