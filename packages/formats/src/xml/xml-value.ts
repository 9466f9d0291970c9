/**
 * Value ↔ inner XML for bilingual formats (XLIFF source/target, TBX terms):
 * inline markup is kept verbatim when present, otherwise text is decoded/escaped.
 */
import { hasElementMarkup, markupSegments } from "./inline-markup.js";
import { decodeEntities, decodeForbidden, encodeForbidden, escapeText } from "./safe-xml.js";

export function valueFromRaw(raw: string): string {
  return decodeForbidden(valueFromRawXml(raw));
}

function valueFromRawXml(raw: string): string {
  if (hasElementMarkup(raw)) return raw;
  if (raw.indexOf("<!") < 0) return decodeEntities(raw);
  let text = "";
  let last = 0;
  const re = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    text += decodeEntities(raw.slice(last, m.index)) + (m[1] ?? "");
    last = m.index + m[0].length;
  }
  return text + decodeEntities(raw.slice(last));
}

export function rawFromValue(value: string): string {
  if (value.indexOf("<") >= 0 && !value.includes("\r") && markupSegments(value)) return encodeForbidden(value);
  return escapeText(value);
}
