// The engine's answers must equal the plain JavaScript reference's, on every kernel path of this
// machine: small alphabets (many near-duplicates and ties), every query length from 1 to 600 code
// points (one and several 64-bit words), every threshold and limit, and enough entries that SIMD
// groups, their odd tails and both threads are exercised.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engineOrFail, expectExact, indexesForEveryPath, loadedOnEveryPath, Mirror, mutate, randomText, rng, uuidFrom } from "./helpers.js";

const engine = engineOrFail();

describe("small alphabets, near-duplicates, queries of 0 to 600 code points", () => {
  const rnd = rng(1);
  const AB = ["a", "b", " "];
  const ABCD = ["a", "b", "c", "d"];
  const ids: string[] = [];
  const texts: string[] = [];
  for (let i = 0; i < 3000; i++) {
    const alphabet = i % 2 ? AB : ABCD;
    const r = rnd(10);
    const length = r < 7 ? rnd(61) : r < 9 ? 60 + rnd(140) : 200 + rnd(500);
    // a third are near-duplicates of an earlier entry: ties and close calls at every threshold
    texts.push(i > 0 && rnd(3) === 0 ? mutate(rnd, alphabet, texts[rnd(i)]!) : randomText(rnd, alphabet, length));
    ids.push(uuidFrom(rnd));
  }
  texts.push("", "a", "b", "ab", " "); // empty-ish entries
  for (let i = 0; i < 5; i++) ids.push(uuidFrom(rnd));
  const indexes = indexesForEveryPath(engine);
  const mirror = new Mirror();

  beforeAll(() => {
    for (const { index } of indexes) {
      // in several calls and out of length order, as a service adds them
      for (let from = 0; from < ids.length; from += 700) index.add(ids.slice(from, from + 700), texts.slice(from, from + 700));
      expect(index.size).toBe(ids.length);
    }
    mirror.add(ids, texts);
  });
  afterAll(() => {
    for (const { index } of indexes) index.close();
  });

  it("answers stored texts, their near-duplicates and unseen texts exactly", async () => {
    const queries: string[] = [];
    for (let i = 0; i < 12; i++) queries.push(texts[rnd(texts.length)]!);
    for (let i = 0; i < 12; i++) queries.push(mutate(rnd, AB, texts[rnd(texts.length)]!));
    for (const length of [1, 2, 5, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 191, 192, 193, 256, 400, 600])
      queries.push(randomText(rnd, length % 2 ? AB : ABCD, length));
    queries.push("", "a", "c", "zzz"); // "z" is in no entry
    const checked = await expectExact(indexes, mirror, queries);
    expect(checked).toBe(queries.length * 15 * indexes.length);
  });
});

describe("query alphabets of 1 to 95 distinct symbols (every table size of the AVX-512 lookup, and beyond it)", () => {
  const rnd = rng(2);
  // 95 printable ASCII characters and 60 Latin-1 letters: all get symbol ids below 256
  const wide = [
    ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)),
    ...Array.from({ length: 60 }, (_, i) => String.fromCharCode(0xc0 + i)),
  ];
  const ids: string[] = [];
  const texts: string[] = [];
  for (let i = 0; i < 2500; i++) {
    const alphabet = wide.slice(0, [4, 12, 20, 40, 80, 155][i % 6]);
    texts.push(i > 0 && rnd(4) === 0 ? mutate(rnd, alphabet, texts[rnd(i)]!) : randomText(rnd, alphabet, 1 + rnd(i % 10 === 0 ? 300 : 90)));
    ids.push(uuidFrom(rnd));
  }
  const { indexes, mirror } = loadedOnEveryPath(engine, ids, texts);

  it("answers exactly whatever the number of distinct symbols in the query", async () => {
    const queries: string[] = [];
    for (const distinct of [1, 7, 8, 15, 16, 31, 32, 63, 64, 70, 95]) {
      const alphabet = wide.slice(0, distinct);
      // every symbol once, then random ones: the query really has `distinct` symbols
      for (const length of [distinct, distinct + 40, distinct + 150]) {
        const text = alphabet.join("") + randomText(rnd, alphabet, length - distinct);
        queries.push(text);
      }
    }
    for (let i = 0; i < 6; i++) queries.push(mutate(rnd, wide, texts[rnd(texts.length)]!));
    await expectExact(indexes, mirror, queries, [1, 50, 76, 100], [1, 10]);
  });
});

describe("threads", () => {
  it("gives the same answers with 1, 2 and 3 threads a search", async () => {
    const rnd = rng(3);
    const alphabet = ["a", "b", "c", " "];
    const ids = Array.from({ length: 6000 }, () => uuidFrom(rnd));
    const texts = ids.map(() => randomText(rnd, alphabet, 20 + rnd(40)));
    const mirror = new Mirror();
    mirror.add(ids, texts);
    const indexes = [1, 2, 3].map((threads) => ({ label: `${engine.simd}, ${threads} threads`, index: engine.createIndex({ threads }) }));
    for (const { index } of indexes) index.add(ids, texts);
    const queries = [texts[0]!, mutate(rnd, alphabet, texts[1]!), randomText(rnd, alphabet, 45), randomText(rnd, alphabet, 90)];
    await expectExact(indexes, mirror, queries, [1, 50, 90], [1, 10, 50]);
    for (const { index } of indexes) index.close();
  });
});
