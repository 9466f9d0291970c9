/**
 * Every corpus file is read by the library and by an independent reader (the format's own tool
 * or a reference implementation, see readers/); the two key → value maps must agree, through the
 * normalisations documented in normalise.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "../../src/index.js";
import { expectedFailures } from "./expected-failures.js";
import { type ReaderResult, readIndependently } from "./independent-readers.js";
import { corpus, fixturePath, readFixture } from "./manifest.js";
import { compareMaps, libraryMap } from "./normalise.js";

let readings: Record<string, ReaderResult> = {};

beforeAll(() => {
  readings = readIndependently(corpus.map((f) => ({ id: f.file, format: f.format, path: fixturePath(f.file), language: f.language })));
}, 300_000);

describe("corpus: the library reads what the formats' own tools read", () => {
  for (const f of corpus) {
    const known = expectedFailures.read[f.file];
    const title = known ? `${f.file} — known disagreement: ${known}` : f.file;
    (known ? it.fails : it)(title, () => {
      const reading = readings[f.file]!;
      expect(reading.error, "the independent reader accepts the file").toBeUndefined();
      const parsed = parse(f.format, readFixture(f.file), { language: f.language });
      const differences = compareMaps(f.format, libraryMap(f.format, parsed.entries), reading.entries ?? {});
      expect(differences).toEqual([]);
    });
  }
});
