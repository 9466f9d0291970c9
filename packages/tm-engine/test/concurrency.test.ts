// Searches run on other threads while add/remove run on the JavaScript thread: each answer must be
// exactly the answer of one state the index went through, no older than the state at which the
// search was started.
import { describe, expect, it } from "vitest";
import { engineOrFail, mutate, randomText, rng, uuidFrom } from "./helpers.js";
import { codePoints, expectedAnswer, levenshtein, similarityOf } from "./reference.js";

const engine = engineOrFail();

describe("concurrency", () => {
  it("answers every search from one consistent state while adds and removes go on", async () => {
    const rnd = rng(30);
    const alphabet = ["a", "b", "c", "d", " "];
    const texts = new Map<string, string>();
    const base = Array.from({ length: 20_000 }, () => uuidFrom(rnd));
    for (const id of base) texts.set(id, randomText(rnd, alphabet, 20 + rnd(40)));
    const queries = Array.from({ length: 4 }, () => randomText(rnd, alphabet, 35));
    const index = engine.createIndex({ threads: 2 });
    index.add(
      base,
      base.map((id) => texts.get(id)!),
    );

    const states: Set<string>[] = [new Set(base)];
    const launched: {
      state: number;
      query: number;
      s: number;
      limit: number;
      answer: Promise<{ ids: string[]; similarities: number[] }>;
    }[] = [];
    const hot: string[] = [];
    for (let round = 0; round < 12; round++) {
      const state = states.length - 1;
      for (let k = 0; k < 8; k++) {
        const query = rnd(queries.length);
        const s = [1, 50, 70, 90][rnd(4)]!;
        const limit = [1, 5, 20][rnd(3)]!;
        launched.push({ state, query, s, limit, answer: index.search(queries[query]!, s, limit) });
      }
      // the next state: near-duplicates of the queries come and go, base entries leave
      const added = Array.from({ length: 40 }, () => uuidFrom(rnd));
      for (const id of added) texts.set(id, mutate(rnd, alphabet, queries[rnd(queries.length)]!, 4));
      const removed = [...hot.splice(0, 20), ...base.slice(round * 100, round * 100 + 100)];
      // two writes, so two states: a search may run between them
      index.add(
        added,
        added.map((id) => texts.get(id)!),
      );
      const afterAdd = new Set(states.at(-1));
      for (const id of added) afterAdd.add(id);
      states.push(afterAdd);
      index.remove(removed);
      const afterRemove = new Set(afterAdd);
      for (const id of removed) afterRemove.delete(id);
      states.push(afterRemove);
      hot.push(...added);
      expect(index.size).toBe(afterRemove.size);
      await new Promise((resolve) => setImmediate(resolve)); // let some searches finish between states
    }

    // similarity of every entry that ever existed to every query, computed once
    const sims = queries.map((q) => {
      const qc = codePoints(q);
      const out = new Map<string, number>();
      for (const [id, text] of texts) {
        const ec = codePoints(text);
        out.set(id, similarityOf(levenshtein(qc, ec), qc.length, ec.length));
      }
      return out;
    });
    const answerOf = (state: number, query: number, s: number, limit: number) => {
      const live = new Map([...states[state]!].map((id) => [id, sims[query]!.get(id)!]));
      return expectedAnswer(live, s, limit);
    };
    const inconsistent: string[] = [];
    let distinctStatesSeen = 0;
    for (const { state, query, s, limit, answer } of launched) {
      const result = await answer;
      const got = new Map(result.ids.map((id, i) => [id, result.similarities[i]!]));
      const matches: number[] = [];
      for (let j = state; j < states.length; j++) {
        const expected = answerOf(j, query, s, limit);
        if (expected.size === got.size && [...expected].every(([id, v]) => got.get(id) === v)) matches.push(j);
      }
      if (matches.length === 0) inconsistent.push(`search started at state ${state} (query ${query}, s=${s}, limit=${limit})`);
      else if (!matches.includes(state)) distinctStatesSeen++;
    }
    expect(inconsistent).toEqual([]);
    console.log(`${launched.length} searches, ${distinctStatesSeen} answered from a later state than the one they started in`);
    index.close();
  });

  it("runs many searches at once on several indexes", async () => {
    const rnd = rng(31);
    const alphabet = ["x", "y", "z", " "];
    const indexes = [
      engine.createIndex({ threads: 2 }),
      engine.createIndex({ threads: 1 }),
      engine.createIndex({ simd: "scalar", threads: 3 }),
    ];
    const ids = Array.from({ length: 5000 }, () => uuidFrom(rnd));
    const texts = ids.map(() => randomText(rnd, alphabet, 30 + rnd(30)));
    for (const index of indexes) index.add(ids, texts);
    const query = texts[7]!;
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => indexes[i % 3]!.search(query, 60, 10)));
    const normal = (r: { ids: string[]; similarities: number[] }) =>
      JSON.stringify(r.ids.map((id, i) => `${id}:${r.similarities[i]}`).sort());
    for (const answer of answers) expect(normal(answer)).toBe(normal(answers[0]!));
    expect(answers[0]!.ids).toContain(ids[7]);
    for (const index of indexes) index.close();
  });
});
