// `locale push`: imports every locale file matching the pattern, source language first (so keys
// are created from the source file), one import request per file.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { formatFor } from "./config";
import { type CommandContext, log, warn } from "./io";
import { findLocaleFiles } from "./locale-files";
import { UsageError } from "./usage-error";

export async function push({ client, config, io, flags }: CommandContext): Promise<number> {
  if (!config.files) throw new UsageError("no file pattern: pass --files 'locales/{language}.json' or set `files` in .localerc.json");
  const format = formatFor(config, config.files);
  const project = await client.projects.get(config.projectId);
  const wanted = typeof flags.languages === "string" ? new Set(flags.languages.split(",").map((l) => l.trim())) : null;
  const files = (await findLocaleFiles(config.baseDir, config.files)).filter((f) => !wanted || wanted.has(f.language));
  if (files.length === 0) {
    warn(io, `no files match ${config.files}`);
    return 1;
  }
  files.sort((a, b) => Number(b.language === project.sourceLanguage) - Number(a.language === project.sourceLanguage));
  let failed = false;
  for (const { language, file } of files) {
    const content = new Uint8Array(await readFile(file));
    const result = await client.files.import(config.projectId, {
      language,
      format,
      content,
      overwrite: flags.overwrite === true,
      ...(config.namespace ? { namespace: config.namespace } : {}),
    });
    log(io, `${path.relative(io.cwd, file) || file} → ${language}: ${result.imported} imported, ${result.skipped} skipped`);
    for (const e of result.errors) warn(io, `  ${e.line !== undefined ? `line ${e.line}: ` : ""}${e.key ? `${e.key}: ` : ""}${e.message}`);
    if (flags.strict === true && result.errors.length > 0) failed = true;
  }
  return failed ? 1 : 0;
}
