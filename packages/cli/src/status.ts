// `locale-cli status`: completion per language from the analytics endpoint; `--min <percent>` makes
// CI fail while any target language is below the bar.
import type { Command } from "./command";
import { type CommandContext, log, warn } from "./io";
import { UsageError } from "./usage-error";

async function run({ client, config, io, flags }: CommandContext): Promise<number> {
  const min = flags.min === undefined ? undefined : Number(flags.min);
  if (min !== undefined && (!Number.isFinite(min) || min < 0 || min > 100))
    throw new UsageError("--min must be a percentage between 0 and 100");
  const [project, progress] = await Promise.all([
    client.projects.get(config.projectId),
    client.analytics.progress(config.projectId, typeof flags.languages === "string" ? { languages: flags.languages } : {}),
  ]);
  if (flags.json === true) {
    log(io, JSON.stringify(progress, null, 2));
  } else {
    log(io, `${project.name}: ${progress.totalKeys} keys`);
    const width = Math.max(8, ...progress.languages.map((l) => l.language.length));
    for (const l of progress.languages) {
      const source = l.language === project.sourceLanguage ? " (source)" : "";
      log(
        io,
        `${l.language.padEnd(width)}  ${bar(l.completionPercent)}  ${l.completionPercent.toFixed(1).padStart(5)}%  ${l.translated}/${l.totalKeys} translated, ${l.reviewed} reviewed, ${l.approved} approved${source}`,
      );
    }
  }
  if (min === undefined) return 0;
  const below = progress.languages.filter((l) => l.language !== project.sourceLanguage && l.completionPercent < min);
  for (const l of below) warn(io, `${l.language} is at ${l.completionPercent.toFixed(1)}%, below --min ${min}%`);
  return below.length > 0 ? 1 : 0;
}

export function bar(percent: number, width = 20): string {
  const filled = Math.round((Math.max(0, Math.min(100, percent)) / 100) * width);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}]`;
}

export const status: Command = {
  name: "status",
  summary: "completion per language; --min <percent> fails CI below it",
  options: {
    languages: { type: "string" },
    min: { type: "string" },
    json: { type: "boolean" },
  },
  help: `Usage: locale-cli status [options]

Prints the number of keys and, per language, how many are translated, reviewed and approved.

Options:
  --languages <a,b>   only these languages
  --min <percent>     exit 1 when a target language is below this completion (0-100)
  --json              print the service's progress report as JSON

Exit codes: 0 done (and every target language at or above --min); 1 an API error or a
language below --min; 2 usage error.`,
  run,
};
