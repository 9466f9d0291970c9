// `locale translate`: starts AI batch jobs for the untranslated keys of each target language and
// renders their progress from the job's event stream; `--all` keeps starting jobs while more
// untranslated keys remain.
import { type CliIo, type CommandContext, log, warn } from "./io";
import { bar } from "./status";
import { UsageError } from "./usage-error";

function renderProgress(io: CliIo, language: string, done: number, total: number, failed: number): void {
  const percent = total === 0 ? 100 : (done / total) * 100;
  const line = `${language} ${bar(percent)} ${done}/${total}${failed ? ` (${failed} failed)` : ""}`;
  // A terminal gets one line redrawn in place; a CI log gets no intermediate lines at all.
  if (io.stderr.isTTY) io.stderr.write(`\r${line}`);
}

export async function translate({ client, config, io, flags }: CommandContext): Promise<number> {
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
        log(io, `${target}: nothing to translate${job.skipped ? ` (${job.skipped} keys have no source text)` : ""}`);
        break;
      }
      for await (const event of client.batchJobs.events(config.projectId, job.jobId)) {
        if (event.type === "progress")
          renderProgress(io, target, event.data.completed + event.data.failed, event.data.total, event.data.failed);
        if (event.type === "complete" || event.type === "cancelled") {
          if (io.stderr.isTTY) io.stderr.write("\n");
          failedTotal += event.data.failed;
          const state =
            event.type === "cancelled"
              ? "cancelled"
              : event.data.aborted
                ? `aborted: ${event.data.abortReason ?? "too many failures"}`
                : "done";
          log(io, `${target}: ${event.data.translated} translated, ${event.data.failed} failed of ${event.data.total} (${state})`);
          if (event.type === "cancelled" || event.data.aborted) aborted = true;
        }
      }
      if (aborted || !job.hasMore || flags.all !== true) break;
    }
    if (aborted) break;
  }
  if (failedTotal > 0) warn(io, `${failedTotal} translations failed`);
  return aborted || failedTotal > 0 ? 1 : 0;
}
