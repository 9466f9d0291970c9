/**
 * Namespace prefixes in inline markup kept verbatim (`<mrk its:locQualityIssuesRef=…>`). The
 * markup leaves its document, so the prefixes it uses must be declared again where it is
 * written: on read the URIs in scope are remembered with the entry (`metadata.xmlns`), on write
 * the root declares them. A prefix whose URI is unknown cannot be written namespace-well-formed.
 */
import { markupSegments } from "./inline-markup.js";
import { decodeEntities, escapeAttr, type XmlNode } from "./safe-xml.js";

export type Namespaces = Record<string, string>;

const ELEMENT_PREFIX = /^<\/?([A-Za-z_][\w.-]*):/;
const ATTRIBUTE = /\s([A-Za-z_][\w.:-]*)\s*=\s*("[^"]*"|'[^']*')/g;

/** Prefixes the value's markup uses and declares itself (`xml` needs no declaration). */
function prefixesOf(value: string): { used: Set<string>; declared: Set<string> } {
  const used = new Set<string>();
  const declared = new Set<string>();
  for (const seg of markupSegments(value) ?? []) {
    if (seg.kind !== "tag") continue;
    const element = ELEMENT_PREFIX.exec(seg.text)?.[1];
    if (element !== undefined) used.add(element);
    ATTRIBUTE.lastIndex = 0;
    for (let m = ATTRIBUTE.exec(seg.text); m; m = ATTRIBUTE.exec(seg.text)) {
      const name = m[1]!;
      const colon = name.indexOf(":");
      if (name.startsWith("xmlns:")) declared.add(name.slice(6));
      else if (colon > 0) used.add(name.slice(0, colon));
    }
  }
  used.delete("xml");
  for (const p of declared) used.delete(p);
  return { used, declared };
}

/** Whether a value could use a namespace prefix at all (it needs a tag and a colon); false for plain text. */
export function mayUsePrefixes(value: string): boolean {
  return value.indexOf("<") >= 0 && value.indexOf(":") >= 0;
}

/** Prefixes used by the values' markup that they do not declare themselves. */
export function undeclaredPrefixes(values: string[]): Set<string> {
  const out = new Set<string>();
  for (const v of values) if (mayUsePrefixes(v)) for (const p of prefixesOf(v).used) out.add(p);
  return out;
}

/** `xmlns:p` declarations on an element, added to the ones in scope above it. */
export function scopeOf(node: XmlNode, outer: Namespaces = {}): Namespaces {
  const attrs = node[":@"];
  if (!attrs) return outer;
  let scope = outer;
  for (const name in attrs) {
    if (name.startsWith("xmlns:")) {
      if (scope === outer) scope = { ...outer };
      scope[name.slice(6)] = decodeEntities(attrs[name]!);
    }
  }
  return scope;
}

/** The URIs of the prefixes the values use, for the entry's metadata; undefined when there are none. */
export function namespacesUsed(values: string[], scope: Namespaces): Namespaces | undefined {
  let out: Namespaces | undefined;
  for (const p of undeclaredPrefixes(values)) {
    const uri = scope[p];
    if (uri !== undefined) (out ??= {})[p] = uri;
  }
  return out;
}

/**
 * Collects the declarations an export's root needs. `add` returns a reason when the entry cannot
 * be written (a prefix with no known URI, or one already bound to another URI in this file).
 */
export class RootNamespaces {
  readonly declared = new Map<string, string>();

  add(values: string[], metadata: Record<string, unknown> | undefined): string | undefined {
    if (!values.some(mayUsePrefixes)) return undefined;
    const used = undeclaredPrefixes(values);
    if (used.size === 0) return undefined;
    const known = (metadata?.xmlns ?? {}) as Namespaces;
    const wanted: Array<[string, string]> = [];
    for (const p of used) {
      const uri = typeof known[p] === "string" ? known[p] : undefined;
      if (uri === undefined) return `the inline markup uses the namespace prefix "${p}", whose namespace is not known`;
      const bound = this.declared.get(p);
      if (bound !== undefined && bound !== uri)
        return `the inline markup binds the namespace prefix "${p}" to another namespace than the rest of the file`;
      wanted.push([p, uri]);
    }
    for (const [p, uri] of wanted) this.declared.set(p, uri);
    return undefined;
  }

  /** ` xmlns:p="uri"` attributes for the root element. */
  attributes(): string {
    return [...this.declared].map(([p, uri]) => ` xmlns:${p}="${escapeAttr(uri)}"`).join("");
  }
}
