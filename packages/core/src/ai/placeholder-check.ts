// Checks that a machine translation kept the source's placeholders (`{name}`, `%s`, `%1$d`,
// `{{x}}`) and its ICU plural/select structure; a model that drops or invents one produces a
// string that breaks at runtime, so such output fails instead of being saved.

interface IcuStructure {
  arg: string;
  type: string;
  selectors: string[];
}

export interface MessageSignature {
  placeholders: string[];
  structures: IcuStructure[];
  /** Set when braces do not balance. */
  syntaxError?: string;
}

const MUSTACHE = /\{\{\s*([^{}]+?)\s*\}\}/g;
const PRINTF = /%(?:(\d+)\$)?[-+0#]*(?:\d+|\*)?(?:\.\d+)?(?:hh|h|ll|l|L|z|j|t)?[sdifuxXoeEgGcp@]/g;

function addPrintf(text: string, into: string[]): void {
  for (const m of text.replace(/%%/g, "").matchAll(PRINTF)) into.push(m[0]);
}

/** Index of the brace closing the one at `open`, or -1. */
function matchingBrace(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === "{") depth++;
    else if (s[i] === "}") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function parseInto(text: string, sig: MessageSignature): void {
  let plain = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "}") {
      sig.syntaxError ??= "unbalanced '}'";
      i++;
      continue;
    }
    if (ch !== "{") {
      plain += ch;
      i++;
      continue;
    }
    const close = matchingBrace(text, i);
    if (close < 0) {
      sig.syntaxError ??= "unbalanced '{'";
      plain += text.slice(i);
      break;
    }
    parseArgument(text.slice(i + 1, close), sig);
    plain += " ";
    i = close + 1;
  }
  addPrintf(plain, sig.placeholders);
}

function parseArgument(body: string, sig: MessageSignature): void {
  const first = body.indexOf(",");
  const arg = (first < 0 ? body : body.slice(0, first)).trim();
  if (first < 0) {
    sig.placeholders.push(`{${arg}}`);
    return;
  }
  const rest = body.slice(first + 1);
  const second = rest.indexOf(",");
  const type = (second < 0 ? rest : rest.slice(0, second)).trim();
  if (!["plural", "select", "selectordinal"].includes(type) || second < 0) {
    // number/date/time arguments: the formatted value is the placeholder.
    sig.placeholders.push(`{${arg}, ${type}}`);
    return;
  }
  const branches = rest.slice(second + 1);
  const selectors: string[] = [];
  let i = 0;
  while (i < branches.length) {
    const open = branches.indexOf("{", i);
    if (open < 0) break;
    const selector = branches
      .slice(i, open)
      .trim()
      .replace(/^offset:\s*\d+\s*/, "");
    const close = matchingBrace(branches, open);
    if (close < 0) {
      sig.syntaxError ??= `unbalanced '{' in ${type} argument "${arg}"`;
      break;
    }
    if (selector) selectors.push(selector);
    parseInto(branches.slice(open + 1, close), sig);
    i = close + 1;
  }
  sig.structures.push({ arg, type, selectors: selectors.sort() });
}

export function messageSignature(text: string): MessageSignature {
  const sig: MessageSignature = { placeholders: [], structures: [] };
  const withoutMustache = text.replace(MUSTACHE, (_m, name: string) => {
    sig.placeholders.push(`{{${name.trim()}}}`);
    return " ";
  });
  parseInto(withoutMustache, sig);
  return sig;
}

const uniq = (xs: string[]) => [...new Set(xs)].sort();

/**
 * Compares a translation with its source; returns the reason it fails, or null. Plural selectors
 * may differ between languages (English one/other, Russian one/few/many/other), but every plural
 * needs `other`; select keys are language-independent and must match exactly.
 */
export function checkPlaceholders(source: string, translation: string): string | null {
  const src = messageSignature(source);
  const dst = messageSignature(translation);
  if (!src.syntaxError && dst.syntaxError) return `ICU syntax error in translation: ${dst.syntaxError}`;
  const problems: string[] = [];
  const srcSet = uniq(src.placeholders);
  const dstSet = uniq(dst.placeholders);
  const missing = srcSet.filter((p) => !dstSet.includes(p));
  const extra = dstSet.filter((p) => !srcSet.includes(p));
  if (missing.length) problems.push(`missing placeholder${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  if (extra.length) problems.push(`unexpected placeholder${extra.length > 1 ? "s" : ""} ${extra.join(", ")}`);
  for (const s of src.structures) {
    const d = dst.structures.find((x) => x.arg === s.arg && x.type === s.type);
    if (!d) {
      problems.push(`missing ICU ${s.type} for "${s.arg}"`);
      continue;
    }
    if (s.type === "select" && s.selectors.join("|") !== d.selectors.join("|")) {
      problems.push(`ICU select "${s.arg}" has options ${d.selectors.join(", ")} instead of ${s.selectors.join(", ")}`);
    }
    if (s.type !== "select" && s.selectors.includes("other") && !d.selectors.includes("other")) {
      problems.push(`ICU ${s.type} "${s.arg}" lacks the "other" case`);
    }
  }
  for (const d of dst.structures) {
    if (!src.structures.some((x) => x.arg === d.arg && x.type === d.type)) problems.push(`unexpected ICU ${d.type} for "${d.arg}"`);
  }
  return problems.length ? `Placeholder check failed: ${problems.join("; ")}` : null;
}
