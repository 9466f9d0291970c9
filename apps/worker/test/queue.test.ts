// The shared job queue (pg-boss over our Database) on the backend under test: delivery exactly
// once across instances, retries with backoff, leases that outlive a dead worker, transactional
// sends, and a clean stop.

import { createDb, createTestDb, type Database } from "@locale/db";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQueue, type JobQueue } from "../src/queue";

const logger = pino({ level: "silent" });

async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

let db: Database;
/** A second connection to the same database when on PostgreSQL (another "process"). */
let otherDb: Database;
const queues: JobQueue[] = [];

function newQueue(on: Database, options: Parameters<typeof createQueue>[2] = {}): JobQueue {
  const q = createQueue(on, logger, { pollingIntervalSeconds: 0.5, ...options });
  queues.push(q);
  return q;
}

beforeAll(async () => {
  db = await createTestDb();
  if (db.kind === "postgres") {
    const [row] = await db.query<{ name: string }>("SELECT current_database() AS name");
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    otherDb = await createDb(url.toString(), { migrate: false });
  } else {
    otherDb = db;
  }
});

afterAll(async () => {
  for (const q of queues) await q.stop({ timeoutMs: 1000 });
  if (otherDb !== db) await otherDb.close();
  await db.close();
});

describe("job queue", () => {
  it("creates its own pgboss schema on start, outside the Prisma migrations", async () => {
    const q = newQueue(db);
    await q.start();
    const rows = await db.query<{ version: number }>("SELECT version FROM pgboss.version");
    expect(rows).toHaveLength(1);
    const migrations = await db
      .query<{ n: string }>(`SELECT count(*)::text AS n FROM "_prisma_migrations" WHERE migration_name ILIKE '%pgboss%'`)
      .catch(() => [{ n: "0" }]);
    expect(migrations[0]!.n).toBe("0");
    await q.stop();
  });

  it("processes every job exactly once across two queue instances", async () => {
    const a = newQueue(db);
    const b = newQueue(otherDb);
    await a.start();
    await b.start();
    const seen: { by: string; n: number }[] = [];
    const handler = (by: string) => async (jobs: { data: { n: number } }[]) => {
      for (const job of jobs) {
        await new Promise((r) => setTimeout(r, 5));
        seen.push({ by, n: job.data.n });
      }
    };
    await a.work<{ n: number }>("once", { batchSize: 2, concurrency: 2 }, handler("a"));
    await b.work<{ n: number }>("once", { batchSize: 2, concurrency: 2 }, handler("b"));
    const total = 40;
    for (let n = 0; n < total; n++) await (n % 2 ? a : b).send("once", { n });
    await waitFor(() => seen.length >= total);
    // Give a duplicate the chance to show up before counting.
    await new Promise((r) => setTimeout(r, 1200));
    const counts = new Map<number, number>();
    for (const s of seen) counts.set(s.n, (counts.get(s.n) ?? 0) + 1);
    expect(seen).toHaveLength(total);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(counts.size).toBe(total);
    const states = await db.query<{ state: string; n: string }>(
      "SELECT state::text, count(*)::text AS n FROM pgboss.job WHERE name = 'once' GROUP BY state",
    );
    expect(states).toEqual([{ state: "completed", n: String(total) }]);
  });

  it("retries a failing job with exponential backoff until it succeeds", async () => {
    const q = newQueue(db);
    await q.start();
    const attempts: number[] = [];
    await q.work<{ x: number }>("flaky", { batchSize: 1 }, async () => {
      attempts.push(Date.now());
      if (attempts.length < 3) throw new Error(`failure ${attempts.length}`);
    });
    const id = await q.send("flaky", { x: 1 }, { retryLimit: 4, retryDelay: 1, retryBackoff: true });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const job = await waitFor(async () => {
      const j = await q.boss.getJobById("flaky", id!);
      return j?.state === "completed" ? j : undefined;
    });
    expect(attempts).toHaveLength(3);
    expect(job.retryCount).toBe(2);
    const firstGap = attempts[1]! - attempts[0]!;
    const secondGap = attempts[2]! - attempts[1]!;
    // pg-boss backoff: retryDelay·2^n/2 plus up to as much jitter → [1 s, 2 s], then [2 s, 4 s].
    expect(firstGap).toBeGreaterThanOrEqual(900);
    expect(secondGap).toBeGreaterThanOrEqual(1900);
  });

  it("gives up after retryLimit and leaves the job failed with the handler's error", async () => {
    const q = newQueue(db);
    await q.start();
    let calls = 0;
    await q.work("doomed", { batchSize: 1 }, async () => {
      calls++;
      throw new Error("always broken");
    });
    const id = await q.send("doomed", {}, { retryLimit: 1, retryDelay: 0 });
    const job = await waitFor(async () => {
      const j = await q.boss.getJobById("doomed", id!);
      return j?.state === "failed" ? j : undefined;
    });
    expect(calls).toBe(2);
    expect(JSON.stringify(job.output)).toContain("always broken");
  });

  it("resumes on another instance a job whose worker died mid-job (lease expiry)", async () => {
    // The "dead" worker: it takes the job (state active) and never reports back, like a killed process.
    const dead = newQueue(otherDb);
    await dead.start();
    const id = await dead.send("leased", { doc: 7 }, { expireInSeconds: 1, retryLimit: 2, retryDelay: 0 });
    const [taken] = await dead.boss.fetch("leased");
    expect(taken?.id).toBe(id);

    const alive = newQueue(db, { maintenanceIntervalSeconds: 1 });
    await alive.start();
    const done: number[] = [];
    await alive.work<{ doc: number }>("leased", { batchSize: 1 }, async ([job]) => {
      done.push(job!.data.doc);
    });
    await waitFor(() => done.length === 1, 20_000);
    expect(done).toEqual([7]);
    // pg-boss marks the job completed after the handler returns, so wait for that state too.
    const job = await waitFor(async () => {
      const current = await alive.boss.getJobById("leased", id!);
      return current?.state === "completed" ? current : undefined;
    }, 20_000);
    expect(job.state).toBe("completed");
    expect(job.retryCount).toBe(1);
  });

  it("creates a job sent in a transaction only when the transaction commits", async () => {
    const q = newQueue(db);
    await q.start();
    const received: string[] = [];
    await q.work<{ tag: string }>("tx-jobs", { batchSize: 5 }, async (jobs) => {
      for (const j of jobs) received.push(j.data.tag);
    });
    await expect(
      db.prisma.$transaction(async (tx) => {
        await q.sendInTransaction(tx, "tx-jobs", { tag: "rolled-back" });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    const committedId = await db.prisma.$transaction(async (tx) =>
      q.sendInTransaction(tx, "tx-jobs", { tag: "committed" }, { startAfter: 0 }),
    );
    expect(committedId).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => received.length >= 1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(received).toEqual(["committed"]);
  });

  it("wake() makes idle pollers fetch at once instead of at their next poll", async () => {
    const q = newQueue(db, { pollingIntervalSeconds: 10 });
    await q.start();
    const done: number[] = [];
    await q.work<{ n: number }>("sleepy", { batchSize: 1 }, async ([job]) => {
      done.push(job!.data.n);
    });
    // Let the poller's first (empty) fetch pass, so it is idle for 10 s.
    await new Promise((r) => setTimeout(r, 300));
    const sentAt = Date.now();
    await q.send("sleepy", { n: 1 });
    q.wake("sleepy");
    await waitFor(() => done.length === 1, 5_000);
    expect(Date.now() - sentAt).toBeLessThan(3_000);
  });

  it("creates queues from two instances at the same moment (two workers starting together) without a deadlock", async () => {
    // pg-boss's create_queue inserts the queue row, then adds foreign keys to the queue table:
    // two concurrent creations each wait for the other's lock unless they take turns.
    for (let round = 0; round < 3; round++) {
      const a = newQueue(db);
      const b = newQueue(otherDb);
      await Promise.all([a.start(), b.start()]);
      const names = Array.from({ length: 6 }, (_, i) => `together-${round}-${i}`);
      const creations = [a, b].flatMap((q) => names.map((name) => q.send(name, { round })));
      const outcomes = await Promise.allSettled(creations);
      expect(outcomes.filter((o) => o.status === "rejected").map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
      const rows = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.queue WHERE name = ANY($1)", [names]);
      expect(rows[0]!.n).toBe(6);
    }
  });

  it("ignores a second send of the same job id", async () => {
    const q = newQueue(db);
    await q.start();
    const id = "7d3b3c55-8f0e-4a57-9c3a-1f1e2d3c4b5a";
    expect(await q.send("dedupe", { a: 1 }, { id, startAfter: 3600 })).toBe(id);
    expect(await q.send("dedupe", { a: 2 }, { id, startAfter: 3600 })).toBeNull();
  });

  it("stops cleanly: waits for a running handler, then polls no more", async () => {
    const q = newQueue(db);
    await q.start();
    let finished = false;
    let started = false;
    await q.work("slow", { batchSize: 1 }, async () => {
      started = true;
      await new Promise((r) => setTimeout(r, 400));
      finished = true;
    });
    const id = await q.send("slow", {});
    await waitFor(() => started);
    await q.stop();
    expect(finished).toBe(true);
    // The completion is written before stop() returns.
    const [row] = await db.query<{ state: string }>("SELECT state::text FROM pgboss.job WHERE id = $1", [id]);
    expect(row?.state).toBe("completed");
    // After stop no poller takes new work.
    const other = newQueue(db);
    await other.start();
    const later = await other.send("slow", {});
    await new Promise((r) => setTimeout(r, 1200));
    const [laterRow] = await db.query<{ state: string }>("SELECT state::text FROM pgboss.job WHERE id = $1", [later]);
    expect(laterRow?.state).toBe("created");
  });
});
