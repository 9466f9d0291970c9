// Orderly stop on SIGTERM/SIGINT within a bounded time: the steps run one after another (stop
// taking work, let what is running finish, close the database, release the data directory) and a
// timer ends the process if they together take longer than the bound.
import type { Logger } from "pino";

export interface ShutdownStep {
  name: string;
  run(): Promise<unknown>;
}

/**
 * Runs `steps` in order and exits the process: 0 when all finished within `timeoutMs`, 1 when a
 * step failed or the bound was reached (then the remaining steps are abandoned).
 */
export async function runShutdown(steps: ShutdownStep[], timeoutMs: number, logger: Logger): Promise<never> {
  const hardStop = setTimeout(() => {
    logger.error({ timeoutMs }, "shutdown took too long; exiting");
    process.exit(1);
  }, timeoutMs);
  hardStop.unref();
  let failed = false;
  for (const step of steps) {
    try {
      await step.run();
    } catch (error) {
      failed = true;
      logger.error({ err: error, step: step.name }, "shutdown step failed");
    }
  }
  logger.info("stopped");
  process.exit(failed ? 1 : 0);
}

/** Calls `onSignal` once for the first SIGTERM/SIGINT; a second one ends the process at once. */
export function onStopSignal(onSignal: (signal: NodeJS.Signals) => void, logger: Logger): void {
  let received = false;
  const handler = (signal: NodeJS.Signals) => {
    if (received) {
      logger.warn({ signal }, "second stop signal; exiting without waiting");
      process.exit(1);
    }
    received = true;
    onSignal(signal);
  };
  process.on("SIGTERM", handler);
  process.on("SIGINT", handler);
}
