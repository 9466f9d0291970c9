// The per-organization AI call limit kept in the database (AiCallLease), on PGlite and PostgreSQL:
// the slots other processes hold count, an expired lease is taken over, a holder that lost its
// lease never deletes the new holder's, and a waiting call can be aborted. (Two real worker
// processes sharing the limit: apps/api/test/server/scale-out.postgres.test.ts.)
import { randomUUID } from "node:crypto";
import { createCoreRuntime } from "@locale/core";
import { withOrgCallSlot } from "@locale/core/ai";
import { createTestDb, type Database } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let db: Database;
// One runtime: the calls of this test are one process's.
const runtime = createCoreRuntime();

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LEASE_MS = 5_000;

/** A lease as another process would hold it. */
async function holdElsewhere(organizationId: string, slot: number, expiresInMs: number): Promise<string> {
  const holder = `other-process:${randomUUID()}`;
  await db.query(
    `INSERT INTO "AiCallLease" ("organizationId", slot, holder, "expiresAt") VALUES ($1, $2, $3, now() + $4::int * interval '1 millisecond')`,
    [organizationId, slot, holder, expiresInMs],
  );
  return holder;
}

const leases = (organizationId: string) =>
  db.query<{ slot: number; holder: string }>(`SELECT slot, holder FROM "AiCallLease" WHERE "organizationId" = $1 ORDER BY slot`, [
    organizationId,
  ]);

describe("AI call slots in the database", () => {
  it("runs at most the limit of an organization's calls at once, and frees every slot afterwards", async () => {
    const org = `org-${randomUUID()}`;
    let running = 0;
    let most = 0;
    const call = () =>
      withOrgCallSlot({ db, runtime }, org, { limit: 3, leaseMs: LEASE_MS }, async () => {
        running++;
        most = Math.max(most, running);
        await sleep(30);
        running--;
      });
    await Promise.all(Array.from({ length: 10 }, call));
    expect(most).toBe(3);
    expect(await leases(org)).toEqual([]);
  });

  it("counts the slots another process holds, and goes on once that process releases one", async () => {
    const org = `org-${randomUUID()}`;
    const holders = [await holdElsewhere(org, 0, LEASE_MS), await holdElsewhere(org, 1, LEASE_MS)];
    let ran = false;
    const waiting = withOrgCallSlot({ db, runtime }, org, { limit: 2, leaseMs: LEASE_MS }, async () => {
      ran = true;
      return (await leases(org)).map((l) => l.holder);
    });
    await sleep(300);
    expect(ran).toBe(false);
    await db.query(`DELETE FROM "AiCallLease" WHERE holder = $1`, [holders[1]]);
    const during = await waiting;
    expect(during).toHaveLength(2);
    expect(during).toContain(holders[0]);
    expect(await leases(org)).toEqual([{ slot: 0, holder: holders[0] }]);
  });

  it("takes over a lease whose holder died (expired), and a late release does not free the new holder's slot", async () => {
    const org = `org-${randomUUID()}`;
    const dead = await holdElsewhere(org, 0, -1_000);
    let releaseFirst!: () => void;
    const first = withOrgCallSlot({ db, runtime }, org, { limit: 1, leaseMs: LEASE_MS }, async () => {
      const [lease] = await leases(org);
      expect(lease!.holder).not.toBe(dead);
      // This call stalls past its lease; another process takes the slot over meanwhile.
      await db.query(`UPDATE "AiCallLease" SET "expiresAt" = now() - interval '1 second' WHERE "organizationId" = $1`, [org]);
      await new Promise<void>((resolve) => (releaseFirst = resolve));
    });
    await sleep(100);
    await db.query(`DELETE FROM "AiCallLease" WHERE "organizationId" = $1`, [org]);
    const taker = await holdElsewhere(org, 0, LEASE_MS);
    releaseFirst();
    await first;
    expect(await leases(org)).toEqual([{ slot: 0, holder: taker }]);
  });

  it("renews the lease while a call runs longer than it", async () => {
    const org = `org-${randomUUID()}`;
    const expiries = await withOrgCallSlot({ db, runtime }, org, { limit: 1, leaseMs: 300 }, async () => {
      const read = async () =>
        (
          await db.query<{ left: number }>(
            `SELECT extract(epoch FROM "expiresAt" - now()) * 1000 AS "left" FROM "AiCallLease" WHERE "organizationId" = $1`,
            [org],
          )
        )[0]!.left;
      await sleep(700);
      return Number(await read());
    });
    expect(expiries).toBeGreaterThan(0);
  });

  it("stops waiting when the call is aborted", async () => {
    const org = `org-${randomUUID()}`;
    await holdElsewhere(org, 0, LEASE_MS);
    const controller = new AbortController();
    const waiting = withOrgCallSlot({ db, runtime }, org, { limit: 1, leaseMs: LEASE_MS, signal: controller.signal }, async () => "ran");
    await sleep(100);
    controller.abort();
    await expect(waiting).rejects.toThrow("Request was aborted");
  });
});
