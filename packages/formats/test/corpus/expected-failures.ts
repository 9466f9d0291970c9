/**
 * Known disagreements between the library and the formats' own tools on corpus files, each with
 * its reason (and the issue-10 defect number when it is one). A listed check is asserted to FAIL:
 * when a fix makes it pass, the test fails until the entry is removed, so the list only shrinks.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CORPUS_DIR } from "./manifest.js";

export type ExpectedFailures = { read: Record<string, string>; export: Record<string, string> };

export const expectedFailures: ExpectedFailures = JSON.parse(readFileSync(join(CORPUS_DIR, "expected-failures.json"), "utf8"));

/** Property tests (by title) known to fail on a library defect; asserted to fail, like the corpus lists. */
export const expectedPropertyFailures: Record<string, string> =
  (JSON.parse(readFileSync(join(CORPUS_DIR, "expected-failures.json"), "utf8")) as { property?: Record<string, string> }).property ?? {};
