// Standalone worker process (`pnpm --filter @locale/worker start`), for running api and worker
// separately against one PostgreSQL database.

import { DEFAULT_CORE_CONFIG } from "@locale/core";
import { createDb } from "@locale/db";
import { pino } from "pino";
import { startWorker } from "./index";

const logger = pino({ level: process.env.LOG_LEVEL ?? "info" });
const url = process.env.DATABASE_URL;
if (!url) {
  logger.warn("DATABASE_URL is not set: the worker opens the embedded database, which only one process may use at a time");
}
const db = await createDb(url);
const worker = await startWorker({
  db,
  config: {
    ...DEFAULT_CORE_CONFIG,
    publicUrl: process.env.PUBLIC_URL ?? DEFAULT_CORE_CONFIG.publicUrl,
    projectRetentionDays: Number(process.env.PROJECT_RETENTION_DAYS ?? DEFAULT_CORE_CONFIG.projectRetentionDays),
  },
  env: process.env,
  logger,
});
logger.info("worker started");
const stop = async () => {
  await worker.stop();
  await db.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
