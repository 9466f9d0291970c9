/**
 * Property-test harness: export generated entries with the library, have the format's own tool
 * accept the file, read it back with the independent reader, and compare with what was written.
 * Samples are exported and read in one batch (one reader process per property).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { expect, it } from "vitest";
import { type FormatId, type SkippedEntry, serializeWithReport, type TranslationEntry } from "../../../src/index.js";
import { expectedPropertyFailures } from "../expected-failures.js";
import { toolComplaint } from "../format-tools.js";
import { readIndependently } from "../independent-readers.js";
import { compareMaps, libraryMap } from "../normalise.js";

export const SAMPLES = Number(process.env.PROPERTY_SAMPLES ?? 40);

export type Sample = { language: string; entries: TranslationEntry[] };

const EXT: Record<FormatId, string> = {
  "json-flat": "json",
  "json-nested": "json",
  yaml: "yml",
  "android-xml": "xml",
  "ios-strings": "strings",
  "ios-stringsdict": "stringsdict",
  xliff: "xlf",
  xliff2: "xlf",
  arb: "arb",
  po: "po",
  pot: "pot",
  mo: "mo",
};

export type Expectation = (sample: Sample, skipped: SkippedEntry[]) => TranslationEntry[];

/** Entries the export must hold, by default every generated entry. */
const everything: Expectation = (sample) => sample.entries;

/**
 * Generates SAMPLES samples (the seed is printed on failure), exports each, and checks that the
 * tool accepts every export and that the independent reader finds `expected(sample)` in it.
 */
export function checkExports(
  format: FormatId,
  samples: fc.Arbitrary<Sample>,
  expected: Expectation = everything,
  options: { compareValues?: boolean; mayLeaveOut?: (entry: TranslationEntry) => boolean } = {},
): void {
  // A fixed seed keeps the suite deterministic (so known-defect lists hold); PROPERTY_SEED explores others.
  const seed = Number(process.env.PROPERTY_SEED ?? 20261124);
  const generated = fc.sample(samples, { numRuns: SAMPLES, seed });
  const dir = mkdtempSync(join(tmpdir(), `property-${format}-`));
  const exported = generated.map((sample, i) => {
    const { output, skipped } = serializeWithReport(format, sample.entries, { language: sample.language, sourceLanguage: "en" });
    const path = join(dir, `${i}.${EXT[format]}`);
    writeFileSync(path, output);
    return { sample, path, skipped, output };
  });
  const readings = readIndependently(exported.map((e, i) => ({ id: String(i), format, path: e.path, language: e.sample.language })));
  const complaints = exported.map((e) => toolComplaint(format, e.path));
  rmSync(dir, { recursive: true, force: true });
  const failures: string[] = [];
  exported.forEach((e, i) => {
    const context = `seed ${seed}, sample ${i}: ${JSON.stringify(e.sample)}\nexport:\n${typeof e.output === "string" ? e.output : "(binary)"}`;
    const reading = readings[String(i)]!;
    const complaint = complaints[i] ?? reading.error ?? (reading.refusedBy && JSON.stringify(reading.refusedBy));
    const problems = reading.problems ?? [];
    const differences =
      complaint || problems.length > 0 || options.compareValues === false
        ? []
        : compareMaps(
            format,
            libraryMap(format, expected(e.sample, e.skipped)),
            reading.entries ?? {},
            new Set(e.skipped.map((x) => x.key)),
          );
    const byKey = new Map(e.sample.entries.map((x) => [x.key, x]));
    const wronglyLeftOut = e.skipped.filter((x) => !(options.mayLeaveOut ?? (() => false))(byKey.get(x.key) ?? { key: x.key, value: "" }));
    if (wronglyLeftOut.length > 0)
      failures.push(`${context}\nthe export left out entries it can express: ${JSON.stringify(wronglyLeftOut)}`);
    else if (complaint) failures.push(`${context}\nthe format's tool refuses the export: ${complaint}`);
    else if (problems.length > 0) failures.push(`${context}\nthe format's tool finds problems: ${JSON.stringify(problems)}`);
    else if (differences.length > 0) failures.push(`${context}\nthe independent reader reads other values: ${JSON.stringify(differences)}`);
  });
  // Every failing sample is listed (not only the first), so one run shows each kind of problem.
  expect(failures, `${failures.length} of ${exported.length} exports failed`).toEqual([]);
}

/** Entries with distinct keys (the formats hold one value per key). */
export function uniqueByKey(entries: TranslationEntry[]): TranslationEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.key) && seen.add(e.key));
}

/**
 * `it` for a property test, or `it.fails` when expected-failures.json lists its title as a known
 * library defect (the reason is shown in the test name).
 */
export function property(title: string, body: () => void): void {
  const known = expectedPropertyFailures[title];
  if (known) it.fails(`${title} — known defect: ${known}`, body, 120_000);
  else it(title, body, 120_000);
}
