// `locale-cli push`: imports every locale file matching the pattern, source language first (so
// keys are created from the source file), one import request per file. Every problem the
// server reports for an entry (unreadable entry, a value that is not text such as `42`, ...) is
// printed; `--strict` turns any of them into exit code 1.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ImportResult } from "@locale/sdk";
import type { Command } from "./command";
import { formatFor } from "./config";
import type { CommandContext } from "./io";
import { findLocaleFiles } from "./locale-files";
import { startProgress } from "./progress";
import { UsageError } from "./usage-error";

export interface EntryIssue {
  line?: number;
  key?: string;
  message: string;
}

/** Per-entry problems of an import: `errors`, plus `warnings` when the server sends them. */
export function issuesOf(result: ImportResult): EntryIssue[] {
  const warnings = (result as { warnings?: unknown }).warnings;
  return [...result.errors, ...(Array.isArray(warnings) ? (warnings as EntryIssue[]) : [])];
}

export function describeIssue(issue: EntryIssue): string {
  return `${issue.line !== undefined ? `line ${issue.line}: ` : ""}${issue.key ? `${issue.key}: ` : ""}${issue.message}`;
}

async function run({ client, config, io, flags }: CommandContext): Promise<number> {
  if (!config.files) throw new UsageError("no file pattern: pass --files 'locales/{language}.json' or set `files` in .localerc.json");
  const format = formatFor(config, config.files);
  const project = await client.projects.get(config.projectId);
  const wanted = typeof flags.languages === "string" ? new Set(flags.languages.split(",").map((l) => l.trim())) : null;
  const files = (await findLocaleFiles(config.baseDir, config.files)).filter((f) => !wanted || wanted.has(f.language));
  if (files.length === 0) {
    io.stderr.write(`no files match ${config.files}\n`);
    return 1;
  }
  files.sort((a, b) => Number(b.language === project.sourceLanguage) - Number(a.language === project.sourceLanguage));
  let problems = 0;
  const progress = startProgress(io, "push", files.length);
  try {
    for (const [index, { language, file }] of files.entries()) {
      const shown = path.relative(io.cwd, file) || file;
      progress.update(index, files.length, shown);
      const content = new Uint8Array(await readFile(file));
      const result = await client.files.import(config.projectId, {
        language,
        format,
        content,
        overwrite: flags.overwrite === true,
        ...(config.namespace ? { namespace: config.namespace } : {}),
      });
      const issues = issuesOf(result);
      problems += issues.length;
      progress.log(
        `${shown} → ${language}: ${result.imported} imported, ${result.skipped} skipped${issues.length ? `, ${issues.length} with problems` : ""}`,
      );
      for (const issue of issues) progress.warn(`  ${shown}: ${describeIssue(issue)}`);
      progress.update(index + 1, files.length, shown);
    }
  } finally {
    progress.stop();
  }
  if (problems > 0 && flags.strict === true) {
    io.stderr.write(`${problems} ${problems === 1 ? "entry was" : "entries were"} not imported as written (--strict)\n`);
    return 1;
  }
  return 0;
}

export const push: Command = {
  name: "push",
  summary: "import the local files matching --files into the project",
  options: {
    files: { type: "string" },
    format: { type: "string" },
    namespace: { type: "string" },
    languages: { type: "string" },
    overwrite: { type: "boolean" },
    strict: { type: "boolean" },
  },
  help: `Usage: locale-cli push [options]

Imports every file matching the --files pattern; the language comes from the {language} part
of each path. The source-language file goes first, so keys are created from it. Prints one line
per file (imported and skipped counts) and one line per entry the service reports as a problem
(for example a value that is not text, such as the JSON number 42, or an unreadable entry).
Skipped entries are values already present or identical, empty, or fuzzy; they are not
problems (pass --overwrite to replace existing values).

Options:
  --files <pattern>   path pattern with {language}, e.g. 'locales/{language}.json' (config files)
  --format <id>       file format (default: from the pattern's extension; config format)
  --namespace <ns>    put the imported keys in this namespace (config namespace)
  --languages <a,b>   only these languages
  --overwrite         replace existing translations (default: only fill what is missing)
  --strict            exit 1 when the service reports any problem entry

Exit codes: 0 pushed; 1 an API error, no matching file, or a problem entry with --strict;
2 usage error.`,
  run,
};
