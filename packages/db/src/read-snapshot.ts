// Large reads outside Prisma: one read-only REPEATABLE READ transaction on a connection of its own,
// rows handed back as arrays of column values. Prisma turns every row of a raw query into an
// object with typed values; for an export of 100,000 rows that decoding alone cost about what
// PostgreSQL needs to send them (BENCHMARKS.md, issue 26). Only the reader is exposed, never the
// connection, so the transaction always ends (COMMIT, or ROLLBACK on error) and the connection
// goes back to the pool.
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";

export interface SnapshotReader {
  /**
   * Runs one statement in the snapshot; the rows as arrays, in the select list's order. Values
   * come as the drivers parse text (text, uuid and enums as strings); cast anything else in SQL.
   */
  arrays(sql: string, params?: unknown[]): Promise<unknown[][]>;
}

/** Every statement of the transaction sees the same committed state; nothing can be written. */
const SNAPSHOT = "ISOLATION LEVEL REPEATABLE READ, READ ONLY";

export async function pgReadSnapshot<T>(pool: pg.Pool, read: (reader: SnapshotReader) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(`BEGIN ${SNAPSHOT}`);
    try {
      const result = await read({
        arrays: async (sql, params = []) => (await client.query<unknown[]>({ text: sql, values: params, rowMode: "array" })).rows,
      });
      await client.query("COMMIT");
      return result;
    } catch (error) {
      // A connection that cannot even roll back is not given to the next caller.
      await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

/**
 * PGlite has one connection: its transaction waits for any other (Prisma's interactive
 * transactions take the same lock), so this must not be called from inside one.
 */
export async function pgliteReadSnapshot<T>(client: PGlite, read: (reader: SnapshotReader) => Promise<T>): Promise<T> {
  return client.transaction(async (tx: Transaction) => {
    await tx.exec(`SET TRANSACTION ${SNAPSHOT}`);
    return read({
      arrays: async (sql, params = []) => (await tx.query<unknown[]>(sql, params, { rowMode: "array" })).rows,
    });
  });
}
