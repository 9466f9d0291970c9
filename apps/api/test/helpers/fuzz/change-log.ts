// Which stored rows a request changed: a row trigger on every table of the service's schema
// appends (table, operation) to a log table inside the writing transaction, so a rolled-back write
// leaves nothing and a committed one is seen at once. Reading the log's high-water mark costs one
// index lookup, cheap enough to check after every fuzzed request. Bookkeeping a read legitimately
// touches (a token's lastUsedAt, a session's sliding expiry) is not logged, nor the sign-in
// throttle's counters, which a refused sign-in is meant to leave behind, nor the rate limiter's
// shared buckets, which every request spends from. Test databases only.
import type { Database } from "@locale/db";

/** Columns a request may update without changing what the tenant stored. */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  ApiToken: ["lastUsedAt"],
  Session: ["lastSeenAt", "expiresAt"],
};

const LOG = "fuzz_change_log";

export interface ChangeLog {
  /** The log's high-water mark: equal marks mean nothing changed in between. */
  position(): Promise<number>;
  /** `Table:OPERATION×n` for every change after `position`. */
  changesSince(position: number): Promise<string[]>;
}

export async function installChangeLog(db: Database): Promise<ChangeLog> {
  const tables = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
       AND table_name NOT IN ('_prisma_migrations', '${LOG}', 'SignInThrottle', 'RateLimitBucket')`,
  );
  await db.query(`CREATE TABLE IF NOT EXISTS ${LOG} (id bigserial PRIMARY KEY, table_name text NOT NULL, op text NOT NULL)`);
  await db.query(`
    CREATE OR REPLACE FUNCTION ${LOG}_record() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - coalesce(TG_ARGV, '{}'::text[])) = (to_jsonb(NEW) - coalesce(TG_ARGV, '{}'::text[])) THEN
        RETURN NULL;
      END IF;
      INSERT INTO ${LOG} (table_name, op) VALUES (TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$`);
  for (const { table_name: table } of tables) {
    const args = (VOLATILE_COLUMNS[table] ?? []).map((c) => `'${c}'`).join(", ");
    await db.query(`DROP TRIGGER IF EXISTS ${LOG}_trigger ON "${table}"`);
    await db.query(
      `CREATE TRIGGER ${LOG}_trigger AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION ${LOG}_record(${args})`,
    );
  }
  return {
    async position() {
      const [row] = await db.query<{ n: string | number | null }>(`SELECT max(id) AS n FROM ${LOG}`);
      return Number(row?.n ?? 0);
    },
    async changesSince(position) {
      const rows = await db.query<{ table_name: string; op: string; n: string | number }>(
        `SELECT table_name, op, count(*) AS n FROM ${LOG} WHERE id > $1 GROUP BY table_name, op ORDER BY table_name, op`,
        [position],
      );
      return rows.map((r) => `${r.table_name}:${r.op}×${r.n}`);
    },
  };
}
