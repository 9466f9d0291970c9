// The invisible markers: what t() adds comes out again exactly, with each string's place.
import { describe, expect, it } from "vitest";
import { hasMarkers, parse, wrap } from "../src/markers";

describe("markers", () => {
  it("round-trips any id and value, leaving no invisible character", () => {
    for (const id of [0, 1, 3, 4, 255, 65_537]) {
      const marked = `Before ${wrap("Bonjour, Ada !", id)} after`;
      expect(hasMarkers(marked)).toBe(true);
      const parsed = parse(marked);
      expect(parsed.text).toBe("Before Bonjour, Ada ! after");
      expect(parsed.segments).toEqual([{ id, start: 7, end: 21 }]);
      expect(parsed.text).not.toMatch(/[\u200b-\u200d\u2060\u2062-\u2064]/);
    }
  });

  it("keeps nested strings (a key interpolated into another) outer first, and strings side by side", () => {
    const parsed = parse(`${wrap(`Hello ${wrap("Ada", 2)}!`, 1)} ${wrap("Bye", 3)}`);
    expect(parsed.text).toBe("Hello Ada! Bye");
    expect(parsed.segments).toEqual([
      { id: 1, start: 0, end: 10 },
      { id: 2, start: 6, end: 9 },
      { id: 3, start: 11, end: 14 },
    ]);
  });

  it("a string cut by markup runs to the end of its text; text without markers is left alone", () => {
    const open = wrap("Tap ", 5).slice(0, -1);
    expect(parse(`${open}here`)).toEqual({ text: "Tap here", segments: [{ id: 5, start: 0, end: 8 }] });
    expect(parse("plain text")).toEqual({ text: "plain text", segments: [] });
    expect(hasMarkers("plain\u200btext")).toBe(false);
  });
});
