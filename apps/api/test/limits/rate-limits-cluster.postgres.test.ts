// The rate limit across two compiled api processes on one PostgreSQL database (docs/api-rules.md,
// "Rate limits"): each answers from its own buckets and exchanges what it spent with the shared
// table every RATE_LIMIT_SYNC_MS; the test waits for those exchanges in the table itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, startCluster } from "../helpers/scale-out-cluster";

const BURST = 20;
const SUBJECT = "198.51.100.77";

describe("rate limits across two api processes on one PostgreSQL", () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster({
      serverUrl: process.env.TEST_DATABASE_URL!,
      apis: 2,
      workers: 0,
      env: { RATE_LIMIT_ANONYMOUS_PER_MINUTE: "1", RATE_LIMIT_ANONYMOUS_BURST: String(BURST), RATE_LIMIT_SYNC_MS: "100" },
    });
  });
  afterAll(() => cluster?.close());

  /** The shared bucket's level, once it is at or below `atMost` (an exchange has happened). */
  async function sharedLevel(atMost: number): Promise<number> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const [row] = await cluster.db.query<{ tokens: number }>(`SELECT tokens FROM "RateLimitBucket" WHERE subject = $1`, [
        `address:${SUBJECT}`,
      ]);
      if (row && Number(row.tokens) <= atMost) return Number(row.tokens);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the shared bucket never fell to ${atMost}`);
  }

  async function send(api: number, count: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++)
      statuses.push((await fetch(`${cluster.apis[api]!.url}/api/auth/me`, { headers: { "x-forwarded-for": SUBJECT } })).status);
    return statuses;
  }

  it("what one process spends limits the other: together they refuse after one burst and one stale request", async () => {
    expect(await send(0, BURST / 2)).toEqual(Array(BURST / 2).fill(401));
    await sharedLevel(BURST / 2 + 0.5);
    // The second process starts from a full copy, spends half, and learns at its exchange that the bucket is empty.
    expect(await send(1, BURST / 2)).toEqual(Array(BURST / 2).fill(401));
    await sharedLevel(0.5);
    const refused = await fetch(`${cluster.apis[1]!.url}/api/auth/me`, { headers: { "x-forwarded-for": SUBJECT } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // The first process still holds its older copy: one request passes, and its exchange brings the debt back.
    expect(await send(0, 1)).toEqual([401]);
    await sharedLevel(-0.5);
    expect(await send(0, 1)).toEqual([429]);
    expect(await send(1, 1)).toEqual([429]);
  });
});
