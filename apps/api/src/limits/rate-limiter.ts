// Request rate limits that hold across api replicas without a database round trip per request.
// Each process keeps a token bucket per subject (an API key, a signed-in user, a client address)
// and answers from it at once; every RATE_LIMIT_SYNC_MS it sends what it spent per subject to the
// shared buckets in PostgreSQL (one statement per policy, core's spendRateLimitTokens) and takes
// their levels back, so what other replicas spent is debited here too. Between exchanges each
// replica may spend what its copy shows: with R replicas a subject can overshoot by at most
// (R − 1) × (its burst + what refills in one sync interval) — the tolerance docs/api-rules.md states.
import { type BucketPolicy, purgeIdleRateLimitBuckets, spendRateLimitTokens } from "@locale/core/limits";
import type { Database } from "@locale/db";
import type { Logger } from "pino";

interface Bucket {
  policy: BucketPolicy;
  tokens: number;
  /** When `tokens` was last brought up to date (ms). */
  at: number;
  /** Spent here since the last exchange was sent. */
  unsent: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** The bucket's size: the most requests that can be made at once. */
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until the next request is allowed (0 when this one was). */
  retryAfterSeconds: number;
}

/** Subjects kept in memory at most; the longest idle ones go first (a full bucket needs no entry). */
const MAX_SUBJECTS = 100_000;
/** How often idle subjects are forgotten here and idle rows deleted in the database. */
const SWEEP_MS = 60_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private syncing = false;
  private lastSweep = Date.now();

  constructor(
    private readonly db: Database,
    private readonly syncMs: number,
    private readonly logger?: Logger,
  ) {}

  /** Spends one token of `subject`'s bucket if it has one. */
  take(subject: string, policy: BucketPolicy, now = Date.now()): RateLimitDecision {
    let bucket = this.buckets.get(subject);
    if (!bucket) {
      bucket = { policy, tokens: policy.capacity, at: now, unsent: 0 };
      if (this.buckets.size >= MAX_SUBJECTS) this.forgetOldest();
      this.buckets.set(subject, bucket);
    } else if (now > bucket.at) {
      bucket.tokens = Math.min(policy.capacity, bucket.tokens + ((now - bucket.at) / 1000) * policy.perSecond);
      bucket.at = now;
    }
    const allowed = bucket.tokens >= 1;
    if (allowed) {
      bucket.tokens -= 1;
      bucket.unsent += 1;
      this.dirty.add(subject);
      this.schedule();
    }
    const tokens = bucket.tokens;
    return {
      allowed,
      limit: policy.capacity,
      remaining: Math.max(0, Math.floor(tokens)),
      resetSeconds: Math.ceil((policy.capacity - tokens) / policy.perSecond),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / policy.perSecond)),
    };
  }

  /** Sends what was spent now (tests; shutdown). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.exchange();
  }

  private schedule(): void {
    if (this.timer || this.syncing) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.exchange();
    }, this.syncMs);
    this.timer.unref();
  }

  private async exchange(): Promise<void> {
    if (this.syncing || this.dirty.size === 0) return;
    this.syncing = true;
    // What is sent, by policy (one statement each); sent counts come off `unsent` now, so what is
    // spent while the statement runs is still subtracted from the level it returns.
    const batches = new Map<BucketPolicy, Map<string, number>>();
    for (const subject of this.dirty) {
      const bucket = this.buckets.get(subject);
      if (!bucket || bucket.unsent === 0) continue;
      let batch = batches.get(bucket.policy);
      if (!batch) batches.set(bucket.policy, (batch = new Map()));
      batch.set(subject, bucket.unsent);
      bucket.unsent = 0;
    }
    this.dirty.clear();
    try {
      for (const [policy, spent] of batches) {
        try {
          const levels = await spendRateLimitTokens(this.db, policy, spent);
          const now = Date.now();
          for (const [subject, level] of levels) {
            const bucket = this.buckets.get(subject);
            if (!bucket) continue;
            bucket.tokens = Math.min(policy.capacity, level) - bucket.unsent;
            bucket.at = now;
          }
        } catch (error) {
          // The database is unreachable: keep limiting locally and send these counts next time.
          this.logger?.warn({ err: error }, "rate limit exchange failed");
          for (const [subject, count] of spent) {
            const bucket = this.buckets.get(subject);
            if (!bucket) continue;
            bucket.unsent += count;
            this.dirty.add(subject);
          }
        }
      }
      if (Date.now() - this.lastSweep >= SWEEP_MS) await this.sweep();
    } finally {
      this.syncing = false;
      if (this.dirty.size > 0) this.schedule();
    }
  }

  /** Forgets buckets that are full again and deletes the database rows that are. */
  private async sweep(): Promise<void> {
    const now = Date.now();
    this.lastSweep = now;
    let longestRefill = 0;
    for (const [subject, bucket] of this.buckets) {
      const refillSeconds = bucket.policy.capacity / bucket.policy.perSecond;
      longestRefill = Math.max(longestRefill, refillSeconds);
      if (bucket.unsent === 0 && bucket.tokens + ((now - bucket.at) / 1000) * bucket.policy.perSecond >= bucket.policy.capacity)
        this.buckets.delete(subject);
    }
    try {
      await purgeIdleRateLimitBuckets(this.db, Math.max(3600, longestRefill * 2));
    } catch (error) {
      this.logger?.warn({ err: error }, "rate limit purge failed");
    }
  }

  private forgetOldest(): void {
    // Map order is insertion order: the first entries are the longest known, usually long idle.
    for (const subject of this.buckets.keys()) {
      if (this.buckets.size < MAX_SUBJECTS) return;
      if (!this.dirty.has(subject)) this.buckets.delete(subject);
    }
  }
}
