// The shared side of the request rate limiter (docs/api-rules.md, "Rate limits"): one token
// bucket per subject in the RateLimitBucket table, which every api replica spends from. A process
// does not ask per request; it sends what it spent per subject since its last exchange in one
// statement and adopts the buckets' new levels (the database's clock refills them).
import type { Database } from "@locale/db";

/** A bucket's shape: it holds at most `capacity` tokens and refills `perSecond` a second. */
export interface BucketPolicy {
  capacity: number;
  perSecond: number;
}

/**
 * Spends `spent[i]` tokens of `subjects[i]`'s bucket (a new bucket starts full) and returns every
 * bucket's level afterwards; a level below 0 is a debt other replicas ran up between exchanges.
 * Rows are written in subject order, so two replicas exchanging overlapping subjects at once
 * wait for each other instead of deadlocking.
 */
const SPEND_SQL = `
  INSERT INTO "RateLimitBucket" AS b (subject, tokens, "updatedAt")
  SELECT u.s, $3::float8 - u.n, now()
    FROM unnest($1::text[], $2::float8[]) AS u(s, n)
   ORDER BY u.s
  ON CONFLICT (subject) DO UPDATE SET
    tokens = GREATEST(-$3::float8,
      LEAST($3::float8, b.tokens + $4::float8 * EXTRACT(EPOCH FROM now() - b."updatedAt")::float8)
      - ($3::float8 - excluded.tokens)),
    "updatedAt" = now()
  RETURNING subject, tokens`;

/** Buckets idle this long are full again, as a missing row is: they can go. */
const PURGE_SQL = `DELETE FROM "RateLimitBucket" WHERE "updatedAt" < now() - $1::int * interval '1 second'`;

export async function spendRateLimitTokens(
  db: Database,
  policy: BucketPolicy,
  spent: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const levels = new Map<string, number>();
  if (spent.size === 0) return levels;
  const rows = await db.query<{ subject: string; tokens: number }>(SPEND_SQL, [
    [...spent.keys()],
    [...spent.values()],
    policy.capacity,
    policy.perSecond,
  ]);
  for (const row of rows) levels.set(row.subject, Number(row.tokens));
  return levels;
}

/** Deletes buckets untouched for `idleSeconds` (longer than any bucket takes to refill). */
export async function purgeIdleRateLimitBuckets(db: Database, idleSeconds: number): Promise<void> {
  await db.query(PURGE_SQL, [Math.ceil(idleSeconds)]);
}
