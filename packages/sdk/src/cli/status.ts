// `locale status`: completion per language from the analytics endpoint; `--min <percent>` makes
// CI fail while any target language is below the bar.
import { type CommandContext, log, warn } from "./io";
import { UsageError } from "./usage-error";

export async function status({ client, config, io, flags }: CommandContext): Promise<number> {
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
