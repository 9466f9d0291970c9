// Queries of 33–256 code points run, on AVX-512, 16 texts in 32-bit lanes whose blocks of 32 rows
// follow the band, and a group stops early once the diagonal through the end exceeds the cut in every
// lane. The answers must equal the reference's on every path: every block count (2 to 8 blocks of 32
// rows) with both table sizes (up to 31 and up to 63 distinct symbols), lengths over the whole window,
// and near-duplicates at every distance in the same length buckets as unrelated texts, so that a group
// holds lanes within the cut next to lanes that cannot reach it.
import { describe, it } from "vitest";
import { engineOrFail, expectExact, loadedOnEveryPath, mutate, randomText, rng, uuidFrom } from "./helpers.js";

const engine = engineOrFail();

describe("queries of 33 to 256 code points", () => {
  const rnd = rng(26);
  const small = [..."abcdefghijkl "]; // 13 symbols: one 32-entry table
  const large = Array.from({ length: 50 }, (_, i) => String.fromCharCode(0x21 + i)); // 50: two tables
  const bases: string[] = [];
  const texts: string[] = [];
  for (const length of [33, 48, 64, 65, 96, 97, 128, 129, 160, 161, 192, 193, 224, 225, 256]) {
    for (const alphabet of [small, large]) {
      const base = randomText(rnd, alphabet, length);
      bases.push(base);
      for (let i = 0; i < 12; i++) {
        // 1 edit to half the length: similarities on both sides of every threshold
        texts.push(mutate(rnd, alphabet, base, Math.ceil(length / 2)));
        texts.push(randomText(rnd, alphabet, length - 2 + rnd(5))); // unrelated, in the same buckets
      }
      for (let i = 0; i < 8; i++) texts.push(randomText(rnd, alphabet, Math.ceil(length / 2) + rnd(Math.ceil(1.5 * length)))); // the window of 50
    }
  }
  const ids = texts.map(() => uuidFrom(rnd));
  const { indexes, mirror } = loadedOnEveryPath(engine, ids, texts);

  it("answers exactly at every threshold and limit", async () => {
    const queries = [...bases, ...bases.map((base, i) => mutate(rnd, i % 2 ? large : small, base, 6))];
    await expectExact(indexes, mirror, queries, [1, 40, 50, 60, 76, 90], [1, 10, 100]);
  });
});
