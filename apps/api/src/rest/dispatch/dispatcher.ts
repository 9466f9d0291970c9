// The REST dispatcher: every request that reaches a procedure route (docs/api-rules.md), reads and
// writes, answered in front of express by one pipeline — CORS, the request log, the JSON body and
// its limit, CSRF, the input guard, the input as the OpenAPI adapter reads it, the procedure call
// (trpc/procedure-internals.ts) and the documented error body. The route table comes from the
// routers' OpenAPI meta (route-table.ts). Plain operations (rest/plain-route.ts: downloads, SSE,
// a bare-string body, raw-file uploads) are answered here too, through the same guards, the same
// caller resolution and the same error mapping (plain-pipeline.ts). What it does not own — the
// OIDC redirects, ambiguous paths, unknown routes, other methods, the docs — goes on to express.
//
// A GET without a body keeps node's request and response prototypes: giving every request
// express's made node's own HTTP code see objects of changing shapes, and cost a third of a small
// read's CPU (BENCHMARKS.md, issue 14). Reads use only what node's objects have. Other requests get
// express's prototypes, as express would give them: writes set cookies and read `req.ip`.

import type { IncomingMessage, ServerResponse } from "node:http";
import { TRPCError } from "@trpc/server";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import type { Logger } from "pino";
import { coerceSchema, normalizePath } from "trpc-to-openapi";
import { appRouter } from "../../routers";
import { type AppDeps, contextFactory } from "../../trpc/context";
import { errorBodyOf } from "../../trpc/init";
import { logInternalError } from "../../trpc/log-internal-error";
import { callProcedure, procedureMeta } from "../../trpc/procedure-internals";
import { applyCors } from "../cors";
import { csrfGuard } from "../csrf";
import { expressErrorHandler, sendError, setRetryAfter } from "../error-responses";
import { assertStorableInput, pathOrQueryProblem } from "../input-guard";
import { normalizeRequest } from "../normalize-request";
import { hasAmbiguousPath } from "../path-guard";
import { PLAIN_ROUTES } from "../plain-routes";
import { plainPipeline } from "./plain-pipeline";
import { isDocumentPath, mountLengthOf, pathnameOf } from "./request-path";
import { BODY_METHODS, buildRouteTable, type RestRoute } from "./route-table";
import { type Middleware, runMiddleware } from "./run-middleware";

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json");
  res.end(JSON.stringify(body));
}

/** The adapter's reading of a thrown value: a TRPCError as it is, anything else a 500 keeping its cause. */
function trpcErrorOf(cause: unknown): TRPCError {
  if (cause instanceof Error && cause.name === "TRPCError") return cause as TRPCError;
  const error = new TRPCError({
    message: "Internal server error",
    code: "INTERNAL_SERVER_ERROR",
    cause: cause instanceof Error ? cause : undefined,
  });
  if (cause instanceof Error && cause.stack) error.stack = cause.stack;
  return error;
}

/** The query object as the adapter passes it: a key given once is a string, empty values dropped. */
function queryInput(query: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(query)) {
    const value = query[key];
    if (value) input[key] = Array.isArray(value) && value.length === 1 ? value[0] : value;
  }
  return input;
}

/**
 * Sits in front of the express application (see `listen`): answers a request that reaches a
 * procedure route and returns true, or returns false and leaves the request to express.
 */
