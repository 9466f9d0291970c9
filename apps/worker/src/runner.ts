import type { CoreConfig, CoreRuntime } from "@locale/core";
import type { Database } from "@locale/db";
import type { Logger } from "pino";

/** Deployment environment the worker's jobs read (AI keys, SMTP, concurrency). */
export type WorkerEnv = Record<string, unknown>;

export interface WorkerDeps {
  db: Database;
  config: CoreConfig;
  /** The process's caches and clients: the worker's main makes one, the api shares its own when it embeds the worker. */
  runtime: CoreRuntime;
  env: WorkerEnv;
  logger: Logger;
}

/** One kind of background work; started with the worker, stopped on shutdown. */
export interface Runner {
  name: string;
  start(deps: WorkerDeps): Promise<{ stop(): Promise<void> }>;
}
