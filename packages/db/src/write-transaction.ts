// Write transactions outside Prisma's interactive transaction (`Database.transaction`), for the
// writes every user makes all day (a translation save, a key creation). Prisma's interactive
// transaction and its per-statement query machinery cost those writes more CPU than the
// statements themselves (BENCHMARKS.md, "The write path"); on PostgreSQL this runs the same
// statements on a pooled `pg` connection between BEGIN and COMMIT. On PGlite it stays on Prisma's
// interactive transaction: the one connection queues every transaction behind the one running,
// and Prisma's `maxWait` turns a wait that lasts too long (a large import) into P2028, which the
// service answers 503 with Retry-After.
import type pg from "pg";
import type { PrismaClient } from "./generated/prisma/client";
import { inPgTransaction } from "./pg-transaction";

/** The statements of one write transaction; only this is exposed, so the transaction always ends. */
export interface SqlTransaction {
  /** The rows of one statement (`$1`… parameters), values as the driver parses them. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** One statement whose rows are not wanted (or whose columns, such as `void`, cannot be read); the affected row count. */
  execute(sql: string, params?: readonly unknown[]): Promise<number>;
}

/** Commits when `work` resolves, rolls back when it throws (and rethrows). */
export function pgWriteTransaction<T>(pool: pg.Pool, work: (tx: SqlTransaction) => Promise<T>): Promise<T> {
  return inPgTransaction(pool, "BEGIN", (client) =>
    work({
      query: async (sql, params = []) => (await client.query(sql, params as unknown[])).rows,
      execute: async (sql, params = []) => (await client.query(sql, params as unknown[])).rowCount ?? 0,
    }),
  );
}

/** The same statements through Prisma's interactive transaction (PGlite; see the header). */
export function prismaWriteTransaction<T>(prisma: PrismaClient, work: (tx: SqlTransaction) => Promise<T>): Promise<T> {
  return prisma.$transaction((tx) =>
    work({
      query: (sql, params = []) => tx.$queryRawUnsafe(sql, ...params),
      execute: (sql, params = []) => tx.$executeRawUnsafe(sql, ...params),
    }),
  );
}
