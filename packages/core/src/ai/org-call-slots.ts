// At most AI_MAX_CONCURRENCY provider calls at a time per organization, across every process that
// shares the database (api replicas, workers, the api's synchronous batches). A call holds one of
// the organization's slots 0..N−1: a row of AiCallLease, whose primary key (organizationId, slot)
// is what makes the limit hold — two processes can never both insert the same slot.
//
// - acquire: one statement picks a random slot that has no live lease and inserts it, or takes over
//   a lease that has expired (a conditional ON CONFLICT update, so of two takers one wins);
// - while the call runs the lease is renewed every third of its length, so a crashed process's
//   slots come free after at most one lease (AI_JOB_LEASE_MS, the same time after which its jobs
//   are resumed), and a long call with retries never loses its slot;
// - release: DELETE by holder, so a lease that was taken over is never deleted by its old holder;
// - waiting: a process first queues locally (at most N of its calls ask the database, and a local
//   release hands over at once, so a single process never polls), then polls the table with a
//   jittered backoff of 5–100 ms while other processes hold every slot.
//
// Every process must use the same AI_MAX_CONCURRENCY: slots at or above a process's own limit are
// invisible to it.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Database } from "@locale/db";
import type { RuntimeDeps } from "../runtime/core-runtime";
import { ProviderError } from "./provider-error";
import { sleep } from "./retry";

export interface OrgCallSlotOptions {
  /** Slots per organization (AI_MAX_CONCURRENCY). */
  limit: number;
  /** Lease length; renewed every third of it while the call runs. */
  leaseMs: number;
  /** Aborts the wait (and is passed on to nothing else: the call gets its own signal). */
  signal?: AbortSignal;
}

const PROCESS_TAG = `${hostname()}:${process.pid}`;
const POLL_MIN_MS = 5;
const POLL_MAX_MS = 100;

const ACQUIRE_SQL = `
  INSERT INTO "AiCallLease" ("organizationId", slot, holder, "expiresAt")
  SELECT $1, s, $2, now() + $3::int * interval '1 millisecond'
  FROM generate_series(0, $4::int - 1) AS s
  WHERE NOT EXISTS (
    SELECT 1 FROM "AiCallLease" l WHERE l."organizationId" = $1 AND l.slot = s AND l."expiresAt" > now())
  ORDER BY random()
  LIMIT 1
  ON CONFLICT ("organizationId", slot) DO UPDATE SET holder = EXCLUDED.holder, "expiresAt" = EXCLUDED."expiresAt"
    WHERE "AiCallLease"."expiresAt" <= now()
  RETURNING slot`;
const RENEW_SQL = `UPDATE "AiCallLease" SET "expiresAt" = now() + $4::int * interval '1 millisecond'
  WHERE "organizationId" = $1 AND slot = $2 AND holder = $3`;
const RELEASE_SQL = `DELETE FROM "AiCallLease" WHERE "organizationId" = $1 AND slot = $2 AND holder = $3`;

// ---- the local queue: at most `limit` calls of an organization per process ask the database ----

interface LocalGate {
  active: number;
  waiting: (() => void)[];
}

function aborted(): ProviderError {
  return new ProviderError("Request was aborted", null, false);
}

/**
 * The local queues of one process (held by its CoreRuntime, never by this module): every call of
 * the process must pass the same gates, or the local limit would not hold.
 */
export class CallGates {
  private readonly gates = new Map<string, LocalGate>();

  async enter(organizationId: string, limit: number, signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) throw aborted();
    let gate = this.gates.get(organizationId);
    if (!gate) {
      gate = { active: 0, waiting: [] };
      this.gates.set(organizationId, gate);
    }
    if (gate.active < limit) {
      gate.active++;
      return;
    }
    const g = gate;
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = g.waiting.indexOf(wake);
        if (at >= 0) g.waiting.splice(at, 1);
        reject(aborted());
      };
      // A waiter inherits the leaving call's place, so `active` stays the same on a hand-over.
      const wake = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      g.waiting.push(wake);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  leave(organizationId: string): void {
    const gate = this.gates.get(organizationId);
    if (!gate) return;
    const next = gate.waiting.shift();
    if (next) return next();
    gate.active--;
    if (gate.active === 0) this.gates.delete(organizationId);
  }

  /** Organizations with calls running or waiting in this process (tests). */
  get size(): number {
    return this.gates.size;
  }
}

// ---- the database slot ----

async function acquireSlot(db: Database, organizationId: string, holder: string, options: OrgCallSlotOptions): Promise<number> {
  let delay = POLL_MIN_MS;
  for (;;) {
    const rows = await db.query<{ slot: number }>(ACQUIRE_SQL, [organizationId, holder, options.leaseMs, options.limit]);
    if (rows[0]) return Number(rows[0].slot);
    await sleep(Math.round(delay * (0.5 + Math.random())), options.signal);
    delay = Math.min(POLL_MAX_MS, delay * 2);
  }
}

/** Runs `fn` holding one of the organization's AI call slots (waits for one while all are taken). */
export async function withOrgCallSlot<T>(
  on: RuntimeDeps,
  organizationId: string,
  options: OrgCallSlotOptions,
  fn: () => Promise<T>,
): Promise<T> {
  const { db, runtime } = on;
  await runtime.callGates.enter(organizationId, options.limit, options.signal);
  try {
    const holder = `${PROCESS_TAG}:${randomUUID()}`;
    const slot = await acquireSlot(db, organizationId, holder, options);
    // A renewal that finds the lease gone (this process stalled for longer than a lease and another
    // took the slot over) changes nothing: the call finishes, and the new holder keeps the slot.
    const renew = setInterval(
      () => void db.query(RENEW_SQL, [organizationId, slot, holder, options.leaseMs]).catch(() => {}),
      Math.max(50, Math.floor(options.leaseMs / 3)),
    );
    renew.unref?.();
    try {
      return await fn();
    } finally {
      clearInterval(renew);
      // If the database cannot be reached now, the lease simply expires.
      await db.query(RELEASE_SQL, [organizationId, slot, holder]).catch(() => {});
    }
  } finally {
    runtime.callGates.leave(organizationId);
  }
}
