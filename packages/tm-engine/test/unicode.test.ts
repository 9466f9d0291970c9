// Code points, not UTF-16 units: astral characters count once, a lone surrogate is its own code
// point, combining marks are characters of their own, and alphabets of thousands of symbols (which
// no longer fit the byte texts of the SIMD kernels) are as exact as ASCII.
import { describe, expect, it } from "vitest";
import { engineOrFail, expectExact, loadedOnEveryPath, mutate, randomText, rng, uuidFrom } from "./helpers.js";
import { codePoints } from "./reference.js";

const engine = engineOrFail();
const cjk = (from: number, count: number) => Array.from({ length: count }, (_, i) => String.fromCodePoint(from + i));

describe("mixed Unicode", () => {
  const rnd = rng(10);
  const latin = Array.from("abcdefghijklmnopqrstuvwxyz éèüöäß");
  const emoji = ["😀", "😂", "👍", "🎉", "🚀", "𝒜", "𝔅", "🏳️‍🌈"].flatMap((e) => Array.from(e)); // astral, ZWJ, variation selector
  const combining = ["e\u0301", "a\u0308", "o\u0302", "n\u0303"].flatMap((e) => Array.from(e));
  const han = cjk(0x4e00, 400); // > 300 distinct: their ids pass 255, so these entries leave the byte kernels
  const lone = ["\ud800", "\udbff", "\udc00", "\udfff"]; // lone surrogates
  const mixed = [...latin, ...emoji, ...combining, ...han.slice(0, 50), ...lone];
  const ids: string[] = [];
  const texts: string[] = [];

  // Latin first, so its symbols are narrow (ids < 256) as in a real memory
  for (let i = 0; i < 800; i++) texts.push(randomText(rnd, latin, 1 + rnd(70)));
  for (let i = 0; i < 800; i++) texts.push(randomText(rnd, [...latin, ...emoji, ...combining, ...lone], 1 + rnd(70)));
  for (let i = 0; i < 800; i++) texts.push(randomText(rnd, han, 1 + rnd(40)));
  for (let i = 0; i < 800; i++) texts.push(randomText(rnd, mixed, 1 + rnd(150)));
  for (let i = 0; i < 600; i++) texts.push(mutate(rnd, mixed, texts[rnd(texts.length)]!));
  for (let i = 0; i < texts.length; i++) ids.push(uuidFrom(rnd));
  const { indexes, mirror } = loadedOnEveryPath(engine, ids, texts);

  it("counts code points, not UTF-16 units", async () => {
    // "😀a" is 2 code points (3 UTF-16 units); against "a" the distance is 1 of 2: 50 (75 by units)
    const index = engine.createIndex();
    index.add(["00000000-0000-0000-0000-000000000001", "00000000-0000-0000-0000-000000000002"], ["😀a", "\ud800a"]);
    const result = await index.search("a", 1, 10);
    expect(new Map(result.ids.map((id, i) => [id, result.similarities[i]]))).toEqual(
      new Map([
        ["00000000-0000-0000-0000-000000000001", 50],
        ["00000000-0000-0000-0000-000000000002", 50],
      ]),
    );
    // a surrogate pair is one character: "😀😀" against "😀😂" is one substitution of two (50;
    // by UTF-16 units it would be one of four, 75)
    const pairs = engine.createIndex();
    pairs.add(["00000000-0000-0000-0000-000000000003"], ["😀😀"]);
    expect(await pairs.search("😀😂", 1, 10)).toEqual({ ids: ["00000000-0000-0000-0000-000000000003"], similarities: [50] });
    expect(codePoints("😀😂").length).toBe(2);
    index.close();
    pairs.close();
  });

  it("answers exactly over Latin, emoji, combining marks, lone surrogates and CJK", async () => {
    const queries: string[] = [];
    for (let i = 0; i < 10; i++) queries.push(texts[rnd(texts.length)]!);
    for (let i = 0; i < 10; i++) queries.push(mutate(rnd, mixed, texts[rnd(texts.length)]!));
    for (const length of [1, 3, 30, 64, 65, 130, 300]) queries.push(randomText(rnd, mixed, length));
    queries.push(randomText(rnd, han, 20), randomText(rnd, han, 90), randomText(rnd, cjk(0x9000, 30), 10)); // partly unknown
    queries.push("😀", "\udc00", "e\u0301");
    await expectExact(indexes, mirror, queries, [1, 50, 76, 99, 100], [1, 10]);
  });
});

describe("more than 65,536 distinct symbols", () => {
  // Symbols past 65,535 need 4-byte texts: fill the dictionary with 66,000 distinct code points
  // (BMP letters and astral CJK), then search entries made of the latest ones.
  const rnd = rng(11);
  const pool = [...cjk(0x3400, 6592), ...cjk(0x4e00, 20992), ...cjk(0xac00, 11172), ...cjk(0x20000, 27300)];
  const ids: string[] = [];
  const texts: string[] = [];
  for (let i = 0; i < pool.length; i += 1000) texts.push(pool.slice(i, i + 1000).join(""));
  const late = pool.slice(pool.length - 40); // symbols numbered above 65,536
  const early = pool.slice(0, 40);
  for (let i = 0; i < 600; i++)
    texts.push(randomText(rnd, i % 3 === 0 ? early : i % 3 === 1 ? late : [...early, ...late, "a", "b"], 1 + rnd(60)));
  for (let i = 0; i < 200; i++) texts.push(mutate(rnd, late, texts[Math.ceil(pool.length / 1000) + rnd(600)]!));
  for (let i = 0; i < texts.length; i++) ids.push(uuidFrom(rnd));
  const { indexes, mirror } = loadedOnEveryPath(engine, ids, texts);

  it("answers exactly", async () => {
    const queries = [
      texts[70]!,
      texts[400]!,
      mutate(rnd, late, texts[500]!),
      randomText(rnd, late, 40),
      randomText(rnd, [...early, ...late], 80),
    ];
    await expectExact(indexes, mirror, queries, [1, 50, 100], [1, 10]);
  });
});
