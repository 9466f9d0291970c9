/**
 * Whether a format's own tool accepts a file: xmllint for XML well-formedness, GNU msgfmt --check
 * for PO/POT, msgunfmt for MO (inside the MO reader), aapt2 compile for Android (inside the
 * Android reader), plistlib for stringsdict and PyICU (ICU4C) for ARB messages (inside those
 * readers). Returns the tool's complaint, or undefined when it accepts the file.
 */
import { spawnSync } from "node:child_process";
import type { FormatId } from "../../src/index.js";

function run(tool: string, args: string[]): string | undefined {
  const done = spawnSync(tool, args, { encoding: "utf8" });
  if (done.error) throw new Error(`${tool} is not installed (scripts/setup.sh installs it): ${done.error.message}`);
  return done.status === 0 ? undefined : `${tool} ${args.join(" ")}: ${done.stderr || done.stdout}`;
}

export function toolComplaint(format: FormatId, path: string): string | undefined {
  switch (format) {
    case "xliff":
    case "xliff2":
    case "android-xml":
    case "ios-stringsdict":
      return run("xmllint", ["--noout", "--nonet", path]);
    case "po":
    case "pot":
      return run("msgfmt", ["--check", "-o", "/dev/null", path]);
    default:
      return undefined;
  }
}
