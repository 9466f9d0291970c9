// A million entries of 20-70 characters from a vocabulary of words: add throughput, memory and
// search time are printed (not asserted: this machine's speed is not the code's property); the
// answers are checked on entries whose similarity is known.
import { describe, expect, it } from "vitest";
import { engineOrFail, rng, uuidFrom } from "./helpers.js";

const engine = engineOrFail();
const ENTRIES = 1_000_000;

describe("a million entries", () => {
  it("adds, answers and reports its speed", async () => {
    const rnd = rng(40);
    const letters = "abcdefghijklmnopqrstuvwxyz";
    const vocabulary = Array.from({ length: 5000 }, (_, rank) =>
      Array.from({ length: 2 + Math.floor(Math.log10(rank + 1) * 1.7) + rnd(3) }, () => letters[rnd(26)]).join(""),
    );
    const word = () => vocabulary[Math.min(rnd(vocabulary.length), rnd(vocabulary.length))]!; // frequent words first
    const sentence = () => {
      const target = 20 + rnd(51);
      let text = word();
      while (text.length < target) text += ` ${word()}`;
      return text.length > 70 ? text.slice(0, 70).trimEnd() : text;
    };
    const ids = Array.from({ length: ENTRIES }, () => uuidFrom(rnd));
    const texts = ids.map(sentence);

    const index = engine.createIndex();
    const started = performance.now();
    for (let from = 0; from < ENTRIES; from += 50_000) index.add(ids.slice(from, from + 50_000), texts.slice(from, from + 50_000));
    const addSeconds = (performance.now() - started) / 1000;
    expect(index.size).toBe(ENTRIES);

    const queries: string[] = [];
    for (let i = 0; i < 10; i++) queries.push(texts[rnd(ENTRIES)]!); // stored
    for (let i = 0; i < 10; i++) queries.push(sentence()); // unseen
    for (let i = 0; i < 5; i++) queries.push(`${sentence()} ${sentence()}`.slice(0, 65 + rnd(56))); // 65-120: two words
    await index.search(queries[0]!, 50, 10); // warm up
    const times: number[] = [];
    for (const [i, query] of queries.entries()) {
      const t0 = performance.now();
      const result = await index.search(query, 50, 10);
      times.push(performance.now() - t0);
      if (i < 10) expect(result.similarities[0]).toBe(100); // a stored text finds itself (or its twin)
      for (const s of result.similarities) expect(s).toBeGreaterThanOrEqual(50);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(
      [
        `${ENTRIES.toLocaleString("en")} entries, ${(texts.reduce((a, t) => a + t.length, 0) / ENTRIES).toFixed(1)} characters on average, ${engine.simd}`,
        `add: ${Math.round(ENTRIES / addSeconds).toLocaleString("en")} entries/s; ${(index.bytes / ENTRIES).toFixed(1)} bytes per entry`,
        `search (minSimilarity 50, limit 10): mean ${mean(times).toFixed(1)} ms; stored ${mean(times.slice(0, 10)).toFixed(1)} ms, unseen ${mean(times.slice(10, 20)).toFixed(1)} ms, 65-120 characters ${mean(times.slice(20)).toFixed(1)} ms`,
      ].join("\n"),
    );
    index.close();
  });
});
