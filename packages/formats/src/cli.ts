/**
 * The `formats` command (run by bin/formats.js from the built dist/cli.js):
 * `formats convert <file> --to <format> --language <code> [--from <format>] [--source-language <code>] [--out <file>]`
 * `formats list`
 * Exit codes: 0 converted (entry-level problems are printed as warnings), 1 the file cannot be
 * read or parsed, 2 usage error.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { extname } from "node:path";
import { parseArgs } from "node:util";
import { FormatParseError } from "./errors.js";
import { FORMAT_IDS, type FormatId, formats, isFormatId, parse, serialize } from "./registry.js";

const USAGE = `Usage:
  formats convert <input> --to <format> --language <code> [--from <format>] [--source-language <code>] [--out <file>]
  formats list

Options:
  --to <format>              output format
  --language, -l <code>      language of the values in the file (e.g. de)
  --from <format>            input format (default: from the file extension)
  --source-language <code>   source language, for the formats that record one (XLIFF, POT).
                             Default: the one the input names (an XLIFF file's source
                             language); if there is none, XLIFF is written monolingual (the
                             values are the source text, in --language) and POT names none.
  --out, -o <file>           write here instead of standard output

Exit codes: 0 converted (entry problems are printed as warnings), 1 the input cannot be
read, 2 usage error.

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

/** Formats whose files name a source language next to the language of their values. */
const BILINGUAL: ReadonlySet<FormatId> = new Set(["xliff", "xliff2"]);

/** Guess the input format from its extension (and the XLIFF version attribute). */
export function detectFormat(path: string, content: Uint8Array): FormatId | undefined {
  const byExt = BY_EXTENSION[extname(path).toLowerCase()];
  if (byExt === "xliff" && /<xliff[^>]*version\s*=\s*["']2/.test(new TextDecoder().decode(content.subarray(0, 2000)))) return "xliff2";
  return byExt;
}

export interface CliStreams {
  stdout: { write(chunk: string | Uint8Array): unknown };
  stderr: { write(chunk: string): unknown };
}

export function main(argv: string[], io: CliStreams = process): number {
  // biome-ignore lint/suspicious/noImplicitAnyLet: typed by the parseArgs call below
  let parsed;
  try {
    parsed = parseArgs({
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
  } catch (err) {
    io.stderr.write(`formats: ${(err as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, input, ...extra] = positionals;
  if (values.help || !command) {
    (values.help ? io.stdout : io.stderr).write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  if (command === "list" && !input) {
    for (const f of formats) io.stdout.write(`${f.id.padEnd(16)} ${f.name} (${f.extensions.join(", ")})\n`);
    return 0;
  }
  if (command !== "convert" || !input || extra.length > 0) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const to = values.to;
  if (!isFormatId(to)) {
    io.stderr.write(`--to must be one of: ${FORMAT_IDS.join(", ")}\n`);
    return 2;
  }
  if (!values.language) {
    io.stderr.write("--language is required (the language of the values, e.g. de)\n");
    return 2;
  }
  if (values.from !== undefined && !isFormatId(values.from)) {
    io.stderr.write(`--from must be one of: ${FORMAT_IDS.join(", ")}\n`);
    return 2;
  }
  let content: Uint8Array;
  try {
    content = new Uint8Array(readFileSync(input));
  } catch (err) {
    io.stderr.write(`${input}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})\n`);
    return 1;
  }
  const from = values.from ?? detectFormat(input, content);
  if (!isFormatId(from)) {
    io.stderr.write(`Cannot tell the format of ${input}; pass --from <format>.\n`);
    return 2;
  }
  try {
    const result = parse(from, content, { language: values.language });
    for (const issue of result.errors) {
      io.stderr.write(
        `warning: ${issue.line !== undefined ? `line ${issue.line}: ` : ""}${issue.key !== undefined ? `${issue.key}: ` : ""}${issue.message}\n`,
      );
    }
    const sourceLanguage =
      values["source-language"] ?? (typeof result.metadata.sourceLanguage === "string" ? result.metadata.sourceLanguage : undefined);
    if (!sourceLanguage && BILINGUAL.has(to)) {
      io.stderr.write(
        `note: no source language given (--source-language) or named by the input; writing a monolingual ${to} file whose source text is the ${values.language} values\n`,
      );
    }
    const output = serialize(to, result.entries, { language: values.language, ...(sourceLanguage ? { sourceLanguage } : {}) });
    if (values.out) {
      writeFileSync(values.out, output);
      io.stderr.write(`Wrote ${result.entries.length} entries to ${values.out}\n`);
    } else io.stdout.write(output);
    return 0;
  } catch (err) {
    if (err instanceof FormatParseError) {
      io.stderr.write(`${input}: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}
