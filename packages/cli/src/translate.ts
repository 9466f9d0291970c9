// `locale-cli translate`: starts AI batch jobs for the untranslated keys of each target language
// and shows their progress from the job's event stream; `--all` keeps starting jobs while more
// untranslated keys remain. With `--tm` it starts pre-translation jobs instead: the translation
// memory first (context and 100 % matches, fuzzy ones from `--fuzzy`), then `--engine` (an MT
// engine, or `ai`) for the rest, followed on the same event stream.
import type { LocaleClient } from "@locale/sdk";
import type { Command } from "./command";
import type { CommandContext } from "./io";
import { startProgress } from "./progress";
import { UsageError } from "./usage-error";

const ENGINES = ["deepl", "google", "azure", "amazon", "ai"] as const;

type Progress = ReturnType<typeof startProgress>;

/** Follows one job's events to its end: failures counted, whether it was cancelled or aborted. */
async function followJob(
  client: LocaleClient,
  projectId: string,
  jobId: string,
  progress: Progress,
  describe: (data: { translated: number; failed: number; total: number; refused?: number; origins?: Record<string, number> }) => string,
): Promise<{ failed: number; aborted: boolean }> {
  let failed = 0;
  let aborted = false;
  for await (const event of client.batchJobs.events(projectId, jobId)) {
    if (event.type === "progress")
      progress.update(event.data.completed + event.data.failed, event.data.total, event.data.failed ? `(${event.data.failed} failed)` : "");
    if (event.type === "complete" || event.type === "cancelled") {
      failed += event.data.failed;
      const state =
        event.type === "cancelled"
          ? "cancelled"
          : event.data.aborted
            ? `aborted: ${event.data.abortReason ?? "too many failures"}`
            : "done";
      progress.log(`${describe(event.data)} (${state})`);
      if (event.type === "cancelled" || event.data.aborted) aborted = true;
    }
  }
  return { failed, aborted };
}

async function pretranslate({ client, config, io, flags }: CommandContext): Promise<number> {
  const fuzzy = flags.fuzzy === undefined ? undefined : Number(flags.fuzzy);
  if (fuzzy !== undefined && (!Number.isFinite(fuzzy) || fuzzy < 50 || fuzzy > 100))
    throw new UsageError("--fuzzy must be a similarity from 50 to 100");
  const engine = typeof flags.engine === "string" ? flags.engine : undefined;
  if (engine !== undefined && !(ENGINES as readonly string[]).includes(engine))
    throw new UsageError(`--engine must be one of ${ENGINES.join(", ")}`);
  if (typeof flags.model === "string" && engine !== "ai") throw new UsageError("--model needs --engine ai");
  const started = await client.pretranslate.start(config.projectId, {
    ...(typeof flags.source === "string" ? { sourceLanguage: flags.source } : {}),
    ...(typeof flags.target === "string" ? { targetLanguages: flags.target.split(",").map((l) => l.trim()) } : {}),
    ...(fuzzy !== undefined ? { minSimilarity: fuzzy } : {}),
    ...(engine ? { engine: engine as (typeof ENGINES)[number] } : {}),
    ...(typeof flags.model === "string" ? { model: flags.model as never } : {}),
    ...(typeof flags.namespace === "string" ? { namespace: flags.namespace } : {}),
  });
  let failedTotal = 0;
  let aborted = false;
  for (const job of started.jobs) {
    if (job.total === 0) {
      io.stdout.write(`${job.targetLanguage}: nothing to pre-translate\n`);
      continue;
    }
    const progress = startProgress(io, `pre-translate ${job.targetLanguage}`, job.total);
    try {
      const done = await followJob(client, config.projectId, job.jobId, progress, (d) => {
        const o = d.origins ?? {};
        const from = `${o.context ?? 0} context, ${o.exact ?? 0} exact, ${o.fuzzy ?? 0} fuzzy${engine ? `, ${(o.mt ?? 0) + (o.ai ?? 0)} ${engine}` : ""}`;
        return `${job.targetLanguage}: ${d.translated} filled (${from}), ${d.total - d.translated - d.failed} left untranslated, ${d.failed} failed (${d.refused ?? 0} refused by the quality gate) of ${d.total}`;
      });
      failedTotal += done.failed;
      aborted ||= done.aborted;
    } finally {
      progress.stop();
    }
  }
  if (failedTotal > 0) io.stderr.write(`${failedTotal} translations failed\n`);
  return aborted || failedTotal > 0 ? 1 : 0;
}

async function run(ctx: CommandContext): Promise<number> {
  const { client, config, io, flags } = ctx;
  if (flags.tm === true) {
    if (flags.limit !== undefined || flags.all === true) throw new UsageError("--limit and --all are for AI batches; --tm takes every key");
    return pretranslate(ctx);
  }
  if (flags.fuzzy !== undefined || flags.engine !== undefined || flags.namespace !== undefined)
    throw new UsageError("--fuzzy, --engine and --namespace need --tm");
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
        const done = await followJob(
          client,
          config.projectId,
          job.jobId,
          progress,
          (d) => `${target}: ${d.translated} translated, ${d.failed} failed of ${d.total}`,
        );
        failedTotal += done.failed;
        aborted ||= done.aborted;
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
  summary: "AI-translate (or --tm: pre-translate from the TM) untranslated keys, with a progress bar",
  options: {
    target: { type: "string" },
    source: { type: "string" },
    limit: { type: "string" },
    model: { type: "string" },
    all: { type: "boolean" },
    tm: { type: "boolean" },
    fuzzy: { type: "string" },
    engine: { type: "string" },
    namespace: { type: "string" },
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

Pre-translation (every untranslated key, one job per language):
  --tm             fill from the translation memory: context and 100 % matches
  --fuzzy <50-100> also take fuzzy matches from this similarity (e.g. 85)
  --engine <id>    then translate the rest with deepl, google, azure, amazon, or ai (an LLM;
                   --model chooses it)
  --namespace <ns> only keys of this namespace

Exit codes: 0 done; 1 an API error, a failed translation, or a cancelled/aborted job;
2 usage error.`,
  run,
};
