// Removes (the tier's last entry moves into the hole, the id table follows), adds into existing
// buckets, replacing an id's text, and the bookkeeping (size, bytes, close).
import { describe, expect, it } from "vitest";
import { engineOrFail, expectExact, indexesForEveryPath, Mirror, mutate, randomText, rng, uuidFrom } from "./helpers.js";

const engine = engineOrFail();

describe("after removes and adds", () => {
  it("stays exact through removes, re-adds, adds to existing buckets and replaced texts", async () => {
    const rnd = rng(20);
    const alphabet = ["a", "b", "c", " ", "é", "😀"];
    const ids = Array.from({ length: 4000 }, () => uuidFrom(rnd));
    const texts = ids.map((_, i) =>
      i > 0 && rnd(3) === 0 ? mutate(rnd, alphabet, `${i}`) : randomText(rnd, alphabet, rnd(i % 20 === 0 ? 200 : 60)),
    );
    const indexes = indexesForEveryPath(engine);
    const mirror = new Mirror();
    const everywhere = (fn: (index: (typeof indexes)[number]["index"]) => void) => {
      for (const { index } of indexes) fn(index);
    };
    everywhere((index) => index.add(ids, texts));
    mirror.add(ids, texts);
    const queries = () => [
      ...Array.from({ length: 6 }, () =>
        [...mirror.entries.values()][rnd(mirror.entries.size)]!.cps.map((c) => String.fromCodePoint(c)).join(""),
      ),
      ...Array.from({ length: 4 }, () => randomText(rnd, alphabet, 5 + rnd(100))),
    ];

    // remove 40 %, in random order, with unknown ids among them
    const doomed = ids.filter(() => rnd(10) < 4);
    const unknown = Array.from({ length: 50 }, () => uuidFrom(rnd));
    const expectedRemoved = mirror.remove(doomed);
    everywhere((index) => {
      expect(index.remove([...doomed, ...unknown])).toBe(expectedRemoved);
      expect(index.size).toBe(mirror.entries.size);
      expect(index.remove(doomed)).toBe(0); // already gone
    });
    await expectExact(indexes, mirror, queries(), [1, 50, 76, 100], [1, 10, 50]);

    // new entries, of lengths the index already has, and some removed ids back with new texts
    const newIds = [...Array.from({ length: 1500 }, () => uuidFrom(rnd)), ...doomed.slice(0, 300)];
    const newTexts = newIds.map(() => randomText(rnd, alphabet, 1 + rnd(60)));
    everywhere((index) => index.add(newIds, newTexts));
    mirror.add(newIds, newTexts);
    // an id added again replaces its text (and may move to another length)
    const replaced = ids.filter((id) => mirror.entries.has(id)).slice(0, 200);
    const replacedTexts = replaced.map(() => randomText(rnd, alphabet, 1 + rnd(80)));
    everywhere((index) => index.add(replaced, replacedTexts));
    mirror.add(replaced, replacedTexts);
    everywhere((index) => expect(index.size).toBe(mirror.entries.size));
    await expectExact(indexes, mirror, [...queries(), ...replacedTexts.slice(0, 5)], [1, 50, 76, 100], [1, 10, 50]);

    // remove everything: nothing is found, then the index works again
    const all = [...mirror.entries.keys()];
    everywhere((index) => {
      expect(index.remove(all)).toBe(all.length);
      expect(index.size).toBe(0);
    });
    mirror.remove(all);
    await expectExact(indexes, mirror, ["abc", ""], [1, 100], [10]);
    everywhere((index) => index.add(ids.slice(0, 100), texts.slice(0, 100)));
    mirror.add(ids.slice(0, 100), texts.slice(0, 100));
    await expectExact(indexes, mirror, [texts[0]!, texts[1]!], [1, 50], [10]);
    everywhere((index) => index.close());
  });

  it("keeps the last of an id given twice in one call", async () => {
    const index = engine.createIndex();
    const id = "11111111-2222-3333-4444-555555555555";
    index.add([id, id.toUpperCase()], ["first text", "second"]);
    expect(index.size).toBe(1);
    expect(await index.search("second", 100, 1)).toEqual({ ids: [id], similarities: [100] });
    expect(await index.search("first text", 100, 1)).toEqual({ ids: [], similarities: [] });
    expect(index.remove([id.toUpperCase()])).toBe(1); // ids compare as UUIDs, whatever their case
    index.close();
  });
});

describe("bookkeeping", () => {
  it("reports size and bytes, and refuses every call after close", async () => {
    const rnd = rng(21);
    const index = engine.createIndex();
    expect(index.size).toBe(0);
    const empty = index.bytes;
    expect(empty).toBeGreaterThan(0);
    const ids = Array.from({ length: 10_000 }, () => uuidFrom(rnd));
    index.add(
      ids,
      ids.map(() => randomText(rnd, ["a", "b", "c", "d", " "], 45)),
    );
    expect(index.size).toBe(10_000);
    // 45 characters + 16-byte id + 16 bytes of counts + the id table, with growth slack
    const perEntry = (index.bytes - empty) / 10_000;
    expect(perEntry).toBeGreaterThan(77);
    expect(perEntry).toBeLessThan(140);
    const pending = index.search("abc", 1, 10);
    index.close();
    index.close(); // twice is fine
    // a search queued before close either finished first or is rejected, never a crash
    await pending.then(
      (result) => expect(result.ids.length).toBeGreaterThan(0),
      (error) => expect(String(error)).toMatch(/closed/),
    );
    expect(() => index.size).toThrow(/closed/);
    expect(() => index.bytes).toThrow(/closed/);
    expect(() => index.add([], [])).toThrow(/closed/);
    expect(() => index.remove([])).toThrow(/closed/);
    expect(() => index.search("a", 50, 10)).toThrow(/closed/);
  });

  it("keeps answering while many indexes come and go (memory is freed with the handle)", async () => {
    for (let round = 0; round < 20; round++) {
      const index = engine.createIndex({ threads: 1 });
      index.add(["aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"], [`text ${round}`]);
      expect((await index.search(`text ${round}`, 100, 1)).similarities).toEqual([100]);
      if (round % 2) index.close(); // the others are left to the garbage collector
    }
  });
});
