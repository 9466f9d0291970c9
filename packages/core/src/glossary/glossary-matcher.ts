// Finds glossary terms in a text in one pass (Aho–Corasick over case-folded UTF-16 code units).
// Pure: no database, no I/O, so a compiled matcher can be reused across checks.
//
// Rules (docs/glossary-tm-analytics.md, "Check"):
// - whole words: a term that starts (ends) with a letter, digit, mark or "_" must not be preceded
//   (followed) by one; terms like "C++" or ".NET" only need the boundary on their word side;
// - case-insensitive unless the term is caseSensitive (then the text must match exactly);
// - overlapping matches: the longest wins, then the leftmost; matches of identical span from
//   several terms (the same term in two glossaries) are all kept;
// - offsets are JS string offsets into the original text, end exclusive.

export interface MatcherTerm<T = unknown> {
  term: string;
  caseSensitive: boolean;
  /** Carried through to the match untouched (ids, translations...). */
  payload: T;
}

export interface TermMatch<T = unknown> {
  start: number;
  end: number;
  term: MatcherTerm<T>;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;

const foldCache = new Map<number, number>();

/**
 * Lower-cases one UTF-16 code unit without changing the string's length, so offsets in the folded
 * text are offsets in the original. Characters whose lower case is longer (İ → i̇) stay as they
 * are; surrogate halves are folded as a pair by `foldText`.
 */
function foldUnit(code: number): number {
  if (code < 128) return code >= 65 && code <= 90 ? code + 32 : code;
  let folded = foldCache.get(code);
  if (folded === undefined) {
    const lower = String.fromCharCode(code).toLowerCase();
    folded = lower.length === 1 ? lower.charCodeAt(0) : code;
    foldCache.set(code, folded);
  }
  return folded;
}

/** Length-preserving lower case of a whole string (code points outside the BMP included). */
export function foldText(text: string): string {
  let out = "";
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) >= 128) {
      ascii = false;
      break;
    }
  }
  if (ascii) return text.toLowerCase();
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const pair = text.slice(i, i + 2);
      const lower = pair.toLowerCase();
      out += lower.length === 2 ? lower : pair;
      i++;
      continue;
    }
    out += String.fromCharCode(foldUnit(code));
  }
  return out;
}

function codePointBefore(text: string, index: number): string | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(index - 2, index);
  }
  return text[index - 1];
}

function codePointAt(text: string, index: number): string | undefined {
  if (index >= text.length) return undefined;
  const cp = text.codePointAt(index)!;
  return String.fromCodePoint(cp);
}

const isWordChar = (ch: string | undefined): boolean => ch !== undefined && WORD_CHAR.test(ch);

interface Output<T> {
  term: MatcherTerm<T>;
  length: number;
  /** Boundary checks needed on each side (the term's own first/last character is a word char). */
  checkStart: boolean;
  checkEnd: boolean;
}

export class GlossaryMatcher<T = unknown> {
  /**
   * Trie edges. Most nodes of a glossary trie have a single child, so that child is stored inline
   * (code unit + node) and a Map is allocated only for nodes that branch: building a 5,000-term
   * automaton then allocates a few hundred Maps instead of one per node.
   */
  private readonly soloUnit: number[] = [-1];
  private readonly soloChild: number[] = [-1];
  private readonly branches: (Map<number, number> | undefined)[] = [undefined];
  private readonly fail: number[] = [0];
  /** Nearest node on the failure chain that has outputs (-1 = none). */
  private readonly dictLink: number[] = [-1];
  private readonly outputs: (Output<T>[] | undefined)[] = [undefined];
  readonly size: number;

