// The dispatcher's pipeline for plain operations (rest/plain-route.ts), in the order the express
// chain ran it when they were express routes: the body and its limit (the JSON parser procedures
// get, or none for a raw file, which the operation streams itself), CSRF, the input guard (path,
// query, parsed body), the path parameters decoded, the caller's service context (401 without
// valid credentials), then the operation. Whatever is thrown on the way is answered by the one
// express-side error mapping (error-responses.ts): the documented body, Retry-After when asked.
import { type ServiceContext, unauthorized } from "@locale/core";
import express, { type Request, type Response } from "express";
import type { Logger } from "pino";
import { type AppDeps, resolveActor } from "../../trpc/context";
import { csrfGuard } from "../csrf";
import { expressErrorHandler } from "../error-responses";
import { assertStorableInput, pathOrQueryProblem } from "../input-guard";
import type { PlainOperation } from "../plain-route";
import { plainQuery } from "./plain-query";
import { type Middleware, runMiddleware } from "./run-middleware";

/** The caller's service context; 401 (thrown as an AppError) without valid credentials. */
async function serviceContextOf(deps: AppDeps, req: Request): Promise<ServiceContext> {
  const actor = await resolveActor(deps, req);
  if (!actor) throw unauthorized();
  return { db: deps.db, actor, config: deps.core, runtime: deps.runtime };
}

/** Path parameters decoded as express decoded them: a malformed escape is a 400 naming the value. */
function decodeParams(pathInput: Record<string, string>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(pathInput)) {
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      throw Object.assign(new Error(`Failed to decode param '${value}'`), { status: 400 });
    }
  }
  return params;
}

export type PlainAnswer = (req: Request, res: Response, operation: PlainOperation, pathInput: Record<string, string>) => Promise<void>;

export function plainPipeline(deps: AppDeps, logger: Logger): PlainAnswer {
  const bodies: Record<"json" | "json-value", Middleware> = {
    json: express.json({ limit: deps.config.MAX_BODY_BYTES }) as Middleware,
    "json-value": express.json({ limit: deps.config.MAX_BODY_BYTES, strict: false }) as Middleware,
  };
  const csrf = csrfGuard(deps.config) as Middleware;
  const answerError = expressErrorHandler(logger);
  return async (req, res, operation, pathInput) => {
    try {
      let refused = operation.body === "raw" ? undefined : await runMiddleware(bodies[operation.body], req, res);
      refused ??= await runMiddleware(csrf, req, res);
      if (refused) throw refused;
      const problem = pathOrQueryProblem(req.path, req.query);
      if (problem) throw problem;
      // A bare JSON value (the comment edit's string) is the operation's to check, as it was: the
      // service refuses unstorable text with its own 400.
      if (typeof req.body === "object" && req.body !== null) assertStorableInput(req.body);
      const params = decodeParams(pathInput);
      const svc = await serviceContextOf(deps, req);
      await operation.handle({ deps, svc, params, query: plainQuery(req), req, res });
    } catch (error) {
      // Answered before the raw body was read (401, 413...): the connection is not reused.
      if (operation.body === "raw" && !req.complete && !res.headersSent) res.setHeader("Connection", "close");
      answerError(error, req, res, () => {});
    }
  };
}
