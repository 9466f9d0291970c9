// ICU plural messages as the editor shows them: `{count, plural, one {# file} other {# files}}`
// becomes one field per CLDR category of the language (Intl.PluralRules knows which), and back.
// Only a message that is exactly one plural argument is split; anything else is edited as text.

export interface PluralMessage {
  argument: string;
  /** "plural" or "selectordinal". */
  kind: string;
  /** `offset:n` and other text between the kind and the first selector, kept as written. */
  prefix: string;
  forms: Map<string, string>;
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "'" && (text[i + 1] === "{" || text[i + 1] === "}" || text[i + 1] === "'")) {
      // ICU quoting: skip to the closing apostrophe.
      const end = text.indexOf("'", i + 1);
      if (end === -1) return -1;
      i = end;
      continue;
    }
    if (c === "{") depth++;
    else if (c === "}") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

export function parsePlural(message: string): PluralMessage | null {
  const text = message.trim();
  if (!text.startsWith("{") || matchingBrace(text, 0) !== text.length - 1) return null;
  const head = /^\{\s*([\w.-]+)\s*,\s*(plural|selectordinal)\s*,/.exec(text);
  if (!head) return null;
  let i = head[0].length;
  const body = text.slice(0, -1);
  const forms = new Map<string, string>();
  let prefix = "";
  const offset = /^\s*offset\s*:\s*\d+/.exec(body.slice(i));
  if (offset) {
    prefix = offset[0].trim();
    i += offset[0].length;
  }
  while (i < body.length) {
    const sel = /^\s*(=\d+|[a-z]+)\s*\{/.exec(body.slice(i));
    if (!sel) {
      if (body.slice(i).trim() === "") break;
      return null;
    }
    const open = i + sel[0].length - 1;
    const close = matchingBrace(body, open);
    if (close === -1) return null;
    forms.set(sel[1]!, body.slice(open + 1, close));
    i = close + 1;
  }
  if (!forms.has("other")) return null;
  return { argument: head[1]!, kind: head[2]!, prefix, forms };
}

export function serializePlural(p: PluralMessage): string {
  const parts = [...p.forms].filter(([, v]) => v !== "").map(([k, v]) => `${k} {${v}}`);
  return `{${p.argument}, ${p.kind},${p.prefix ? ` ${p.prefix}` : ""} ${parts.join(" ")}}`;
}

/** The CLDR categories of a language, in CLDR order (zero one two few many other). */
export function pluralCategories(language: string, kind = "plural"): string[] {
  const order = ["zero", "one", "two", "few", "many", "other"];
  try {
    const cats = new Intl.PluralRules(language, { type: kind === "selectordinal" ? "ordinal" : "cardinal" }).resolvedOptions()
      .pluralCategories as string[];
    return order.filter((c) => cats.includes(c));
  } catch {
    return ["one", "other"];
  }
}
