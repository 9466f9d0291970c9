// Sign-in throttling, kept in the SignInThrottle table so every api replica sees the same counts.
// A subject is "account:<lower-cased e-mail>" or "address:<client address>" (and "reset:<address>"
// for password-reset requests). Failures count within a window of SIGNIN_BLOCK_SECONDS from the
// first one; from half the limit on, each attempt waits a little longer (at most 1 s); the attempt
// that reaches the limit with a wrong password, and every attempt after it until the block ends,
// is refused with 429 + Retry-After, even with the right password.
//
// An attempt is counted *before* the password is checked (one upsert statement, atomic on PGlite
// and PostgreSQL alike), so parallel guesses cannot all pass a check that none has yet failed:
// each gets its own number. A right password then takes its count back (the account's counter is
// cleared, the address's decremented); a wrong one leaves it, and blocks the subject at the limit.
import type { Database } from "@locale/db";
import type { SystemContext } from "../context";
import { AppError } from "../errors/app-error";
import { sha256 } from "../shared/secrets";
import { type AccountConfig, DEFAULT_ACCOUNT_CONFIG } from "./account-config";

/** Slow-down step per failure beyond half the limit, and its cap. */
const DELAY_STEP_MS = 200;
const DELAY_MAX_MS = 1000;

/** 429 with the seconds until the block ends (REST sends them as Retry-After). */
export class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message = "Too many failed attempts; try again later") {
    super("TOO_MANY_REQUESTS", message);
    this.name = "TooManyRequestsError";
    this.retryAfterSeconds = Math.max(1, retryAfterSeconds);
  }
}

interface Subject {
  key: string;
  limit: number;
}

export const accountConfigOf = (ctx: Pick<SystemContext, "config">): AccountConfig => ctx.config.account ?? DEFAULT_ACCOUNT_CONFIG;

/** Keys stay short enough for the primary key's index whatever a client sends (sign-in takes any string). */
const MAX_KEY_VALUE = 320;
const keyOf = (prefix: string, value: string): string =>
  value.length <= MAX_KEY_VALUE ? `${prefix}:${value}` : `${prefix}:sha256:${sha256(value)}`;

export const accountSubject = (config: AccountConfig, email: string): Subject => ({
  key: keyOf("account", email.trim().toLowerCase()),
  limit: config.maxFailuresPerAccount,
});
export const addressSubject = (config: AccountConfig, address: string | null | undefined, prefix: "address" | "reset" = "address") => ({
  key: keyOf(prefix, address || "unknown"),
  limit: config.maxFailuresPerAddress,
});

// The column keeps milliseconds: the block's end is computed from now() truncated to them, so
// the stored value is never rounded up past it (Retry-After = the ceiling of what remains).
const blockEnd = (secondsParam: string) => `date_trunc('milliseconds', now()) + ${secondsParam}::int * interval '1 second'`;

// A window is over when its block has ended, or (no block) when it began a block length ago.
const STALE = `((t."blockedUntil" IS NULL AND t."windowStart" <= now() - $3::int * interval '1 second')
            OR (t."blockedUntil" IS NOT NULL AND t."blockedUntil" <= now()))`;

/** Counts one attempt; a count over the limit blocks at once (parallel attempts past the limit). */
const COUNT_SQL = `
  INSERT INTO "SignInThrottle" AS t (subject, failures, "windowStart", "blockedUntil", "updatedAt")
  VALUES ($1, 1, now(), CASE WHEN 1 > $2::int THEN ${blockEnd("$3")} END, now())
  ON CONFLICT (subject) DO UPDATE SET
    failures = CASE WHEN ${STALE} THEN 1 ELSE t.failures + 1 END,
    "windowStart" = CASE WHEN ${STALE} THEN now() ELSE t."windowStart" END,
    "blockedUntil" = CASE
      WHEN t."blockedUntil" > now() THEN t."blockedUntil"
      WHEN NOT ${STALE} AND t.failures + 1 > $2::int THEN ${blockEnd("$3")}
      ELSE NULL END,
    "updatedAt" = now()
  RETURNING failures, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (t."blockedUntil" - now()))))::int AS "retryAfter"`;

/** Blocks a subject that reached its limit (an existing block is kept, never extended). */
const BLOCK_SQL = `
  UPDATE "SignInThrottle" AS t
     SET "blockedUntil" = CASE WHEN t."blockedUntil" > now() THEN t."blockedUntil" ELSE ${blockEnd("$2")} END,
         "updatedAt" = now()
   WHERE t.subject = $1
  RETURNING GREATEST(1, CEIL(EXTRACT(EPOCH FROM (t."blockedUntil" - now()))))::int AS "retryAfter"`;

