// Maps a list while letting the event loop run every few milliseconds. Building a page of
// translation records compares each value's placeholders with its source's: linear in the texts,
// but a page of 100 keys whose values are near the 100,000-character limit is 20 million
// characters to scan. Sliced, /health and other requests are answered in between.

/** How long one slice keeps the event loop. */
const SLICE_MS = 10;

export async function mapInSlices<T, R>(items: readonly T[], map: (item: T, index: number) => R): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let sliceStart = performance.now();
  for (let i = 0; i < items.length; i++) {
    out[i] = map(items[i]!, i);
    if (performance.now() - sliceStart >= SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  return out;
}
