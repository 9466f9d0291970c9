// Starts the service: configuration, the embedded data directory's lock, database (embedded
// PGlite by default) and migrations, the HTTP server and — in embedded mode — the worker in the
// same process; and stops it all on SIGTERM/SIGINT within SHUTDOWN_TIMEOUT_MS.
// Failures a user can fix (bad setting, data directory in use, port taken) are one line on
// stderr and exit code 1, never a stack trace.
import type http from "node:http";
import net from "node:net";
import { undoUnfinishedImports } from "@locale/core/import-export";
import { describeTmEngine } from "@locale/core/tm";
import { createDb, type Database, isPostgresUrl, resolveDataDir } from "@locale/db";
import {
  type DataDirLock,
  DataDirLockedError,
  lockDataDir,
  onStopSignal,
  releaseStartupMemorySoon,
  runShutdown,
  setHeapGrowthPercent,
} from "@locale/runtime";
import { startWorker } from "@locale/worker";
import { type AppConfig, loadConfig } from "./config";
import type { DeliveryLog } from "./delivery/delivery-log";
import { drainHttpServer } from "./http-drain";
import { createLogger } from "./logger";
import { coreConfigOf, createApp, listen } from "./server";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function listenProblem(error: NodeJS.ErrnoException, config: AppConfig): string {
  const where = `${config.HOST}:${config.PORT}`;
  if (error.code === "EADDRINUSE")
    return `Port ${config.PORT} is already in use on ${config.HOST}; stop what uses it or set PORT to another port.`;
  if (error.code === "EACCES") return `Not allowed to listen on ${where}; choose a PORT above 1023 or run with the needed privilege.`;
  if (error.code === "EADDRNOTAVAIL") return `Cannot listen on ${where}: HOST is not an address of this machine.`;
  return `Cannot listen on ${where}: ${error.message}`;
}

/** Fails fast on a taken port, before the database is opened (and perhaps created and migrated). */
function probePort(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    fail((error as Error).message);
  }
  setHeapGrowthPercent(config.HEAP_GROWTH_PERCENT);
  // The database package reads the directory from here; it is absolute now (see config).
  process.env.DATA_DIR = config.DATA_DIR;
  const logger = createLogger(config.LOG_LEVEL);

  // Lock before anything opens or creates files: a second process must leave the data untouched.
  let lock: DataDirLock | null = null;
  const dataDir = isPostgresUrl(config.DATABASE_URL) ? undefined : resolveDataDir(config.DATABASE_URL);
  if (dataDir) {
    try {
      lock = await lockDataDir(dataDir, (error) => {
        logger.fatal({ err: error }, "lost the data directory lock; stopping so two processes never write it");
        process.exit(1);
      });
    } catch (error) {
      fail(error instanceof DataDirLockedError ? error.message : `Cannot lock ${dataDir}: ${(error as Error).message}`);
    }
  }

  // The stop signal is ours from here on, not only once everything runs: a SIGTERM while the
  // database opens (migrations) or the worker starts would otherwise kill the process mid-start
  // and leave the lock behind. A signal during start-up lets the step under way finish, starts
  // nothing more, and then stops what was started (the shutdown bound counts from there).
  let started!: () => void;
  const startup = new Promise<void>((resolve) => {
    started = resolve;
  });
  let stopping = false;
  let server: http.Server | null = null;
  let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
  let db: Database | null = null;
  let deliveryLog: DeliveryLog | null = null;
  onStopSignal((signal) => {
    stopping = true;
    logger.info({ signal }, "stopping: finishing in-flight requests");
    void startup.then(() =>
      runShutdown(
        [
          // Most of the bound goes to requests; the rest to the worker and the database.
          { name: "http", run: async () => server && drainHttpServer(server, Math.floor(config.SHUTDOWN_TIMEOUT_MS * 0.6)) },
          // The hits counted since the last summary line (delivery-log.ts).
          { name: "delivery log", run: async () => deliveryLog?.flush() },
          { name: "worker", run: async () => worker?.stop() },
          { name: "database", run: async () => db?.close() },
          { name: "data directory lock", run: async () => lock?.release() },
        ],
        config.SHUTDOWN_TIMEOUT_MS,
        logger,
      ),
    );
  }, logger);

  try {
    await probePort(config.PORT, config.HOST);
  } catch (error) {
    await lock?.release();
    fail(listenProblem(error as NodeJS.ErrnoException, config));
  }

  let opened: Database;
  try {
    opened = await createDb(config.DATABASE_URL, {
      transactionMaxWaitMs: config.DB_TRANSACTION_MAX_WAIT_MS,
      onListenConnectionLost: (err) => logger.warn({ err }, "lost the database connection used for LISTEN; reconnecting"),
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  db = opened;
  if (stopping) return started();
  logger.info({ database: isPostgresUrl(config.DATABASE_URL) ? "postgresql" : "pglite", dataDir }, "database ready");
  // A large import on PGlite commits batch by batch; one the last process did not finish is taken back before any request.
  const undone = await undoUnfinishedImports(opened);
  if (undone > 0) logger.warn({ imports: undone }, "took back imports the previous process left unfinished");
  const created = createApp(opened, config, logger);
  const { app, deps } = created;
  deliveryLog = created.deliveryLog;
  logger.info(`translation memory search: ${describeTmEngine(deps)}`);

  let url: string;
  try {
    ({ server, url } = await listen(app, config.PORT, config.HOST));
  } catch (error) {
    await opened.close();
    await lock?.release();
    fail(listenProblem(error as NodeJS.ErrnoException, config));
  }
  if (stopping) return started();
  // The worker starts once the port is ours, so a refused start leaves no job half-claimed.
  worker =
    config.workerMode === "embedded"
      ? await startWorker({ db: opened, config: coreConfigOf(config), runtime: deps.runtime, env: { ...config }, logger })
      : null;
  logger.info(`Locale Service listening on ${url}`);
  console.log(`\n  Locale Service is running: ${url}\n  API docs: ${url}/api/docs\n`);
  // Once, now that start-up is over: the young generation start-up grew and the memory malloc kept
  // after it go back to the system (≈ 80 MB of an idle api's RSS; @locale/runtime, startup-memory.ts).
  releaseStartupMemorySoon((result) => logger.info(result, "gave back start-up memory"));

  started();
}

await main();
