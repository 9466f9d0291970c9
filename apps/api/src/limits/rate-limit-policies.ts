// Which bucket shape a subject gets, from the RATE_LIMIT_* settings (README settings table).
import type { BucketPolicy } from "@locale/core/limits";
import type { AppConfig } from "../config";

/** API keys and signed-in users share one shape (each key and each user has its own bucket); anonymous callers another. */
export interface RateLimitPolicies {
  /** null: not limited. */
  authenticated: BucketPolicy | null;
  anonymous: BucketPolicy | null;
  /** How often a process exchanges what it spent with the shared buckets. */
  syncMs: number;
}

const policyOf = (perMinute: number, burst: number): BucketPolicy | null =>
  perMinute === 0 ? null : { capacity: Math.max(1, burst), perSecond: perMinute / 60 };

export function rateLimitPoliciesOf(config: AppConfig): RateLimitPolicies {
  return {
    authenticated: policyOf(config.RATE_LIMIT_PER_MINUTE, config.RATE_LIMIT_BURST),
    anonymous: policyOf(config.RATE_LIMIT_ANONYMOUS_PER_MINUTE, config.RATE_LIMIT_ANONYMOUS_BURST),
    syncMs: config.RATE_LIMIT_SYNC_MS,
  };
}