  constructor(terms: readonly MatcherTerm<T>[]) {
    let count = 0;
    for (const term of terms) {
      const folded = foldText(term.term);
      if (folded.length === 0) continue;
      let node = 0;
      for (let i = 0; i < folded.length; i++) {
        const code = folded.charCodeAt(i);
        let child = this.step(node, code);
        if (child === undefined) {
          child = this.addNode();
          this.link(node, code, child);
        }
        node = child;
      }
      const out: Output<T> = {
        term,
        length: folded.length,
        checkStart: isWordChar(codePointAt(term.term, 0)),
        checkEnd: isWordChar(codePointBefore(term.term, term.term.length)),
      };
      (this.outputs[node] ??= []).push(out);
      count++;
    }
    this.size = count;
    this.buildFailureLinks();
  }

  private addNode(): number {
    this.soloUnit.push(-1);
    this.soloChild.push(-1);
    this.branches.push(undefined);
    this.fail.push(0);
    this.dictLink.push(-1);
    this.outputs.push(undefined);
    return this.fail.length - 1;
  }

  private link(node: number, code: number, child: number): void {
    const map = this.branches[node];
    if (map) map.set(code, child);
    else if (this.soloUnit[node] === -1) {
      this.soloUnit[node] = code;
      this.soloChild[node] = child;
    } else {
      this.branches[node] = new Map([
        [this.soloUnit[node]!, this.soloChild[node]!],
        [code, child],
      ]);
    }
  }

  private step(node: number, code: number): number | undefined {
    const map = this.branches[node];
    if (map) return map.get(code);
    return this.soloUnit[node] === code ? this.soloChild[node] : undefined;
  }

  private children(node: number): Iterable<[number, number]> {
    const map = this.branches[node];
    if (map) return map;
    return this.soloUnit[node] === -1 ? [] : [[this.soloUnit[node]!, this.soloChild[node]!]];
  }

  private buildFailureLinks(): void {
    const queue: number[] = [];
    for (const [, child] of this.children(0)) queue.push(child);
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head]!;
      for (const [code, child] of this.children(node)) {
        let f = this.fail[node]!;
        while (f !== 0 && this.step(f, code) === undefined) f = this.fail[f]!;
        const target = this.step(f, code);
        const failTo = target !== undefined && target !== child ? target : 0;
        this.fail[child] = failTo;
        this.dictLink[child] = this.outputs[failTo] ? failTo : this.dictLink[failTo]!;
        queue.push(child);
      }
    }
  }

  /** Every term occurrence that satisfies the case and whole-word rules, overlaps included. */
  findAll(text: string): TermMatch<T>[] {
    const folded = foldText(text);
    const found: TermMatch<T>[] = [];
    let node = 0;
    for (let i = 0; i < folded.length; i++) {
      const code = folded.charCodeAt(i);
      let child = this.step(node, code);
      while (child === undefined && node !== 0) {
        node = this.fail[node]!;
        child = this.step(node, code);
      }
      node = child ?? 0;
      for (let n = this.outputs[node] ? node : this.dictLink[node]!; n !== -1; n = this.dictLink[n]!) {
        for (const out of this.outputs[n]!) {
          const end = i + 1;
          const start = end - out.length;
          if (out.checkStart && isWordChar(codePointBefore(text, start))) continue;
          if (out.checkEnd && isWordChar(codePointAt(text, end))) continue;
          if (out.term.caseSensitive && !text.startsWith(out.term.term, start)) continue;
          found.push({ start, end, term: out.term });
        }
      }
    }
    return found;
  }

  /** Non-overlapping matches (longest first, then leftmost), in text order. */
  match(text: string): TermMatch<T>[] {
    const all = this.findAll(text);
    all.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
    const taken = new Uint8Array(text.length);
    const chosen: TermMatch<T>[] = [];
    let last: TermMatch<T> | undefined;
    for (const m of all) {
      if (last && last.start === m.start && last.end === m.end) {
        chosen.push(m); // same span from another term record: kept alongside
        continue;
      }
      let free = true;
      for (let p = m.start; p < m.end; p++) {
        if (taken[p]) {
          free = false;
          break;
        }
      }
      if (!free) continue;
      taken.fill(1, m.start, m.end);
      chosen.push(m);
      last = m;
    }
    return chosen.sort((a, b) => a.start - b.start || a.end - b.end);
  }
}
