// Markup survives translation: the same tags (by name and kind, order free) and proper nesting.
import { hasBranches } from "../icu";
import type { QaCheck, QaFinding } from "../types";

interface Tag {
  name: string;
  kind: "open" | "close" | "self";
  start: number;
  end: number;
}

// `<` then a name; attributes without `<` or `>` (bounded by the next `>`, no backtracking).
const TAG = /<(\/?)([A-Za-z][\w:.-]*)((?:\s[^<>]*)?)>/g;
const VOID = new Set(["br", "hr", "img", "input", "meta", "link", "wbr", "area", "base", "col", "embed", "source", "track", "param"]);

export function tagsOf(text: string): Tag[] {
  if (!text.includes("<")) return [];
  const out: Tag[] = [];
  for (const m of text.matchAll(TAG)) {
    // Words in angle brackets ("<no current directory>") are text: attributes have values.
    const attributes = m[3]!.trim();
    if (attributes && attributes !== "/" && !attributes.includes("=")) continue;
    const name = m[2]!.toLowerCase();
    const kind = m[1] ? "close" : m[3]!.trimEnd().endsWith("/") || VOID.has(name) ? "self" : "open";
    out.push({ name, kind, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

function nestingError(tags: Tag[]): Tag | null {
  const stack: Tag[] = [];
  for (const t of tags) {
    if (t.kind === "open") stack.push(t);
    else if (t.kind === "close") {
      if (stack.length === 0 || stack[stack.length - 1]!.name !== t.name) return t;
      stack.pop();
    }
  }
  return stack[stack.length - 1] ?? null;
}

const label = (t: Tag) => (t.kind === "close" ? `</${t.name}>` : t.kind === "self" ? `<${t.name}/>` : `<${t.name}>`);

export const htmlTags: QaCheck = {
  id: "html_tags",
  description: "The translation has the source's HTML/XML tags, no others, properly nested.",
  needsSource: true,
  run: (ctx) => {
    const source = tagsOf(ctx.source);
    const value = tagsOf(ctx.value);
    if (source.length === 0 && value.length === 0) return [];
    const out: QaFinding[] = [];
    // Plural/select messages repeat their markup once per branch, and languages have more or
    // fewer branches: there the tags are compared as sets, elsewhere as counts.
    const branched = hasBranches(ctx.sourceIcu) || hasBranches(ctx.valueIcu);
    const count = new Map<string, number>();
    for (const t of source) count.set(label(t), branched ? 1 : (count.get(label(t)) ?? 0) + 1);
    const seen = new Set<string>();
    for (const t of value) {
      const left = count.get(label(t)) ?? 0;
      if (left > 0) {
        if (!branched) count.set(label(t), left - 1);
        else seen.add(label(t));
      } else out.push({ message: `The tag ${label(t)} is not in the source.`, start: t.start, end: t.end });
    }
    if (branched) for (const tag of seen) count.set(tag, 0);
    for (const [tag, left] of count) if (left > 0) out.push({ message: `The tag ${tag} of the source is missing.` });
    if (out.length === 0 && !nestingError(source)) {
      const bad = nestingError(value);
      if (bad) out.push({ message: `The tag ${label(bad)} is not properly nested.`, start: bad.start, end: bad.end });
    }
    return out;
  },
};
