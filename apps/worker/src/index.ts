// The worker: background runners shared by the standalone process (main.ts) and the api's
// embedded mode. Each runner owns one kind of job.
import type { Runner, WorkerDeps } from "./runner";
import { aiBatchRunner } from "./runners/ai-batch";
import { purgeArchivedProjectsRunner } from "./runners/purge-archived-projects";
import { qaRecheckRunner } from "./runners/qa-recheck";
import { screenshotObjectCleanupRunner } from "./runners/screenshot-object-cleanup";
import { webhookDeliveriesRunner } from "./runners/webhook-deliveries";

export type { Runner, WorkerDeps, WorkerEnv } from "./runner";
export { type AiBatchRunnerHandle, createAiBatchRunner } from "./runners/ai-batch";
export { createQaRecheckRunner, QA_RECHECK_JOB } from "./runners/qa-recheck";

export const RUNNERS: Runner[] = [
  purgeArchivedProjectsRunner,
  webhookDeliveriesRunner,
  aiBatchRunner,
  qaRecheckRunner,
  screenshotObjectCleanupRunner,
];

export async function startWorker(deps: WorkerDeps, runners: Runner[] = RUNNERS): Promise<{ stop(): Promise<void> }> {
  const started: { stop(): Promise<void> }[] = [];
  for (const runner of runners) {
    started.push(await runner.start(deps));
    deps.logger.debug({ runner: runner.name }, "runner started");
  }
  return {
    async stop() {
      await Promise.all(started.map((s) => s.stop()));
    },
  };
}