/** Rows untouched for a whole window are stale (their next use starts afresh): forgetting them changes nothing. */
const PURGE_SQL = `DELETE FROM "SignInThrottle" WHERE "updatedAt" < now() - $1::int * interval '1 second'`;
const TAKE_BACK_SQL = `UPDATE "SignInThrottle" SET failures = GREATEST(failures - 1, 0), "updatedAt" = now() WHERE subject = $1`;
const CLEAR_SQL = `DELETE FROM "SignInThrottle" WHERE subject = $1`;

interface Counted {
  subject: Subject;
  failures: number;
}

async function countAttempt(db: Database, subject: Subject, blockSeconds: number, message?: string): Promise<Counted> {
  const [row] = await db.query<{ failures: number; retryAfter: number | null }>(COUNT_SQL, [subject.key, subject.limit, blockSeconds]);
  const failures = Number(row?.failures ?? 1);
  // Whenever a window starts (a new subject, or one whose window had passed), stale rows go, so
  // e-mails sprayed at the sign-in form do not pile up; an index range scan, usually empty.
  if (failures === 1) await db.query(PURGE_SQL, [blockSeconds]);
  const retryAfter = Number(row?.retryAfter ?? 0);
  if (retryAfter > 0) throw new TooManyRequestsError(retryAfter, message);
  return { subject, failures };
}

/** The wait before checking a password, from the failures that came before this attempt. */
export function slowdownMs(failuresBefore: number, limit: number): number {
  const slowFrom = Math.ceil(limit / 2);
  if (failuresBefore < slowFrom) return 0;
  return Math.min(DELAY_MAX_MS, DELAY_STEP_MS * (failuresBefore - slowFrom + 1));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface SignInAttempt {
  /** The password was right: the account's counter is cleared, the address's count taken back. */
  succeeded(): Promise<void>;
  /** The password was wrong: throws 429 when this failure reached a limit, else returns. */
  failed(): Promise<void>;
}

/**
 * Counts an attempt for each subject (throws 429 while any is blocked), waits the slow-down, and
 * returns how to settle the attempt once the password has been checked. The address is counted
 * first: a blocked address does not touch the account's counter.
 */
export async function beginAttempt(
  db: Database,
  config: AccountConfig,
  subjects: { account?: Subject; address?: Subject },
): Promise<SignInAttempt> {
  const counted: Counted[] = [];
  for (const subject of [subjects.address, subjects.account]) {
    if (subject) counted.push(await countAttempt(db, subject, config.blockSeconds));
  }
  const delay = Math.max(0, ...counted.map((c) => slowdownMs(c.failures - 1, c.subject.limit)));
  if (delay > 0) await sleep(delay);
  return {
    async succeeded() {
      if (subjects.account) await db.query(CLEAR_SQL, [subjects.account.key]);
      if (subjects.address) await db.query(TAKE_BACK_SQL, [subjects.address.key]);
    },
    async failed() {
      let retryAfter = 0;
      for (const c of counted) {
        if (c.failures < c.subject.limit) continue;
        const [row] = await db.query<{ retryAfter: number }>(BLOCK_SQL, [c.subject.key, config.blockSeconds]);
        retryAfter = Math.max(retryAfter, Number(row?.retryAfter ?? config.blockSeconds));
      }
      if (retryAfter > 0) throw new TooManyRequestsError(retryAfter);
    },
  };
}

/** A sign-in by e-mail and password: counted for the account and for the client address. */
export function beginSignInAttempt(ctx: SystemContext, email: string): Promise<SignInAttempt> {
  const config = accountConfigOf(ctx);
  return beginAttempt(ctx.db, config, {
    account: accountSubject(config, email),
    address: addressSubject(config, ctx.client?.ipAddress),
  });
}

/** Forgets an account's failures (after a successful password reset, which proves the mailbox). */
export async function clearAccountThrottle(db: Database, config: AccountConfig, email: string): Promise<void> {
  await db.query(CLEAR_SQL, [accountSubject(config, email).key]);
}

/**
 * Counts a password-reset request for the client address ("reset:<address>", the per-address
 * limit): every request counts, so past the limit a flood of reset mails from one address is
 * refused with 429 until the block ends.
 */
export async function countResetRequest(ctx: SystemContext): Promise<void> {
  const config = accountConfigOf(ctx);
  const subject = addressSubject(config, ctx.client?.ipAddress, "reset");
  await countAttempt(ctx.db, subject, config.blockSeconds, "Too many password reset requests from this address; try again later");
}
