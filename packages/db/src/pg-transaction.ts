// One transaction on a pooled `pg` connection of its own, for the statements that run outside
// Prisma (snapshot reads, write transactions). Only the callback's statements run in it, so it
// always ends: COMMIT when the callback resolves, ROLLBACK (and rethrow) when it throws.
import type pg from "pg";

/** `begin` is the whole BEGIN statement (with its isolation level or access mode). */
export async function inPgTransaction<T>(pool: pg.Pool, begin: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // The pool stops listening for a checked-out client's "error" (a terminated connection, a
  // restart); unheard, it would end the process. Its query rejects anyway, which is the answer.
  const ignore = () => {};
  client.on("error", ignore);
  let broken: Error | undefined;
  try {
    await client.query(begin);
    try {
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      // A connection that cannot even roll back is not given to the next caller.
      await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    }
  } finally {
    client.removeListener("error", ignore);
    client.release(broken);
  }
}
