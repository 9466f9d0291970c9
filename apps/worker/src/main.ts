// Standalone worker process (`pnpm --filter @locale/worker start`), for running api and worker
// separately against one PostgreSQL database. Stops on SIGTERM/SIGINT after the running jobs
// have been handed back, within SHUTDOWN_TIMEOUT_MS.

import { createCoreRuntime, DEFAULT_CORE_CONFIG } from "@locale/core";
import { DEFAULT_SCREENSHOT_CONFIG, type ScreenshotConfig, screenshotStorageFromEnv } from "@locale/core/screenshots";
import { configureTmEngine, describeTmEngine, type TmEngineSettings, tmEngineSettingsFromEnv } from "@locale/core/tm";
import { createDb, type Database, isPostgresUrl, resolveDataDir } from "@locale/db";
import {
  type DataDirLock,
  DataDirLockedError,
  heapGrowthPercentOf,
  lockDataDir,
  onStopSignal,
  releaseStartupMemorySoon,
  resolveFromUserDirectory,
  runShutdown,
  safeLogDestination,
  setHeapGrowthPercent,
} from "@locale/runtime";
import { pino } from "pino";
import { startWorker } from "./index";

const logger = pino({ level: process.env.LOG_LEVEL ?? "info" }, safeLogDestination());
const url = process.env.DATABASE_URL;
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
if (!Number.isInteger(shutdownTimeoutMs) || shutdownTimeoutMs < 100) {
  console.error(
    `Invalid configuration:\n  SHUTDOWN_TIMEOUT_MS: expected an integer of at least 100, got "${process.env.SHUTDOWN_TIMEOUT_MS}"`,
  );
  process.exit(1);
}
try {
  setHeapGrowthPercent(heapGrowthPercentOf(process.env.HEAP_GROWTH_PERCENT));
} catch (error) {
  console.error(`Invalid configuration:\n  ${(error as Error).message}`);
  process.exit(1);
}
let lock: DataDirLock | null = null;
if (!isPostgresUrl(url)) {
  logger.warn("DATABASE_URL is not set: the worker opens the embedded database, which only one process may use at a time");
  process.env.DATA_DIR = resolveFromUserDirectory(process.env.DATA_DIR ?? "./data");
  const dataDir = resolveDataDir(url);
  if (dataDir) {
    try {
      lock = await lockDataDir(dataDir, (error) => {
        logger.fatal({ err: error }, "lost the data directory lock; stopping");
        process.exit(1);
      });
    } catch (error) {
      console.error(error instanceof DataDirLockedError ? error.message : `Cannot lock ${dataDir}: ${(error as Error).message}`);
      process.exit(1);
    }
  }
}
// The stop signal is handled from here on, not only once the worker runs: a SIGTERM while the
// database opens would otherwise kill the process mid-start with the lock left behind. A signal
// during start-up lets the step under way finish, starts nothing more, then stops what started
// (the shutdown bound counts from there).
let started!: () => void;
const startup = new Promise<void>((resolve) => {
  started = resolve;
});
let stopping = false;
let db: Database | null = null;
let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
onStopSignal((signal) => {
  stopping = true;
  logger.info({ signal }, "stopping");
  void startup.then(() =>
    runShutdown(
      [
        { name: "worker", run: async () => worker?.stop() },
        { name: "database", run: async () => db?.close() },
        { name: "data directory lock", run: async () => lock?.release() },
      ],
      shutdownTimeoutMs,
      logger,
    ),
  );
}, logger);
let tmEngine: TmEngineSettings;
let screenshotStorage: ScreenshotConfig["storage"];
try {
  tmEngine = tmEngineSettingsFromEnv(process.env);
  // The bucket the api writes to: this worker deletes objects of deleted screenshots there.
  screenshotStorage = screenshotStorageFromEnv(process.env);
} catch (error) {
  console.error(`Invalid configuration:\n  ${(error as Error).message.split("\n").join("\n  ")}`);
  process.exit(1);
}
const opened = await createDb(url, {
  onListenConnectionLost: (err) => logger.warn({ err }, "lost the database connection used for LISTEN; reconnecting"),
});
db = opened;
if (!stopping) await startRunning(opened);
started();

async function startRunning(opened: Database): Promise<void> {
  // The composition root of the standalone worker: its caches and clients live here, not in modules.
  const on = { db: opened, runtime: createCoreRuntime() };
  configureTmEngine(on, tmEngine);
  logger.info(`translation memory search: ${describeTmEngine(on)}`);
  worker = await startWorker({
    ...on,
    config: {
      ...DEFAULT_CORE_CONFIG,
      publicUrl: process.env.PUBLIC_URL ?? DEFAULT_CORE_CONFIG.publicUrl,
      projectRetentionDays: Number(process.env.PROJECT_RETENTION_DAYS ?? DEFAULT_CORE_CONFIG.projectRetentionDays),
      screenshots: {
        ...DEFAULT_SCREENSHOT_CONFIG,
        storage: screenshotStorage,
        onCleanupFailure: (failure) => logger.warn(failure, "deleting objects of a deleted screenshot failed; retried later"),
      },
    },
    env: process.env,
    logger,
  });
  logger.info("worker started");
  // Once, now that start-up is over: what start-up grew and no longer needs goes back to the system
  // (@locale/runtime, startup-memory.ts).
  releaseStartupMemorySoon((result) => logger.info(result, "gave back start-up memory"));
}
