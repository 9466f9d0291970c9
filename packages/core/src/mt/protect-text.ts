// What an MT engine must not touch — placeholders (`{name}`, `{n, number}`, `{{x}}`, `%s`,
// `%1$d`, `%{x}`), the syntax of ICU plural/select (its branches' words are still translated, `#`
// kept) and markup tags — is swapped for `<x id="N"/>` before sending. DeepL (tag_handling xml),
// Google (format html) and Azure (textType html) keep such tags as they are; for plain-text engines
// the tokens are sent all the same and the restore step refuses an answer that lost one.

export interface ProtectedText {
  /** What is sent: XML-escaped text with `<x id="N"/>` for each protected piece. */
  text: string;
  /** The original piece behind each id. */
  pieces: string[];
}

const MUSTACHE = /^\{\{\s*[^{}]+?\s*\}\}/;
const PRINTF = /^%(?:\d+\$)?[-+0#]*(?:\d+|\*)?(?:\.\d+)?(?:hh|h|ll|l|L|z|j|t)?[sdifuxXoeEgGcp@]/;
const RUBY = /^%\{[^{}]+\}/;
const TAG = /^<\/?[A-Za-z][\w:.-]*(?:\s+[^<>]*?)?\s*\/?>/;
const ENTITY = /^&(?:[A-Za-z][A-Za-z0-9]{1,31}|#\d{1,7}|#x[0-9A-Fa-f]{1,6});/;

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const xmlUnescape = (s: string) =>
  s.replace(
    /&(lt|gt|quot|apos|amp|#39);/g,
    (_m, name: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&", "#39": "'" })[name]!,
  );

/** Index of the brace closing the one at `open`, or -1. */
function matchingBrace(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === "{") depth++;
    else if (s[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

class Builder {
  constructor(private readonly markup: boolean) {}
  text = "";
  pieces: string[] = [];
  private pending = "";
  plain(s: string): void {
    this.text += this.markup ? xmlEscape(s) : s;
  }
  /** Adjacent protected pieces become one token, so an engine has fewer tags to keep in order. */
  keep(s: string): void {
    this.pending += s;
  }
  flush(): void {
    if (!this.pending) return;
    this.text += `<x id="${this.pieces.length + 1}"/>`;
    this.pieces.push(this.pending);
    this.pending = "";
  }
}

function walk(s: string, out: Builder, inPlural: boolean): void {
  let i = 0;
  let plain = "";
  const emitPlain = () => {
    if (!plain) return;
    out.flush();
    out.plain(plain);
    plain = "";
  };
  const keep = (piece: string) => {
    emitPlain();
    out.keep(piece);
  };
  while (i < s.length) {
    const rest = s.slice(i);
    const ch = s[i]!;
    if (ch === "{") {
      const mustache = MUSTACHE.exec(rest);
      if (mustache) {
        keep(mustache[0]);
        i += mustache[0].length;
        continue;
      }
      const close = matchingBrace(s, i);
      if (close < 0) {
        keep(rest);
        break;
      }
      argument(s.slice(i, close + 1), out, keep);
      i = close + 1;
      continue;
    }
    if (ch === "#" && inPlural) {
      keep("#");
      i++;
      continue;
    }
    const token = ch === "%" ? (RUBY.exec(rest) ?? PRINTF.exec(rest)) : ch === "<" ? TAG.exec(rest) : ch === "&" ? ENTITY.exec(rest) : null;
    if (token) {
      keep(token[0]);
      i += token[0].length;
      continue;
    }
    plain += ch;
    i++;
  }
  emitPlain();
}

/** `{...}` whole: a simple argument is one piece; plural/select keep their syntax and walk each branch. */
function argument(whole: string, out: Builder, keep: (piece: string) => void): void {
  const body = whole.slice(1, -1);
  const m = /^\s*([^,{}]+?)\s*,\s*(plural|select|selectordinal)\s*,/.exec(body);
  if (!m) {
    keep(whole);
    return;
  }
  const plural = m[2] !== "select";
  let i = m[0].length;
  let head = `{${body.slice(0, i)}`;
  while (i < body.length) {
    const open = body.indexOf("{", i);
    if (open < 0) break;
    const close = matchingBrace(body, open);
    if (close < 0) break;
    keep(`${head}${body.slice(i, open + 1)}`);
    walk(body.slice(open + 1, close), out, plural);
    head = "}";
    i = close + 1;
  }
  keep(`${head}${body.slice(i)}}`);
}

/** `markup`: the engine reads the text as XML/HTML, so the words between tokens are XML-escaped. */
export function protectText(source: string, markup = true): ProtectedText {
  const out = new Builder(markup);
  walk(source, out, false);
  out.flush();
  return { text: out.text, pieces: out.pieces };
}

const TOKEN = /<x\s+id\s*=\s*["']?(\d+)["']?\s*\/?>(?:\s*<\/x>)?/g;

/**
 * Puts the protected pieces back. Returns null when the answer lost, repeated or invented a token
 * (the translation is then refused, never saved with a broken placeholder).
 */
export function restoreText(translated: string, pieces: string[], markup = true): string | null {
  const decode = markup ? xmlUnescape : (t: string) => t;
  const seen = new Set<number>();
  let out = "";
  let last = 0;
  for (const m of translated.matchAll(TOKEN)) {
    const id = Number(m[1]);
    if (id < 1 || id > pieces.length || seen.has(id)) return null;
    seen.add(id);
    out += decode(translated.slice(last, m.index)) + pieces[id - 1];
    last = m.index! + m[0].length;
  }
  const tail = translated.slice(last);
  if (/<\/?x[\s/>]/.test(tail)) return null;
  out += decode(tail);
  return seen.size === pieces.length ? out : null;
}
