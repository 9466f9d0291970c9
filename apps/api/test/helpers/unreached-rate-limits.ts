// Rate limits no test or benchmark reaches by accident (the limiter still runs: headers, shared
// buckets); rate-limit tests set their own. No vitest imports: benchmarks use it too.
export const UNREACHED_RATE_LIMITS = {
  RATE_LIMIT_PER_MINUTE: "6000000",
  RATE_LIMIT_BURST: "1000000",
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: "6000000",
  RATE_LIMIT_ANONYMOUS_BURST: "1000000",
};
