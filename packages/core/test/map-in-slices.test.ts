// mapInSlices gives the same result as Array.map and lets other work run between slices of a long map.
import { describe, expect, it } from "vitest";
import { mapInSlices } from "../src/shared/map-in-slices";

/** Keeps the thread busy for `ms`, as a long placeholder scan would. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

describe("mapInSlices", () => {
  it("maps like Array.map, index included", async () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    expect(await mapInSlices(items, (n, i) => n * 2 + i)).toEqual(items.map((n, i) => n * 2 + i));
    expect(await mapInSlices([], () => 1)).toEqual([]);
  });

  it("lets waiting callbacks run while a slow map goes on", async () => {
    let ran = 0;
    let mapped = 0;
    // Queued before the map starts: with a plain map none of them would run until it is over.
    for (let i = 0; i < 5; i++) setImmediate(() => ran++);
    const seenDuring: number[] = [];
    await mapInSlices(
      Array.from({ length: 40 }, (_, i) => i),
      () => {
        busy(2);
        seenDuring.push(ran);
        return ++mapped;
      },
    );
    // Some callbacks ran before the last item was mapped.
    expect(seenDuring.at(-1)).toBeGreaterThan(0);
  });
});
