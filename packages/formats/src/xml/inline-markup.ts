/**
 * Values that carry inline markup (Android `<b>`, `<xliff:g>`, XLIFF `<g>`/`<ph>`/`<pc>`).
 * On read, an element whose content has child elements keeps its inner XML verbatim
 * as the value; content without child elements is decoded to plain text. On write, a
 * value that contains a tag and is a well-formed XML fragment is written as markup;
 * anything else is escaped as text. Both directions invert each other.
 */

const TOKEN =
  /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<\/?[A-Za-z_][\w:.-]*(?:\s+[A-Za-z_][\w:.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*\s*\/?>|&(?:#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|[<&]/g;

export type Segment = { kind: "text" | "tag" | "cdata" | "entity" | "comment"; text: string };

/** Whether raw inner XML contains element markup (not just text, entities and CDATA). */
export function hasElementMarkup(raw: string): boolean {
  if (raw.indexOf("<") < 0) return false;
  return /<[A-Za-z_/]/.test(raw.includes("<!") ? raw.replace(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g, "") : raw);
}

/** Split a fragment into segments; returns undefined when it is not well-formed. */
export function splitFragment(value: string): Segment[] | undefined {
  const out: Segment[] = [];
  const stack: string[] = [];
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(value); m; m = TOKEN.exec(value)) {
    if (m.index > last) out.push({ kind: "text", text: value.slice(last, m.index) });
    const tok = m[0];
    last = m.index + tok.length;
    if (tok === "<" || tok === "&") return undefined;
    if (tok.startsWith("<![CDATA[")) out.push({ kind: "cdata", text: tok });
    else if (tok.startsWith("<!--")) out.push({ kind: "comment", text: tok });
    else if (tok.startsWith("&")) out.push({ kind: "entity", text: tok });
    else {
      const name = /^<\/?([^\s/>]+)/.exec(tok)![1]!;
      if (tok.startsWith("</")) {
        if (stack.pop() !== name) return undefined;
      } else if (!tok.endsWith("/>")) stack.push(name);
      out.push({ kind: "tag", text: tok });
    }
  }
  if (stack.length > 0) return undefined;
  if (last < value.length) out.push({ kind: "text", text: value.slice(last) });
  // `]]>` in text is not allowed in XML content.
  if (out.some((s) => s.kind === "text" && s.text.includes("]]>"))) return undefined;
  return out;
}

/** Segments of a value when it should be written as markup; undefined when it should be escaped text. */
export function markupSegments(value: string): Segment[] | undefined {
  if (value.indexOf("<") < 0) return undefined;
  const segs = splitFragment(value);
  if (!segs?.some((s) => s.kind === "tag")) return undefined;
  return segs;
}
