// The job queue every runner shares: pg-boss 10 over our own `Database`, on PostgreSQL and on the
// embedded PGlite alike. pg-boss keeps its tables in its own `pgboss` schema and creates (and
// migrates) them itself on start(); our Prisma migrations never touch it.
//
// Semantics runners rely on:
// - a job is handed to one worker at a time (pg-boss fetches with FOR UPDATE SKIP LOCKED);
// - a handler that throws fails the job, which pg-boss retries up to `retryLimit` times after
//   `retryDelay` seconds (doubling, with jitter, when `retryBackoff`);
// - a job is leased for `expireInSeconds`: a handler still running then is failed (and retried),
//   and a job whose worker died is failed by the maintenance sweep of whichever instance is alive,
//   so another instance resumes it. Handlers must therefore be idempotent.

import type { Database, Prisma } from "@locale/db";
import PgBoss from "pg-boss";
import type { Logger } from "pino";
import { guardPgBossCompletion } from "./pg-boss-completion";
import { databaseExecutor, type SqlExecutor, transactionExecutor } from "./sql-adapters";

export interface QueueSendOptions {
  /** Job id (a UUID); sending an id that exists is a no-op that returns null. */
  id?: string;
  /** With a queue `policy` of singleton/stately, at most one queued job per key. */
  singletonKey?: string;
  /** When the job becomes available: a Date, or a delay in seconds. */
  startAfter?: Date | number;
  /** Retries after the first failure (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 0; at least 1 with backoff). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** The job's lease: how long one attempt may run before it is failed and retried. */
  expireInSeconds?: number;
  priority?: number;
}

export interface QueueWorkOptions {
  /** Jobs handed to the handler per call (default 1). */
  batchSize?: number;
  /** Independent pollers in this process, each running one batch at a time (default 1). */
  concurrency?: number;
  /** How often an idle poller looks for jobs (default: the queue's, 1 s). */
  pollingIntervalSeconds?: number;
}

export interface QueueJob<T> {
  id: string;
  name: string;
  data: T;
}

export type JobHandler<T> = (jobs: QueueJob<T>[]) => Promise<void>;

export interface CreateQueueOptions {
  /** Postgres schema of pg-boss's tables (default "pgboss"). */
  schema?: string;
  pollingIntervalSeconds?: number;
  /** How often one instance (of all that share the database) sweeps expired and old jobs. */
  maintenanceIntervalSeconds?: number;
  /** Default lease of a job (default 300 s). */
  expireInSeconds?: number;
}

export interface JobQueue {
  start(): Promise<void>;
  /** Stops polling, waits up to `timeoutMs` for running handlers, then fails what is left (to be retried). */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  send<T extends object>(name: string, data: T, options?: QueueSendOptions): Promise<string | null>;
  /** Creates the job inside the caller's Prisma transaction: it exists iff the transaction commits. */
  sendInTransaction<T extends object>(
    tx: Prisma.TransactionClient,
    name: string,
    data: T,
    options?: QueueSendOptions,
  ): Promise<string | null>;
  work<T extends object>(name: string, options: QueueWorkOptions, handler: JobHandler<T>): Promise<void>;
  /** Makes this instance's idle pollers of `name` look for jobs now rather than at their next poll. */
  wake(name: string): void;
  /** The underlying pg-boss instance, for what this interface does not cover (queue policies, cron). */
  readonly boss: PgBoss;
}

export const QUEUE_SCHEMA = "pgboss";

function toPgBossSend(options: QueueSendOptions, executor?: SqlExecutor): PgBoss.SendOptions {
  const { expireInSeconds, ...rest } = options;
  return {
    ...rest,
    ...(expireInSeconds !== undefined ? { expireInSeconds } : {}),
    ...(executor ? { db: executor as PgBoss.Db } : {}),
  };
}

/**
 * pg-boss's create_queue, one creation at a time across every process. The function inserts the
 * queue's row, then adds foreign keys from the new partition to the queue table, which waits for
 * every other transaction that inserted a queue row: two processes creating queues at the same
 * moment (two workers starting on a fresh database) deadlock. A transaction-level advisory lock,
 * taken first, makes them take turns; the loser of the race then finds the row and returns.
 */
