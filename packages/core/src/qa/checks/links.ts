// URLs and e-mail addresses are data, not text: they reach the translation unchanged. Those in
// markup attributes (`<xliff:g example="a@b.com">`) are examples for translators, not text.
import { outsideTags } from "../text-scan";
import type { QaCheck, QaFinding } from "../types";

const URL = /\b(?:https?|ftp):\/\/[^\s<>"'`{}|\\^)\]）」]+|\bwww\.[^\s<>"'`{}|\\^)\]）」]+/gi;
const TRAILING = /[.,;:!?…。，、]+$/u;

export function urlsOf(text: string): string[] {
  if (!text.includes("://") && !/www\./i.test(text)) return [];
  return [...text.matchAll(URL)].map((m) => m[0].replace(TRAILING, ""));
}

const LOCAL = /[\p{L}\p{N}.!#$%&*+/=?^_`{|}~-]/u;
const DOMAIN = /[\p{L}\p{N}.-]/u;

/** E-mail addresses, found from each `@` outwards (no regular expression runs over the whole text). */
export function emailsOf(text: string): string[] {
  const out: string[] = [];
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", at + 1)) {
    let a = at;
    while (a > 0 && LOCAL.test(text[a - 1]!)) a--;
    let b = at + 1;
    while (b < text.length && DOMAIN.test(text[b]!)) b++;
    const local = text.slice(a, at);
    const domain = text.slice(at + 1, b).replace(/[.-]+$/, "");
    if (local && /^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u.test(domain)) out.push(`${local}@${domain}`);
  }
  return out;
}

function missingFrom(kind: string, wanted: string[], value: string): QaFinding[] {
  const out: QaFinding[] = [];
  for (const item of new Set(wanted))
    if (!value.includes(item)) out.push({ message: `The ${kind} ${item} of the source is missing or changed.` });
  return out;
}

export const urls: QaCheck = {
  id: "urls",
  description: "Every URL of the source is in the translation, unchanged.",
  needsSource: true,
  run: (ctx) => missingFrom("URL", urlsOf(outsideTags(ctx.source)), ctx.value),
};

export const emails: QaCheck = {
  id: "emails",
  description: "Every e-mail address of the source is in the translation, unchanged.",
  needsSource: true,
  run: (ctx) => (ctx.source.includes("@") ? missingFrom("e-mail address", emailsOf(outsideTags(ctx.source)), ctx.value) : []),
};