export function restDispatcher(
  app: Express,
  deps: AppDeps,
  logger: Logger,
  requestLog: (req: Request, res: Response, next: NextFunction) => void,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const table = buildRouteTable(appRouter, PLAIN_ROUTES);
  const createContext = contextFactory(deps);
  // express's own query parser (its `req.query`), so both paths read a query string alike.
  const parseQuery = app.get("query parser fn") as (query: string) => Record<string, unknown>;
  // What that parser makes of no query string; read, never written, so one serves every request.
  const noQuery: Record<string, unknown> = Object.freeze(parseQuery(""));
  const jsonBody = express.json({ limit: deps.config.MAX_BODY_BYTES }) as Middleware;
  const csrf = csrfGuard(deps.config) as Middleware;
  const expressError = expressErrorHandler(logger);
  const answerPlain = plainPipeline(deps, logger);
  // Query strings are coerced to the input schema (`"5"` to 5). Read schemas are coerced when the
  // table is built; a DELETE's on its first call, as the adapter did. Coercion marks the schema
  // itself, and schemas shared with JSON bodies must not be coerced before a DELETE asks for it.
  const coerced = new WeakSet<object>();
  const coerce = (schema: object) => {
    if (coerced.has(schema)) return;
    coerceSchema(schema as never);
    coerced.add(schema);
  };
  const successStatus = new Map<RestRoute, number>();
  table.each((route) => {
    if (route.method === "GET" && route.objectSchema) coerce(route.objectSchema);
    const status = procedureMeta(route.procedure)?.successStatus;
    if (status) successStatus.set(route, status);
  });

  return (incoming, outgoing) => {
    const method = incoming.method ?? "";
    const url = incoming.url ?? "/";
    const queryAt = url.indexOf("?");
    const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
    const mount = mountLengthOf(rawPath);
    if (mount < 0 || hasAmbiguousPath(url)) return false;
    // Without its trailing slash, as the adapter matched: `/projects/x/` is `/projects/x`.
    const path = normalizePath(pathnameOf(rawPath.slice(mount)));
    if (isDocumentPath(path)) return false;
    const plain = table.matchPlain(method, path);
    if (plain) {
      const req = incoming as Request;
      const res = outgoing as Response;
      takeAsExpress(req, res, url);
      requestLog(req, res, () => {
        applyCors(deps.config, req, res);
        below(req, url, mount);
        void answerPlain(req, res, plain.operation, plain.pathInput);
      });
      return true;
    }
    if (table.isPlain(method, path)) return false;
    const found = table.match(method, path);
    if (!found) return false;
    const req = incoming as Request;
    const res = outgoing as Response;
    req.originalUrl = url;
    if ((method === "GET" || method === "HEAD") && !hasBody(incoming)) {
      applyCors(deps.config, req, res);
      const query = queryAt < 0 ? noQuery : parseQuery(url.slice(queryAt + 1));
      requestLog(req, res, () => void read(req, res, found.route, found.pathInput, rawPath, query));
      return true;
    }
    takeAsExpress(req, res, url);
    requestLog(req, res, () => {
      applyCors(deps.config, req, res);
      below(req, url, mount);
      void write(req, res, found.route, found.pathInput, path);
    });
    return true;
  };

  /** What express does with a request it takes: its prototypes, linked request and response. */
  function takeAsExpress(req: Request, res: Response, url: string): void {
    req.originalUrl = url;
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    res.locals ??= Object.create(null);
  }

  /** What the /api (or /api/v1) mount does: the URL below it, the mount as the base. */
  function below(req: Request, url: string, mount: number): void {
    req.baseUrl = url.slice(0, mount);
    req.url = url.slice(mount);
  }

  /** A GET without a body: the input guard on path and query, then the procedure. */
  async function read(
    req: Request,
    res: Response,
    route: RestRoute,
    pathInput: Record<string, string>,
    rawPath: string,
    query: Record<string, unknown>,
  ): Promise<void> {
    const refused = pathOrQueryProblem(rawPath, query);
    if (refused) {
      // Refused as the guard refuses in express: its error response, headers included.
      Object.setPrototypeOf(req, app.request);
      Object.setPrototypeOf(res, app.response);
      req.res = res;
      res.req = req;
      return sendError(res, refused.toBody());
    }
    let input: Record<string, unknown> | undefined;
    if (route.takesInput) {
      input = queryInput(query);
      for (const key of route.arrayKeys) if (input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
      Object.assign(input, pathInput);
    }
    await answer(req, res, route, input, rawPath);
  }

  /** Any other request: body, CSRF, input guard, the adapter's input, then the procedure. */
  async function write(req: Request, res: Response, route: RestRoute, pathInput: Record<string, string>, path: string): Promise<void> {
    try {
      let refused = await runMiddleware(jsonBody, req, res);
      refused ??= await runMiddleware(csrf, req, res);
      if (!refused) {
        const problem = pathOrQueryProblem(req.path, req.query);
        if (problem) refused = problem;
        else if (req.body !== undefined) assertStorableInput(req.body);
      }
      if (refused) return expressError(refused, req, res, () => {});
    } catch (error) {
      return expressError(error, req, res, () => {});
    }
    normalizeRequest(req, res, () => {});
    const useBody = BODY_METHODS.has(req.method);
    let input: Record<string, unknown> | undefined;
    try {
      const contentType = req.headers["content-type"];
      if (useBody && !contentType?.startsWith("application/json"))
        throw new TRPCError({
          code: "UNSUPPORTED_MEDIA_TYPE",
          message: contentType ? `Unsupported content-type "${contentType}` : "Missing content-type header",
        });
      if (route.takesInput) input = { ...(useBody ? req.body : queryInput(req.query as Record<string, unknown>)), ...pathInput };
      if (!useBody && route.objectSchema && input) {
        for (const key of route.arrayKeys) if (input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
        coerce(route.objectSchema);
      }
    } catch (cause) {
      return fail(req, res, route, trpcErrorOf(cause), path);
    }
    await answer(req, res, route, input, path);
  }

  async function answer(req: Request, res: Response, route: RestRoute, input: unknown, path: string): Promise<void> {
    try {
      const ctx = await createContext({ req, res });
      const data = await callProcedure(route.procedure, { path: route.path, ctx, input });
      send(res, successStatus.get(route) ?? 200, data);
    } catch (cause) {
      fail(req, res, route, trpcErrorOf(cause), path);
    }
  }

  /** The documented error body (ErrorBody), its status, and Retry-After when it asks for one. */
  function fail(req: Request, res: Response, route: RestRoute, error: TRPCError, path: string): void {
    logInternalError(logger, error, route.path);
    const body = errorBodyOf(error);
    if (body.statusCode >= 500) req.log?.error({ path }, "request failed");
    if (res.headersSent) return void res.end();
    setRetryAfter(res, error);
    send(res, body.statusCode, body);
  }
}