async function createQueueInTurn(executor: SqlExecutor, schema: string, name: string): Promise<void> {
  await executor.executeSql("SELECT 1 AS ok FROM (SELECT pg_advisory_xact_lock(hashtext($1))) AS locked", [`${schema}.create_queue`]);
  await executor.executeSql(`SELECT 1 AS ok FROM ${schema}.create_queue($1, $2::json)`, [name, { policy: "standard" }]);
}

export function createQueue(db: Database, logger: Logger, options: CreateQueueOptions = {}): JobQueue {
  guardPgBossCompletion();
  const schema = options.schema ?? QUEUE_SCHEMA;
  const executor = databaseExecutor(db);
  const boss = new PgBoss({
    db: executor as PgBoss.Db,
    schema,
    // Cron and clock-skew monitoring are not used; they would only add polling queries.
    schedule: false,
    supervise: true,
    migrate: true,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    expireInSeconds: options.expireInSeconds ?? 300,
  });
  boss.on("error", (err) => logger.error({ err }, "job queue error"));

  const ensured = new Map<string, Promise<void>>();
  const existing = new Set<string>();
  const ensureQueue = (name: string): Promise<void> => {
    let done = ensured.get(name);
    if (!done) {
      // The turn may be held by a request that is creating the queue in its own transaction.
      const turn = { maxWait: 60_000, timeout: 60_000 };
      done = db.prisma
        .$transaction((tx) => createQueueInTurn(transactionExecutor(tx), schema, name), turn)
        .then(
          () => void existing.add(name),
          (error: unknown) => {
            ensured.delete(name);
            throw error;
          },
        );
      ensured.set(name, done);
    }
    return done;
  };

  const pollerIds = new Map<string, string[]>();
  let started = false;
  return {
    boss,
    async start() {
      if (started) return;
      await boss.start();
      started = true;
    },
    async stop({ timeoutMs = 30_000 } = {}) {
      if (!started) return;
      started = false;
      // pg-boss resolves stop() only after shutdown (or at once with wait:false); wait for the
      // "stopped" event so no handler or completion query outlives the database connection.
      const stopped = new Promise<void>((resolve) => boss.once("stopped", () => resolve()));
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      await stopped;
    },
    async send(name, data, sendOptions = {}) {
      await ensureQueue(name);
      return boss.send(name, data, toPgBossSend(sendOptions));
    },
    async sendInTransaction(tx, name, data, sendOptions = {}) {
      const txExecutor = transactionExecutor(tx);
      // Queue creation must run on the transaction too: on PGlite a query outside it would wait
      // for the transaction to finish, which waits for this call. A queue that exists already
      // (committed by anyone) needs no creation, and so no turn: the lock is held until commit.
      if (!existing.has(name)) {
        const found = await txExecutor.executeSql(`SELECT 1 AS ok FROM ${schema}.queue WHERE name = $1`, [name]);
        if (found.rows.length > 0) existing.add(name);
        else await createQueueInTurn(txExecutor, schema, name);
      }
      return boss.send(name, data, toPgBossSend(sendOptions, txExecutor));
    },
    async work(name, workOptions, handler) {
      await ensureQueue(name);
      const pollers = Math.max(1, workOptions.concurrency ?? 1);
      for (let i = 0; i < pollers; i++) {
        const id = await boss.work(
          name,
          {
            batchSize: workOptions.batchSize ?? 1,
            ...(workOptions.pollingIntervalSeconds ? { pollingIntervalSeconds: workOptions.pollingIntervalSeconds } : {}),
          },
          async (jobs) => handler(jobs.map((j) => ({ id: j.id, name: j.name, data: j.data as never }))),
        );
        pollerIds.set(name, [...(pollerIds.get(name) ?? []), id]);
      }
    },
    wake(name) {
      if (!started) return;
      for (const id of pollerIds.get(name) ?? []) boss.notifyWorker(id);
    },
  };
}
