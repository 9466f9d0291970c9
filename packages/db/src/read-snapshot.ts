// Large reads outside Prisma: one read-only REPEATABLE READ transaction on a connection of its own,
// rows handed back as arrays of column values. Prisma turns every row of a raw query into an
// object with typed values; for an export of 100,000 rows that decoding alone cost about what
// PostgreSQL needs to send them (BENCHMARKS.md, issue 26). Only the reader is exposed, never the
// connection, so the transaction always ends (COMMIT, or ROLLBACK on error) and the connection
// goes back to the pool.
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";
import { copyLines } from "./copy-lines";
import { inPgTransaction } from "./pg-transaction";

export interface SnapshotReader {
  /**
   * Runs one statement in the snapshot; the rows as arrays, in the select list's order. Values
   * come as the drivers parse text (text, uuid and enums as strings); cast anything else in SQL.
   */
  arrays(sql: string, params?: unknown[]): Promise<unknown[][]>;
  /**
   * PostgreSQL only (PGlite has no COPY to the client): the rows of `select`, one text column per
   * row holding no line break, U+0001 or U+0002 and not `\.` alone, each written as its bytes and a newline; resolves
   * to the number of rows (copy-lines.ts). `select` takes no parameters: write values with
   * `sqlLiteral`.
   */
  copyLines?(select: string, write: (piece: Uint8Array) => Promise<void>): Promise<number>;
}

/** Every statement of the transaction sees the same committed state; nothing can be written. */
const SNAPSHOT = "ISOLATION LEVEL REPEATABLE READ, READ ONLY";

export function pgReadSnapshot<T>(pool: pg.Pool, read: (reader: SnapshotReader) => Promise<T>): Promise<T> {
  return inPgTransaction(pool, `BEGIN ${SNAPSHOT}`, (client) =>
    read({
      arrays: async (sql, params = []) => (await client.query<unknown[]>({ text: sql, values: params, rowMode: "array" })).rows,
      copyLines: (select, write) => copyLines(client, select, write),
    }),
  );
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
