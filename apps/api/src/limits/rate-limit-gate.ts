// The rate limiter in front of the application (wired in `listen`, ahead of the REST dispatcher and
// express): requests to /api, /trpc and /graphql spend a token of their subject's bucket and get
// the RateLimit-* headers; an empty bucket answers 429 there, before any route runs. /health,
// the web application's files and the two API browsers' assets are not limited.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Express, NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import type { AppDeps } from "../trpc/context";
import { type LimitedSurface, refuseRateLimited, setRateLimitHeaders } from "./rate-limit-answers";
import { rateLimitPoliciesOf } from "./rate-limit-policies";
import { subjectReader } from "./rate-limit-subject";
import { RateLimiter } from "./rate-limiter";

type RequestLog = (req: Request, res: Response, next: NextFunction) => void;

function surfaceOf(url: string): LimitedSurface | null {
  if (url.startsWith("/api")) {
    const next = url.charCodeAt(4);
    // "/api", "/api/…", "/api?…"; never "/apiary". The Swagger UI's files are static.
    if (!(Number.isNaN(next) || next === 47 || next === 63)) return null;
    if (url.startsWith("/api/docs") || url.startsWith("/api/v1/docs")) return null;
    return "rest";
  }
  if (url.startsWith("/trpc")) return "trpc";
  if (url.startsWith("/graphql")) return url.startsWith("/graphql/graphiql") ? null : "graphql";
  return null;
}

export interface RateLimitGate {
  limiter: RateLimiter;
  /** Calls `next` for a request that may go on; answers the 429 itself otherwise. */
  pass(req: IncomingMessage, res: ServerResponse, next: () => void): void;
}

export function rateLimitGate(app: Express, deps: AppDeps, logger: Logger, requestLog: RequestLog): RateLimitGate | null {
  const policies = rateLimitPoliciesOf(deps.config);
  if (!policies.authenticated && !policies.anonymous) return null;
  const limiter = new RateLimiter(deps.db, policies.syncMs, logger);
  const subjectOf = subjectReader(app, deps);
  return {
    limiter,
    pass(req, res, next) {
      const url = req.url ?? "/";
      const surface = surfaceOf(url);
      if (!surface) return next();
      subjectOf(req).then(
        (subject) => {
          const policy = subject.authenticated ? policies.authenticated : policies.anonymous;
          if (!policy) return next();
          const decision = limiter.take(subject.key, policy);
          setRateLimitHeaders(res, decision);
          if (decision.allowed) return next();
          requestLog(req as Request, res as Response, () => refuseRateLimited(res, url, surface, decision));
        },
        // Credentials could not be checked (the database is down): the route answers that itself.
        () => next(),
      );
    },
  };
}
