// Opens the database: embedded PGlite (no url, a directory, or memory://) or a PostgreSQL server
// (postgres:// url), applies pending migrations, and exposes the raw channel that the queue and
// LISTEN/NOTIFY need alongside the Prisma client.

import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "./generated/prisma/client";
import { applyMigrations, everyMigrationApplied } from "./migrations";
import { PgListener } from "./pg-listener";
import { pgliteReadSnapshot, pgReadSnapshot, type SnapshotReader } from "./read-snapshot";
import { pgWriteTransaction, prismaWriteTransaction, type SqlTransaction } from "./write-transaction";

export type DbKind = "pglite" | "postgres";

export interface Database {
  kind: DbKind;
  prisma: PrismaClient;
  /** Raw SQL outside Prisma, for the job queue and hand-tuned reads. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * LISTEN on a channel; resolves to an unsubscribe function. Notifications arrive after commit.
   * PostgreSQL: when the connection was lost (server restart, failover, terminated backend) the
   * channel is listened to again on a new one and `onResubscribed` runs, so the subscriber can
   * read what it may have missed meanwhile; PGlite never loses it.
   */
  listen(channel: string, onMessage: (payload: string) => void, onResubscribed?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs `read` in a read-only REPEATABLE READ transaction outside Prisma (one consistent snapshot,
   * rows as arrays without Prisma's per-row decoding), for reads of many rows such as exports. On
   * PGlite it waits for a running transaction, so never call it from inside one.
   */
  readSnapshot<T>(read: (reader: SnapshotReader) => Promise<T>): Promise<T>;
  /**
   * Runs `work`'s statements in one write transaction (committed when it resolves, rolled back
   * when it throws): on PostgreSQL a pooled `pg` connection outside Prisma, on PGlite Prisma's
   * interactive transaction (write-transaction.ts). For the commonest writes; as with
   * `prisma.$transaction`, PGlite's one connection is held, so inside it use only `tx`.
   */
  transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  /** Factory the schema engine uses for migrations (and shadow databases). */
  migrationFactory: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /** Emit Prisma query events (tests count queries with it). */
  logQueries?: boolean;
  /** Pool size for PostgreSQL (default 10). */
  poolSize?: number;
  /**
   * How long a transaction may wait to start (default 20 s): on PGlite, for the one transaction
   * running (a long import); past it the request fails with P2028, answered 503 + Retry-After.
   */
  transactionMaxWaitMs?: number;
  /** PostgreSQL: `application_name` of every connection (default APPLICATION_NAME). */
  applicationName?: string;
  /** PostgreSQL: called when the LISTEN connection is lost (it reconnects by itself). */
  onListenConnectionLost?: (error: Error | undefined) => void;
}

const TRANSACTION_OPTIONS = { maxWait: 20_000, timeout: 300_000 };
const CONNECT_TIMEOUT_MS = 10_000;

function transactionOptions(options: CreateDbOptions) {
  return { ...TRANSACTION_OPTIONS, ...(options.transactionMaxWaitMs ? { maxWait: options.transactionMaxWaitMs } : {}) };
}

// fuzzystrmatch: TM search verifies candidates with levenshtein_less_equal in the database.
function newPGlite(dataDir?: string): Promise<PGlite> {
  return PGlite.create(dataDir, { extensions: { pg_trgm, fuzzystrmatch } });
}

/** pglite-prisma-adapter's executeScript does not await the script, so errors and ordering are lost. */
function awaitScripts<T extends object>(adapter: T, client: PGlite): T {
  Object.assign(adapter, { executeScript: async (script: string) => void (await client.exec(script)) });
  return adapter;
}

function pgliteMigrationFactory(client: PGlite): SqlMigrationAwareDriverAdapterFactory {
  const base = new PrismaPGlite(client);
  return {
    provider: "postgres",
    adapterName: base.adapterName,
    connect: async () => awaitScripts(await base.connect(), client),
    connectToShadowDb: async () => {
      const shadow = await newPGlite();
      return awaitScripts(await new PrismaPGlite(shadow).connect(), shadow);
    },
  } as unknown as SqlMigrationAwareDriverAdapterFactory;
}

export function resolveDataDir(url: string | undefined): string | undefined {
  if (url === "memory://") return undefined;
  if (url?.startsWith("file:")) return url.slice("file:".length);
  return path.resolve(process.env.DATA_DIR ?? "./data", "pglite");
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/** PostgreSQL: gives up the advisory lock the schema engine kept on its connection. */
const migrationLockReleasers = new WeakMap<Database, () => Promise<void>>();

export async function createDb(url?: string, options: CreateDbOptions = {}): Promise<Database> {
  const db = isPostgresUrl(url) ? await openPostgres(url, options) : await openPGlite(url, options);
  if (options.migrate !== false) {
    try {
      if (!(await everyMigrationApplied(db.query))) {
        await applyMigrations(db.migrationFactory);
        await migrationLockReleasers.get(db)?.();
      }
    } catch (error) {
      await db.close();
      throw error;
    }
  }
  return db;
}

function prismaLog(options: CreateDbOptions) {
  return options.logQueries ? ([{ emit: "event", level: "query" }] as const) : undefined;
}

async function openPGlite(url: string | undefined, options: CreateDbOptions): Promise<Database> {
  const dataDir = resolveDataDir(url);
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await newPGlite(dataDir);
  const prisma = new PrismaClient({
    adapter: new PrismaPGlite(client),
    transactionOptions: transactionOptions(options),
    log: prismaLog(options) as never,
  });
  return {
    kind: "pglite",
    prisma,
    async query<T>(sql: string, params: unknown[] = []) {
      return (await client.query<T>(sql, params)).rows;
    },
    async listen(channel, onMessage) {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await client.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    readSnapshot: (read) => pgliteReadSnapshot(client, read),
    transaction: (work) => prismaWriteTransaction(prisma, work),
    migrationFactory: pgliteMigrationFactory(client),
    async close() {
      await prisma.$disconnect();
      await client.close();
    },
  };
}

/** How the service's connections name themselves in pg_stat_activity (operators find them by it). */
export const APPLICATION_NAME = "locale-service";

async function openPostgres(url: string, options: CreateDbOptions): Promise<Database> {
  const connection = {
    connectionString: url,
    application_name: options.applicationName ?? APPLICATION_NAME,
    // A server that went away answers nothing: give up on a new connection (the request answers
    // 503) instead of waiting as long as the operating system would, and notice dead peers.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  };
  const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10 });
  // An idle client's network error must not crash the process; the pool replaces the client.
  pool.on("error", () => {});
  const prisma = new PrismaClient({
    adapter: new PrismaPg(pool),
    transactionOptions: transactionOptions(options),
    log: prismaLog(options) as never,
  });
  // The schema engine takes Prisma's session-level migration advisory lock and, running in this
  // process rather than as its own, never ends that session: the lock stayed with an open pool
  // connection, and every other process starting on the database waited for it and failed after
  // 10 s (P1002). The engine gets one connection of its own, released by unlocking it there.
  const migrationPool = new pg.Pool({ ...connection, max: 1 });
  migrationPool.on("error", () => {});
  const listener = new PgListener(connection, options.onListenConnectionLost);
  const db: Database = {
    kind: "postgres",
    prisma,
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[];
    },
    listen: (channel, onMessage, onResubscribed) => listener.listen(channel, onMessage, onResubscribed),
    async notify(channel, payload) {
      await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    readSnapshot: (read) => pgReadSnapshot(pool, read),
    transaction: (work) => pgWriteTransaction(pool, work),
    migrationFactory: new PrismaPg(migrationPool) as unknown as SqlMigrationAwareDriverAdapterFactory,
    async close() {
      await prisma.$disconnect();
      await listener.close();
      await pool.end();
      await migrationPool.end();
    },
  };
  migrationLockReleasers.set(db, async () => void (await migrationPool.query("SELECT pg_advisory_unlock_all()")));
  return db;
}
