// Bad input is a TypeError (or, for a path this processor lacks, an Error), never a crash, and a
// refused add() leaves the index as it was.
import { describe, expect, it } from "vitest";
import type { TmEngineSimd } from "../src/index.js";
import { engineOrFail } from "./helpers.js";

const engine = engineOrFail();
const ID = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("bad input", () => {
  it("refuses bad arguments to add() without changing the index", async () => {
    const index = engine.createIndex();
    index.add([ID], ["kept"]);
    const bad: [unknown, unknown][] = [
      [ID, ["x"]], // not arrays
      [[ID], "x"],
      [null, []],
      [[ID], []], // lengths differ
      [[ID, ID], ["x"]],
      [[42], ["x"]], // ids that are not UUID strings
      [[null], ["x"]],
      [[undefined], ["x"]],
      [[{}], ["x"]],
      [[""], ["x"]],
      [["not-a-uuid"], ["x"]],
      [[ID.slice(1)], ["x"]], // 35 characters
      [[`${ID}0`], ["x"]], // 37
      [[ID.replace(/-/g, "")], ["x"]], // no hyphens
      [[ID.replace("-", "x")], ["x"]],
      [[ID.replace("a", "g")], ["x"]], // not hex
      [[ID.replace("a", "é")], ["x"]],
      [[`{${ID.slice(1, 35)}}`], ["x"]],
      [[ID], [42]], // texts that are not strings
      [[ID], [null]],
      [[ID], [undefined]],
      [[ID], [["x"]]],
      [[ID], [Symbol("x")]],
      [
        ["10000000-0000-0000-0000-000000000000", "nope"],
        ["fine", "fine"],
      ], // the second one spoils the call
    ];
    for (const [ids, texts] of bad)
      expect(() => index.add(ids as string[], texts as string[]), JSON.stringify(String(ids))).toThrow(TypeError);
    expect(index.size).toBe(1);
    expect(await index.search("fine", 1, 10)).toEqual({ ids: [], similarities: [] });
    expect(await index.search("kept", 100, 10)).toEqual({ ids: [ID], similarities: [100] });
    index.close();
  });

  it("refuses bad arguments to remove() and search()", () => {
    const index = engine.createIndex();
    index.add([ID], ["kept"]);
    for (const ids of [ID, null, [42], ["nope"], [ID, undefined]]) expect(() => index.remove(ids as string[])).toThrow(TypeError);
    expect(index.size).toBe(1);
    for (const query of [42, null, undefined, ["a"], Symbol("a")])
      expect(() => index.search(query as unknown as string, 50, 10)).toThrow(TypeError);
    for (const s of [0, 101, -1, 50.5, Number.NaN, Number.POSITIVE_INFINITY, "50", null, undefined])
      expect(() => index.search("a", s as number, 10)).toThrow(TypeError);
    for (const limit of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "10", null, undefined, 2 ** 60])
      expect(() => index.search("a", 50, limit as number)).toThrow(TypeError);
    index.close();
  });

  it("refuses bad options to createIndex()", () => {
    for (const threads of [0, -1, 1.5, 65, Number.NaN, "2"])
      expect(() => engine.createIndex({ threads: threads as number })).toThrow(TypeError);
    for (const simd of ["sse", "AVX2", "", 1]) expect(() => engine.createIndex({ simd: simd as TmEngineSimd })).toThrow(TypeError);
    expect(() => engine.createIndex({ prefilter: "yes" as unknown as boolean })).toThrow(TypeError);
    expect(() => engine.createIndex(null as unknown as object)).toThrow(TypeError);
    const missing = (["avx512", "avx2"] as const).filter((simd) => !engine.paths.includes(simd));
    for (const simd of missing) expect(() => engine.createIndex({ simd })).toThrow(/not supported/);
    for (const simd of engine.paths) engine.createIndex({ simd }).close();
  });

  it("takes long texts, empty texts and the empty query", async () => {
    const index = engine.createIndex();
    const long = "ab".repeat(50_000);
    index.add([ID, "00000000-0000-0000-0000-000000000000"], [long, ""]);
    expect(await index.search(long, 100, 1)).toEqual({ ids: [ID], similarities: [100] });
    expect(await index.search(`${long}c`, 99, 1)).toEqual({ ids: [ID], similarities: [99] });
    // the empty query is identical to the empty text only: every other text scores 0
    expect(await index.search("", 1, 10)).toEqual({ ids: ["00000000-0000-0000-0000-000000000000"], similarities: [100] });
    index.close();
  });
});
