// `locale pull`: exports every project language (source and targets) to the path pattern.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { formatFor } from "./config";
import { type CommandContext, log, warn } from "./io";
import { assertPattern, fileForLanguage } from "./locale-files";
import { UsageError } from "./usage-error";

export async function pull({ client, config, io, flags }: CommandContext): Promise<number> {
  if (!config.files) throw new UsageError("no file pattern: pass --files 'locales/{language}.json' or set `files` in .localerc.json");
  assertPattern(config.files);
  const format = formatFor(config, config.files);
  const project = await client.projects.get(config.projectId);
  const all = [project.sourceLanguage, ...project.targetLanguages];
  const languages = typeof flags.languages === "string" ? flags.languages.split(",").map((l) => l.trim()) : all;
  let failed = false;
  for (const language of languages) {
    const file = await client.files.export(config.projectId, language, {
      format,
      ...(config.namespace ? { namespace: config.namespace } : {}),
      ...(flags["include-untranslated"] === true ? { includeUntranslated: true } : {}),
    });
    const target = fileForLanguage(config.baseDir, config.files, language);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.data);
    log(io, `${language} → ${path.relative(io.cwd, target) || target}: ${file.totalKeys} keys`);
    if (file.truncated) {
      warn(io, `  ${language}: the export was truncated by the server's size limit`);
      failed = true;
    }
  }
  return failed ? 1 : 0;
}
