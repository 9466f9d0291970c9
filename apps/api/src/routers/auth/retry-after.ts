// A throttled procedure's 429 carries `Retry-After: <seconds>` (REST and /trpc alike); the body
// is the standard error body, written by the error layer as for every other error.
import { TooManyRequestsError } from "@locale/core/auth";
import { t } from "../../trpc/init";

export const retryAfterHeader = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof TooManyRequestsError && !ctx.res.headersSent) {
    ctx.res.setHeader("Retry-After", String(result.error.cause.retryAfterSeconds));
  }
  return result;
});
