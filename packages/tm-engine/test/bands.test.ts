// searchBands must answer, for every query, the highest threshold that the query's best similarity
// reaches, as the JavaScript reference computes it, on every kernel path: small alphabets (ties
// and near-duplicates), queries of 0 to 300 code points, several threshold lists, and the witness
// id must be an entry that really reaches the band.
import { describe, expect, it } from "vitest";
import { engineOrFail, loadedOnEveryPath, mutate, randomText, rng, uuidFrom } from "./helpers.js";

const engine = engineOrFail();

function expectedBand(sims: Map<string, number>, thresholds: number[]): number {
  const best = Math.max(0, ...sims.values());
  let band = 0;
  for (const t of thresholds) if (t <= best) band = t;
  return band;
}

describe("searchBands", () => {
  const rnd = rng(29);
  const AB = ["a", "b", " "];
  const ABCD = ["a", "b", "c", "d", "é"];
  const ids: string[] = [];
  const texts: string[] = [];
  for (let i = 0; i < 2500; i++) {
    const alphabet = i % 2 ? AB : ABCD;
    const r = rnd(10);
    const length = r < 7 ? rnd(61) : r < 9 ? 60 + rnd(140) : 200 + rnd(100);
    texts.push(i > 0 && rnd(3) === 0 ? mutate(rnd, alphabet, texts[rnd(i)]!) : randomText(rnd, alphabet, length));
    ids.push(uuidFrom(rnd));
  }
  texts.push("", "a", "ab");
  for (let i = 0; i < 3; i++) ids.push(uuidFrom(rnd));
  const { indexes, mirror } = loadedOnEveryPath(engine, ids, texts);
  const textOf = new Map(ids.map((id, i) => [id, texts[i]!]));

  const queries: string[] = [];
  for (let i = 0; i < 15; i++) queries.push(texts[rnd(texts.length)]!);
  for (let i = 0; i < 25; i++) queries.push(mutate(rnd, i % 2 ? AB : ABCD, texts[rnd(texts.length)]!, 8));
  for (const length of [1, 3, 20, 33, 64, 65, 100, 129, 200, 300]) queries.push(randomText(rnd, length % 2 ? AB : ABCD, length));
  queries.push("", "zzz", "日本語"); // "", and code points in no entry
  const simsCache = new Map<string, Map<string, number>>();
  const simsOf = (q: string) => {
    if (!simsCache.has(q)) simsCache.set(q, mirror.similarities(q));
    return simsCache.get(q)!;
  };

  it.each([[[50, 75, 85, 95]], [[50, 75, 85, 95, 100]], [[1]], [[100]], [[30, 31, 60, 99]]])(
    "answers the band of the best match for thresholds %j",
    async (thresholds) => {
      const expected = queries.map((q) => expectedBand(simsOf(q), thresholds));
      for (const { label, index } of indexes) {
        const { bands, ids: witnesses } = await index.searchBands(queries, thresholds);
        expect({ label, bands }).toEqual({ label, bands: expected });
        for (const [i, id] of witnesses.entries()) {
          if (expected[i] === 0) expect(id).toBeNull();
          else expect(simsOf(queries[i]!).get(id!)).toBeGreaterThanOrEqual(expected[i]!);
          if (id) expect(textOf.has(id)).toBe(true);
        }
      }
    },
  );

  it("agrees with search(limit 1) for every query", async () => {
    const { index } = indexes[0]!;
    const { bands } = await index.searchBands(queries, [50, 75, 85, 95, 100]);
    for (const [i, query] of queries.entries()) {
      const top = (await index.search(query, 50, 1)).similarities[0] ?? 0;
      expect(bands[i]).toBe([50, 75, 85, 95, 100].filter((t) => t <= top).at(-1) ?? 0);
    }
  });

  it("answers an empty batch, and refuses bad arguments synchronously", async () => {
    const { index } = indexes[0]!;
    expect(await index.searchBands([], [50])).toEqual({ bands: [], ids: [] });
    for (const thresholds of [[], [0], [101], [50, 50], [75, 50], [50.5], ["50"]] as unknown as number[][])
      expect(() => index.searchBands(["a"], thresholds)).toThrow(TypeError);
    expect(() => index.searchBands(["a", 1] as unknown as string[], [50])).toThrow(TypeError);
    expect(() => index.searchBands("a" as unknown as string[], [50])).toThrow(TypeError);
  });

  it("is refused on a closed index", async () => {
    const index = engine.createIndex();
    index.add([ids[0]!], [texts[0]!]);
    index.close();
    expect(() => index.searchBands(["a"], [50])).toThrow(/closed/);
  });
});
