#!/usr/bin/env node
/**
 * `formats convert <file> --to <format> --language <code> [--from <format>] [--source-language <code>] [--out <file>]`
 * `formats list`
 */
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { FormatParseError } from "./errors.js";
import { FORMAT_IDS, type FormatId, formats, isFormatId, parse, serialize } from "./registry.js";

const USAGE = `Usage:
  formats convert <input> --to <format> --language <code> [--from <format>] [--source-language <code>] [--out <file>]
  formats list

Formats: ${FORMAT_IDS.join(", ")}`;

const BY_EXTENSION: Record<string, FormatId> = {
  ".po": "po",
  ".pot": "pot",
  ".mo": "mo",
  ".arb": "arb",
  ".yml": "yaml",
  ".yaml": "yaml",
  ".strings": "ios-strings",
  ".stringsdict": "ios-stringsdict",
  ".xlf": "xliff",
  ".xliff": "xliff",
  ".json": "json-nested",
  ".xml": "android-xml",
};

/** Guess the input format from its extension (and the XLIFF version attribute). */
export function detectFormat(path: string, content: Uint8Array): FormatId | undefined {
  const byExt = BY_EXTENSION[extname(path).toLowerCase()];
  if (byExt === "xliff" && /<xliff[^>]*version\s*=\s*["']2/.test(new TextDecoder().decode(content.subarray(0, 2000)))) return "xliff2";
  return byExt;
}

export function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      to: { type: "string" },
      from: { type: "string" },
      language: { type: "string", short: "l" },
      "source-language": { type: "string" },
      out: { type: "string", short: "o" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, input] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  if (command === "list") {
    for (const f of formats) process.stdout.write(`${f.id.padEnd(16)} ${f.name} (${f.extensions.join(", ")})\n`);
    return 0;
  }
  if (command !== "convert" || !input) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const to = values.to;
  if (!isFormatId(to)) {
    process.stderr.write(`--to must be one of: ${FORMAT_IDS.join(", ")}\n`);
    return 2;
  }
  if (!values.language) {
    process.stderr.write("--language is required (the language of the values, e.g. de)\n");
    return 2;
  }
  const content = new Uint8Array(readFileSync(input));
  const from = values.from ?? detectFormat(input, content);
  if (!isFormatId(from)) {
    process.stderr.write(`Cannot tell the format of ${input}; pass --from <format>.\n`);
    return 2;
  }
  try {
    const result = parse(from, content, { language: values.language });
    for (const issue of result.errors) {
      process.stderr.write(`warning: ${issue.line !== undefined ? `line ${issue.line}: ` : ""}${issue.message}\n`);
    }
    const sourceLanguage =
      values["source-language"] ?? (typeof result.metadata.sourceLanguage === "string" ? result.metadata.sourceLanguage : undefined);
    const output = serialize(to, result.entries, { language: values.language, ...(sourceLanguage ? { sourceLanguage } : {}) });
    if (values.out) writeFileSync(values.out, output);
    else process.stdout.write(output);
    if (values.out) process.stderr.write(`Wrote ${result.entries.length} entries to ${values.out}\n`);
    return 0;
  } catch (err) {
    if (err instanceof FormatParseError) {
      process.stderr.write(`${input}: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

function isMainModule(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    // The npm bin is a symlink to dist/cli.js, so compare real paths.
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMainModule()) process.exitCode = main(process.argv.slice(2));
