// `locale-cli translate`: starts AI batch jobs for the untranslated keys of each target language
// and shows their progress from the job's event stream; `--all` keeps starting jobs while more
// untranslated keys remain.
import type { Command } from "./command";
import type { CommandContext } from "./io";
import { startProgress } from "./progress";
import { UsageError } from "./usage-error";

async function run({ client, config, io, flags }: CommandContext): Promise<number> {
  const limit = flags.limit === undefined ? undefined : Number(flags.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 200))
    throw new UsageError("--limit must be an integer from 1 to 200");
  const project = await client.projects.get(config.projectId);
  const source = typeof flags.source === "string" ? flags.source : project.sourceLanguage;
  const targets = typeof flags.target === "string" ? flags.target.split(",").map((l) => l.trim()) : project.targetLanguages;
  if (targets.length === 0) throw new UsageError("the project has no target languages; pass --target");
  let failedTotal = 0;
  let aborted = false;
  for (const target of targets) {
    for (let round = 0; round < 10_000; round++) {
      const job = await client.ai.startBatchJob(config.projectId, {
        sourceLanguage: source,
        targetLanguage: target,
        ...(limit ? { limit } : {}),
        ...(typeof flags.model === "string" ? { model: flags.model as never } : {}),
      });
      if (job.total === 0) {
        io.stdout.write(`${target}: nothing to translate${job.skipped ? ` (${job.skipped} keys have no source text)` : ""}\n`);
        break;
      }
      const progress = startProgress(io, `translate ${target}`, job.total);
      try {
        for await (const event of client.batchJobs.events(config.projectId, job.jobId)) {
          if (event.type === "progress")
            progress.update(
              event.data.completed + event.data.failed,
              event.data.total,
              event.data.failed ? `(${event.data.failed} failed)` : "",
            );
          if (event.type === "complete" || event.type === "cancelled") {
            failedTotal += event.data.failed;
            const state =
              event.type === "cancelled"
                ? "cancelled"
                : event.data.aborted
                  ? `aborted: ${event.data.abortReason ?? "too many failures"}`
                  : "done";
            progress.log(`${target}: ${event.data.translated} translated, ${event.data.failed} failed of ${event.data.total} (${state})`);
            if (event.type === "cancelled" || event.data.aborted) aborted = true;
          }
        }
      } finally {
        progress.stop();
      }
      if (aborted || !job.hasMore || flags.all !== true) break;
    }
    if (aborted) break;
  }
  if (failedTotal > 0) io.stderr.write(`${failedTotal} translations failed\n`);
  return aborted || failedTotal > 0 ? 1 : 0;
}

export const translate: Command = {
  name: "translate",
  summary: "AI-translate untranslated keys, with a progress bar",
  options: {
    target: { type: "string" },
    source: { type: "string" },
    limit: { type: "string" },
    model: { type: "string" },
    all: { type: "boolean" },
  },
  help: `Usage: locale-cli translate [options]

Starts an AI batch job per target language for keys that have no translation yet and follows
its progress. The organization must have an AI provider configured.

Options:
  --target <a,b>   target languages (default: all of the project's)
  --source <lang>  source language (default: the project's)
  --limit <n>      keys per job, 1-200 (default: the service's)
  --model <id>     model id (default: the organization's)
  --all            keep starting jobs while untranslated keys remain

Exit codes: 0 done; 1 an API error, a failed translation, or a cancelled/aborted job;
2 usage error.`,
  run,
};
