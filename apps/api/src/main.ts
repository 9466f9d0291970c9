// Starts the service: configuration, database (embedded PGlite by default), migrations, the HTTP
// server and — in embedded mode — the worker in the same process.
import { createDb, isPostgresUrl } from "@locale/db";
import { startWorker } from "@locale/worker";
import { type AppConfig, loadConfig } from "./config";
import { createLogger } from "./logger";
import { coreConfigOf, createApp, listen } from "./server";

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  process.env.DATA_DIR = config.DATA_DIR;
  const logger = createLogger(config.LOG_LEVEL);
  const db = await createDb(config.DATABASE_URL);
  logger.info({ database: isPostgresUrl(config.DATABASE_URL) ? "postgresql" : "pglite" }, "database ready");
  const { app } = createApp(db, config, logger);
  const worker =
    config.workerMode === "embedded" ? await startWorker({ db, config: coreConfigOf(config), env: { ...config }, logger }) : null;
  const { server, url } = await listen(app, config.PORT, config.HOST);
  logger.info(`Locale Service listening on ${url}`);
  console.log(`\n  Locale Service is running: ${url}\n  API docs: ${url}/api/docs\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    await worker?.stop();
    await db.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

await main();
