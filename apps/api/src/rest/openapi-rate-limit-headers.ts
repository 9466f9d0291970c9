// The RateLimit-* headers in the OpenAPI document: every answer of every operation carries them
// (the limiter runs in front of every route, apps/api/src/limits), unless the operator turned the
// limit off for the caller's kind (RATE_LIMIT_PER_MINUTE=0 or RATE_LIMIT_ANONYMOUS_PER_MINUTE=0),
// so they are documented on each response as present but not required.

/** Header objects, shared through `components.headers`. */
export const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": {
    description: 'Size of the caller\'s bucket: requests it may make at once (docs/api-rules.md, "Rate limits")',
    required: false,
    schema: { type: "integer", minimum: 1 },
  },
  "RateLimit-Remaining": {
    description: "Whole requests left in the bucket after this one",
    required: false,
    schema: { type: "integer", minimum: 0 },
  },
  "RateLimit-Reset": {
    description: "Seconds until the bucket is full again",
    required: false,
    schema: { type: "integer", minimum: 0 },
  },
} as const;

const REFS = Object.fromEntries(Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** The response with the RateLimit-* headers added (a copy: the adapter may share response objects). */
export function withRateLimitHeaders(response: unknown): Record<string, unknown> {
  const r = response as Record<string, unknown> & { headers?: Record<string, unknown> };
  return { ...r, headers: { ...(r.headers ?? {}), ...REFS } };
}
