/**
 * Runs the independent readers (readers/main.py: aapt2, msgunfmt + polib, translate-toolkit,
 * plistlib, lxml, PyYAML, PyICU) on a batch of files in one Python process.
 * Debian's /usr/bin/python3 is used on purpose: the readers are Debian packages.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { FormatId } from "../../src/index.js";
import { CORPUS_DIR } from "./manifest.js";

export type ReaderValue =
  | string
  | null
  | { plural: Record<string, string> }
  | { forms: string[] }
  | { untranslated: string }
  /** A YAML number or boolean, as YAML writes it ("3", "false"). */
  | { scalar: string };

export type ReaderResult = {
  entries?: Record<string, ReaderValue>;
  skipped?: string[];
  products?: Record<string, Record<string, string>>;
  problems?: { key?: string; message: string }[];
  header?: { pluralForms?: string | null; charset?: string };
  /** Tools that refused the file although another reader could read it (tool → complaint). */
  refusedBy?: Record<string, string>;
  error?: string;
};

export type ReadRequest = { id: string; format: FormatId; path: string; language: string };

const PYTHON = "/usr/bin/python3";

export function readIndependently(requests: ReadRequest[]): Record<string, ReaderResult> {
  const done = spawnSync(PYTHON, [join(CORPUS_DIR, "readers", "main.py")], {
    input: JSON.stringify(requests),
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
  });
  if (done.error) throw new Error(`${PYTHON} could not run (install python3 and the readers with scripts/setup.sh): ${done.error.message}`);
  if (done.status !== 0) throw new Error(`the independent readers failed: ${done.stderr}`);
  return JSON.parse(done.stdout) as Record<string, ReaderResult>;
}
