// The transaction a write's statements run in: Prisma's interactive one (most writers), or one
// outside Prisma (`Database.transaction`: the translation save and the key creation, whose CPU
// Prisma's transaction and query machinery dominated; BENCHMARKS.md, "The write path"). The
// steps both kinds share (the translation writer, the quality gate, activity and its webhook
// outbox, quotas, the translation memory) take either and run their SQL through `sqlOf`.
import type { Prisma, SqlTransaction } from "@locale/db";

type PrismaRaw = Pick<Prisma.TransactionClient, "$queryRawUnsafe" | "$executeRawUnsafe">;

/** A Prisma transaction (or client), or a `Database.transaction`'s statements. */
export type WriteTx = PrismaRaw | SqlTransaction;

/** The statements of either kind of transaction, as `$1`… SQL. */
export function sqlOf(tx: WriteTx): SqlTransaction {
  if (typeof (tx as PrismaRaw).$queryRawUnsafe !== "function") return tx as SqlTransaction;
  const prisma = tx as PrismaRaw;
  return {
    query: (sql, params = []) => prisma.$queryRawUnsafe(sql, ...params),
    execute: (sql, params = []) => prisma.$executeRawUnsafe(sql, ...params),
  };
}
