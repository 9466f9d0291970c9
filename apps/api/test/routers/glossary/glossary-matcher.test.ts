// Pure unit tests of the Aho–Corasick glossary matcher: offsets, whole words, case rules,
// longest-match selection and non-BMP text. No database.

import { foldText, GlossaryMatcher, type MatcherTerm } from "@locale/core/glossary";
import { describe, expect, it } from "vitest";

const t = (term: string, caseSensitive = false): MatcherTerm<string> => ({ term, caseSensitive, payload: term });
const spans = (terms: MatcherTerm<string>[], text: string) =>
  new GlossaryMatcher(terms).match(text).map((m) => [m.term.term, m.start, m.end, text.slice(m.start, m.end)]);

/** Brute force reference: every whole-word, case-rule-respecting occurrence, by scanning. */
function bruteForce(terms: MatcherTerm<string>[], text: string) {
  const word = /[\p{L}\p{N}\p{M}_]/u;
  const out: [string, number, number][] = [];
  const lowerText = foldText(text);
  for (const term of terms) {
    const needle = term.caseSensitive ? term.term : foldText(term.term);
    const hay = term.caseSensitive ? text : lowerText;
    for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + 1)) {
      const end = i + needle.length;
      const before = i > 0 ? String.fromCodePoint(text.codePointAt(i - 1)!) : "";
      const after = end < text.length ? String.fromCodePoint(text.codePointAt(end)!) : "";
      if (word.test(term.term[0]!) && before && word.test(before)) continue;
      if (word.test(term.term.at(-1)!) && after && word.test(after)) continue;
      out.push([term.term, i, end]);
    }
  }
  return out.sort((a, b) => a[1] - b[1] || a[2] - b[2] || a[0].localeCompare(b[0]));
}

describe("GlossaryMatcher", () => {
  it("finds whole words only, with exact end-exclusive offsets around punctuation", () => {
    const text = "Save the file. Files, filed: file!(file)";
    expect(spans([t("file")], text)).toEqual([
      ["file", 9, 13, "file"],
      ["file", 29, 33, "file"],
      ["file", 35, 39, "file"],
    ]);
  });

  it("is case-insensitive by default and exact for caseSensitive terms", () => {
    const text = "Apple apple APPLE; Go go GO";
    expect(spans([t("apple"), t("Go", true)], text)).toEqual([
      ["apple", 0, 5, "Apple"],
      ["apple", 6, 11, "apple"],
      ["apple", 12, 17, "APPLE"],
      ["Go", 19, 21, "Go"],
    ]);
  });

  it("lets the longest of overlapping matches win, then the leftmost", () => {
    const terms = [t("machine"), t("machine learning"), t("learning model"), t("model")];
    expect(spans(terms, "a machine learning model")).toEqual([
      ["machine learning", 2, 18, "machine learning"],
      ["model", 19, 24, "model"],
    ]);
    // "b c d" is longer than "a b", so it wins although it starts later.
    expect(spans([t("a b"), t("b c d")], "a b c d")).toEqual([["b c d", 2, 7, "b c d"]]);
    // equal length: the leftmost wins
    expect(spans([t("a b"), t("b c")], "a b c")).toEqual([["a b", 0, 3, "a b"]]);
  });

  it("keeps every term record of an identical span (the same term in two glossaries)", () => {
    const terms = [t("API"), { term: "api", caseSensitive: false, payload: "second" }];
    const found = new GlossaryMatcher(terms).match("Call the API.");
    expect(found.map((m) => [m.term.payload, m.start, m.end])).toEqual([
      ["API", 9, 12],
      ["second", 9, 12],
    ]);
  });

  it("checks word boundaries only on the word side of terms like C++ and .NET", () => {
    expect(spans([t("C++"), t(".NET")], "I like C++, C+++ and ASP.NET or .NETwork")).toEqual([
      ["C++", 7, 10, "C++"],
      ["C++", 12, 15, "C++"],
      [".NET", 24, 28, ".NET"],
    ]);
  });

  it("treats letters of any script, digits, marks and underscores as word characters", () => {
    expect(spans([t("über")], "Über-Straße, dasüber über_x über2 (über)")).toEqual([
      ["über", 0, 4, "Über"],
      ["über", 35, 39, "über"],
    ]);
    expect(spans([t("東京")], "東京タワー 東京")).toEqual([["東京", 6, 8, "東京"]]);
  });

  it("reports UTF-16 offsets after astral characters and folds without shifting them", () => {
    const text = "😀 İstanbul 𐐀𐐨 Straße ΣΊΣΥΦΟΣ";
    const found = spans([t("istanbul"), t("𐐨𐐨"), t("straße"), t("σίσυφοσ")], text);
    expect(found).toEqual([
      ["𐐨𐐨", 12, 16, "𐐀𐐨"],
      ["straße", 17, 23, "Straße"],
      ["σίσυφοσ", 24, 31, "ΣΊΣΥΦΟΣ"],
    ]);
    // İ lower-cases to two code units, so it is left as is: "istanbul" does not match "İstanbul".
    expect(foldText(text).length).toBe(text.length);
  });

  it("agrees with a brute-force scan on random texts (all occurrences, before selection)", () => {
    const alphabet = ["a", "b", "A", "B", " ", "-", "é", "É"];
    let seed = 42;
    // mulberry32: deterministic and exact in 32-bit integer arithmetic
    const rnd = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    for (let round = 0; round < 200; round++) {
      const terms: MatcherTerm<string>[] = [];
      const seen = new Set<string>();
      for (let k = 0; k < 6; k++) {
        let s = "";
        for (let j = 0, n = 1 + rnd(4); j < n; j++) s += alphabet[rnd(alphabet.length)];
        if (!s.trim() || seen.has(s)) continue;
        seen.add(s);
        terms.push(t(s, rnd(2) === 0));
      }
      let text = "";
      for (let j = 0, n = rnd(40); j < n; j++) text += alphabet[rnd(alphabet.length)];
      const got = new GlossaryMatcher(terms)
        .findAll(text)
        .map((m) => [m.term.term, m.start, m.end] as [string, number, number])
        .sort((a, b) => a[1] - b[1] || a[2] - b[2] || a[0].localeCompare(b[0]));
      expect(got, JSON.stringify({ terms: terms.map((x) => [x.term, x.caseSensitive]), text })).toEqual(bruteForce(terms, text));
      // the selection never overlaps and never drops a match that overlaps nothing chosen
      const chosen = new GlossaryMatcher(terms).match(text);
      for (let i = 1; i < chosen.length; i++) {
        const a = chosen[i - 1]!;
        const b = chosen[i]!;
        expect(b.start >= a.end || (a.start === b.start && a.end === b.end)).toBe(true);
      }
      for (const m of got) expect(chosen.some((c) => c.start < m[2] && m[1] < c.end)).toBe(true);
    }
  });

  it("ignores empty terms and reports its size", () => {
    const matcher = new GlossaryMatcher([t(""), t("x")]);
    expect(matcher.size).toBe(1);
    expect(matcher.match("")).toEqual([]);
  });
});
