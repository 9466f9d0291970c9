// `locale-cli status`: completion per language from the analytics endpoint; `--min <percent>` makes
// CI fail while any target language is below the bar, `--qa` while any translation has an
// error-level quality-check issue (docs/quality-checks.md; ignored issues do not count).
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
  const qa =
    flags.qa === true
      ? await qaIssues(
          client,
          config.projectId,
          progress.languages.map((l) => l.language),
        )
      : null;
  if (flags.json === true) {
    log(io, JSON.stringify(qa ? { ...progress, qaIssues: qa } : progress, null, 2));
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
    if (qa) {
      log(io, qa.length === 0 ? "No quality-check issues." : `Quality-check issues (${qa.length}):`);
      for (const i of qa)
        log(io, `${i.severity.padEnd(7)}  ${i.language}  ${i.namespace ? `${i.namespace}:` : ""}${i.key}  ${i.check}: ${i.message}`);
    }
  }
  let failed = false;
  if (qa) {
    const errors = qa.filter((i) => i.severity === "error").length;
    if (errors > 0) {
      warn(io, `${errors} error-level quality-check issue${errors === 1 ? "" : "s"}`);
      failed = true;
    }
  }
  if (min !== undefined) {
    const below = progress.languages.filter((l) => l.language !== project.sourceLanguage && l.completionPercent < min);
    for (const l of below) warn(io, `${l.language} is at ${l.completionPercent.toFixed(1)}%, below --min ${min}%`);
    if (below.length > 0) failed = true;
  }
  return failed ? 1 : 0;
}

export interface QaIssueLine {
  language: string;
  key: string;
  namespace: string;
  check: string;
  severity: "warning" | "error";
  message: string;
}

/** Every counted (not ignored) stored issue of the given languages, through the `?qa=any` filter. */
async function qaIssues(client: CommandContext["client"], projectId: string, languages: string[]): Promise<QaIssueLine[]> {
  const lines: QaIssueLine[] = [];
  for (const language of languages) {
    const pages = client.paginate((page) => client.translations.listByLanguage(projectId, language, { qa: "any", page, limit: 100 }));
    for await (const t of pages) {
      for (const i of t.qaIssues) {
        if (i.ignored) continue;
        lines.push({ language, key: t.key, namespace: t.namespace, check: i.check, severity: i.severity, message: i.message });
      }
    }
  }
  return lines;
}

export function bar(percent: number, width = 20): string {
  const filled = Math.round((Math.max(0, Math.min(100, percent)) / 100) * width);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}]`;
}

export const status: Command = {
  name: "status",
  summary: "completion per language; --min <percent> fails CI below it, --qa on quality errors",
  options: {
    languages: { type: "string" },
    min: { type: "string" },
    json: { type: "boolean" },
    qa: { type: "boolean" },
  },
  help: `Usage: locale-cli status [options]

Prints the number of keys and, per language, how many are translated, reviewed and approved.

Options:
  --languages <a,b>   only these languages
  --min <percent>     exit 1 when a target language is below this completion (0-100)
  --qa                list the quality-check issues stored on translations (ignored ones
                      left out); exit 1 when any is an error
  --json              print the service's progress report as JSON (with --qa: plus qaIssues)

Exit codes: 0 done (every target language at or above --min, no error-level issue with --qa);
1 an API error, a language below --min, or an error-level quality-check issue with --qa;
2 usage error.`,
  run,
};
