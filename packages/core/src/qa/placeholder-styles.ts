// Placeholder styles the shared extractor (shared/placeholders.ts) does not read: Ruby/Rails
// `%{name}` and Laravel `:name`. `:name` is ordinary text in many sentences ("Note:x"), so it counts
// only when the source uses it; `%{name}` is unambiguous.

export interface PlaceholderToken {
  token: string;
  id: string;
}

const RUBY = /%\{([\p{L}\p{N}_]+)\}/gu;
// A colon directly followed by a name, not preceded by a letter, digit or colon (not "10:30", "a::b", "http://").
const LARAVEL = /(?<![\p{L}\p{N}_:/]):([A-Za-z_][A-Za-z0-9_]*)/gu;

export function extraStyleTokens(text: string, reference: string): PlaceholderToken[] {
  const out: PlaceholderToken[] = [];
  if (text.includes("%{")) for (const m of text.matchAll(RUBY)) out.push({ token: m[0], id: `%{${m[1]}}` });
  if (text.includes(":") && reference.includes(":")) {
    const used = new Set<string>();
    for (const m of reference.matchAll(LARAVEL)) used.add(m[0]);
    if (used.size > 0) for (const m of text.matchAll(LARAVEL)) out.push({ token: m[0], id: m[0] });
  }
  return out;
}
