// `locale-cli pull`: exports every project language (source and targets) to the path pattern.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Command } from "./command";
import { formatFor } from "./config";
import type { CommandContext } from "./io";
import { assertPattern, fileForLanguage } from "./locale-files";
import { startProgress } from "./progress";
import { UsageError } from "./usage-error";

const PLACEHOLDER_STYLES = ["icu", "printf", "python", "android", "ios", "i18next", "ruby", "dotnet"] as const;

function placeholderStyle(flag: unknown): (typeof PLACEHOLDER_STYLES)[number] | undefined {
  if (flag === undefined) return undefined;
  const style = PLACEHOLDER_STYLES.find((s) => s === flag);
  if (!style) throw new UsageError(`--placeholders must be one of ${PLACEHOLDER_STYLES.join(", ")}`);
  return style;
}

async function run({ client, config, io, flags }: CommandContext): Promise<number> {
  if (!config.files) throw new UsageError("no file pattern: pass --files 'locales/{language}.json' or set `files` in .localerc.json");
  assertPattern(config.files);
  const format = formatFor(config, config.files);
  const project = await client.projects.get(config.projectId);
  const all = [project.sourceLanguage, ...project.targetLanguages];
  const languages = typeof flags.languages === "string" ? flags.languages.split(",").map((l) => l.trim()) : all;
  const placeholders = placeholderStyle(flags.placeholders);
  let truncated = false;
  const progress = startProgress(io, "pull", languages.length);
  try {
    for (const [index, language] of languages.entries()) {
      progress.update(index, languages.length, language);
      const file = await client.files.export(config.projectId, language, {
        format,
        ...(config.namespace ? { namespace: config.namespace } : {}),
        ...(flags["include-untranslated"] === true ? { includeUntranslated: true } : {}),
        ...(placeholders ? { placeholders } : {}),
      });
      const target = fileForLanguage(config.baseDir, config.files, language);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.data);
      progress.log(`${language} → ${path.relative(io.cwd, target) || target}: ${file.totalKeys} keys`);
      if (file.skipped > 0) {
        progress.warn(
          `  ${language}: ${file.skipped} keys left out (the format or placeholder style cannot express them): ${file.skippedKeys.join(", ")}`,
        );
      }
      if (file.truncated) {
        progress.warn(`  ${language}: the export was truncated by the server's size limit`);
        truncated = true;
      }
      progress.update(index + 1, languages.length, language);
    }
  } finally {
    progress.stop();
  }
  return truncated ? 1 : 0;
}

export const pull: Command = {
  name: "pull",
  summary: "write every project language to the files named by --files",
  options: {
    files: { type: "string" },
    format: { type: "string" },
    namespace: { type: "string" },
    languages: { type: "string" },
    "include-untranslated": { type: "boolean" },
    placeholders: { type: "string" },
  },
  help: `Usage: locale-cli pull [options]

Exports the source language and every target language and writes each to the --files pattern
with {language} replaced (directories are created). Prints one line per file with its key count.

Options:
  --files <pattern>        path pattern with {language}, e.g. 'locales/{language}.json' (config files)
  --format <id>            file format (default: from the pattern's extension; config format)
  --namespace <ns>         only keys of this namespace (config namespace)
  --languages <a,b>        only these languages
  --include-untranslated   also write keys that have no translation yet
  --placeholders <style>   write placeholders as icu (default), printf, python, android, ios,
                           i18next, ruby or dotnet; keys a style cannot express are left out and named

Exit codes: 0 written; 1 an API error or an export the server truncated; 2 usage error.`,
  run,
};
