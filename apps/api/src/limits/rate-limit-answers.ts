// The RateLimit-* headers every limited answer carries, and the 429 in each surface's own error
// shape: REST's documented body, GraphQL's coded error (the shape of its other refusals), and
// tRPC's error envelope as its formatter makes it (an array for a batch call).
import type { ServerResponse } from "node:http";
import { APP_ERROR_TABLE, AppError } from "@locale/core";
import { TRPCError } from "@trpc/server";
import { getErrorShape } from "@trpc/server/unstable-core-do-not-import";
import { appRouter } from "../routers";
import { routerConfigOf } from "../trpc/procedure-internals";
import type { RateLimitDecision } from "./rate-limiter";

export type LimitedSurface = "rest" | "graphql" | "trpc";

export function setRateLimitHeaders(res: ServerResponse, decision: RateLimitDecision): void {
  res.setHeader("RateLimit-Limit", String(decision.limit));
  res.setHeader("RateLimit-Remaining", String(decision.remaining));
  res.setHeader("RateLimit-Reset", String(decision.resetSeconds));
}

function trpcBody(url: string, error: AppError): unknown {
  const trpcError = new TRPCError({ code: APP_ERROR_TABLE.TOO_MANY_REQUESTS.trpc, message: error.message, cause: error });
  const queryAt = url.indexOf("?");
  const paths = (queryAt < 0 ? url : url.slice(0, queryAt)).replace(/^\/trpc\/?/, "");
  const shape = {
    error: getErrorShape({
      config: routerConfigOf(appRouter),
      error: trpcError,
      type: "unknown",
      path: undefined,
      input: undefined,
      ctx: undefined,
    }),
  };
  // A batch call gets one answer per call it holds.
  const batch = queryAt >= 0 && new URLSearchParams(url.slice(queryAt + 1)).get("batch") === "1";
  return batch ? paths.split(",").map(() => shape) : shape;
}

/** Answers 429 with Retry-After, in the shape of the surface the request was for. */
export function refuseRateLimited(res: ServerResponse, url: string, surface: LimitedSurface, decision: RateLimitDecision): void {
  const error = new AppError("TOO_MANY_REQUESTS", `Rate limit exceeded; retry in ${decision.retryAfterSeconds} s`);
  let body: unknown;
  if (surface === "rest") body = error.toBody();
  else if (surface === "graphql")
    body = { errors: [{ message: error.message, extensions: { code: APP_ERROR_TABLE.TOO_MANY_REQUESTS.graphql, statusCode: 429 } }] };
  else body = trpcBody(url, error);
  res.statusCode = 429;
  res.setHeader("Retry-After", String(decision.retryAfterSeconds));
  res.setHeader("Content-Type", "application/json");
  res.end(JSON.stringify(body));
}
