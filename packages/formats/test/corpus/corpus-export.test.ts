/**
 * Every corpus file is read by the library and written back in its own format; the export must
 * be accepted by the format's own tool, and the independent reader must find in it the values
 * the library read from the original (entries the export reports as left out are not expected).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, type SkippedEntry, serializeWithReport } from "../../src/index.js";
import { expectedFailures } from "./expected-failures.js";
import { toolComplaint } from "./format-tools.js";
import { type ReaderResult, readIndependently } from "./independent-readers.js";
import { corpus, readFixture } from "./manifest.js";
import { compareMaps, libraryMap } from "./normalise.js";

type Exported = { path: string; skipped: SkippedEntry[]; library: ReturnType<typeof libraryMap>; error?: string };

const exportsByFile = new Map<string, Exported>();
let readings: Record<string, ReaderResult> = {};
const dir = mkdtempSync(join(tmpdir(), "corpus-export-"));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(() => {
  corpus.forEach((f, i) => {
    const path = join(dir, `${i}-${basename(f.file)}`);
    try {
      const parsed = parse(f.format, readFixture(f.file), { language: f.language });
      const { output, skipped } = serializeWithReport(f.format, parsed.entries, { language: f.language, sourceLanguage: "en" });
      writeFileSync(path, output);
      exportsByFile.set(f.file, { path, skipped, library: libraryMap(f.format, parsed.entries) });
    } catch (err) {
      exportsByFile.set(f.file, { path, skipped: [], library: new Map(), error: String(err) });
    }
  });
  readings = readIndependently(
    corpus
      .filter((f) => !exportsByFile.get(f.file)!.error)
      .map((f) => ({ id: f.file, format: f.format, path: exportsByFile.get(f.file)!.path, language: f.language })),
  );
}, 300_000);

describe("corpus: exports are accepted by the formats' own tools and keep the values", () => {
  for (const f of corpus) {
    const known = expectedFailures.export[f.file];
    const title = known ? `${f.file} — known disagreement: ${known}` : f.file;
    (known ? it.fails : it)(title, () => {
      const exported = exportsByFile.get(f.file)!;
      expect(exported.error, "the library reads and writes the file").toBeUndefined();
      expect(toolComplaint(f.format, exported.path)).toBeUndefined();
      const reading = readings[f.file]!;
      expect(reading.error, "the independent reader accepts the export").toBeUndefined();
      expect(reading.refusedBy, "the format's own tool accepts the export").toBeUndefined();
      expect(reading.problems ?? [], "the format's tool finds no problem in the export").toEqual([]);
      const leftOut = new Set(exported.skipped.map((s) => s.key));
      const differences = compareMaps(f.format, exported.library, reading.entries ?? {}, leftOut);
      expect(differences).toEqual([]);
    });
  }
});
