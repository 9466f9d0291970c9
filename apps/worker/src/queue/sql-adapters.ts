// pg-boss talks to the database through `executeSql(text, values)`. These adapters point it at our
// `Database` (both backends) and at a Prisma transaction, so pg-boss never opens a pool of its own
// and, on PGlite, shares the single in-process connection with Prisma.
import type { Database, Prisma } from "@locale/db";

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const MULTIPLE_COMMANDS = "42601";

/**
 * pg-boss sends its schema creation, migrations and maintenance as one multi-statement script
 * (`BEGIN; ...; COMMIT;`, no parameters). PostgreSQL runs those through the simple query protocol;
 * PGlite's `query` uses the extended protocol, which refuses them, so they go through the
 * driver's script runner instead. pg-boss ignores the rows of every such script.
 */
export function databaseExecutor(db: Database): SqlExecutor {
  let scriptRunner: Promise<{ executeScript(script: string): Promise<void> }> | undefined;
  return {
    async executeSql(text, values) {
      const params = values ?? [];
      try {
        return { rows: await db.query(text, params) };
      } catch (error) {
        const isScript = db.kind === "pglite" && params.length === 0 && (error as { code?: string }).code === MULTIPLE_COMMANDS;
        if (!isScript) throw error;
        scriptRunner ??= db.migrationFactory.connect() as unknown as Promise<{ executeScript(script: string): Promise<void> }>;
        await (await scriptRunner).executeScript(text);
        return { rows: [] };
      }
    },
  };
}

/**
 * Runs pg-boss statements on a Prisma interactive transaction, so a job is created exactly when
 * the rows that asked for it commit. Plain objects become JSON text: Prisma binds parameters by
 * their JavaScript type and has no implicit json mapping for objects.
 */
export function transactionExecutor(tx: Prisma.TransactionClient): SqlExecutor {
  return {
    async executeSql(text, values) {
      const params = (values ?? []).map((v) =>
        v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date) ? JSON.stringify(v) : v,
      );
      return { rows: await tx.$queryRawUnsafe<Record<string, unknown>[]>(text, ...params) };
    },
  };
}
