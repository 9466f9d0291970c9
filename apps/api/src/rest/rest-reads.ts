// REST reads (GET requests to tRPC procedures) answered directly: the same steps and the same
// answers as the express chain below them (path guard, input guard, the OpenAPI adapter, the
// error rewrite), without walking express's router layers and middleware for every request.
// A small GET spent more CPU in that machinery than in its own queries (BENCHMARKS.md, issue 14).
// Anything this path does not fully own — other methods, paths outside /api/ and /api/v1/,
// ambiguous paths, plain routes (export, SSE) — goes on to express unchanged.

import type { IncomingMessage, ServerResponse } from "node:http";
import { getTRPCErrorFromUnknown, type TRPCError } from "@trpc/server";
import type { Express, NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import {
  coerceSchema,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  unwrapZodType,
} from "trpc-to-openapi";
import { ZodArray } from "zod/v4";
import { appRouter } from "../routers";
import { type AppDeps, contextFactory } from "../trpc/context";
import { errorBodyOf } from "../trpc/init";
import { logInternalError } from "../trpc/log-internal-error";
import { proceduresOf, procedureType } from "../trpc/procedure-internals";
import { applyCors } from "./cors";
import { sendError, setRetryAfter } from "./error-responses";
import { pathOrQueryProblem } from "./input-guard";
import { hasAmbiguousPath } from "./path-guard";
import { PLAIN_ROUTES } from "./plain-routes";

type Procedure = (opts: {
  path: string;
  getRawInput: () => Promise<unknown>;
  ctx: unknown;
  type: "query";
  signal: undefined;
  batchIndex: number;
}) => Promise<unknown>;

interface Read {
  pattern: RegExp;
  /** The path's first segment, lower-cased, or null when it is a parameter. */
  first: string | null;
  path: string;
  procedure: Procedure;
  /** Whether the procedure takes input at all (`z.void()` takes none). */
  takesInput: boolean;
  /** Query keys whose schema is an array: a single value becomes a one-element array. */
  arrayKeys: string[];
}

/** GET procedures in router order, their input schemas coerced once as the adapter would. */
function readRoutes(): Read[] {
  const reads: Read[] = [];
  forEachOpenApiProcedure(proceduresOf(appRouter), ({ path, procedure, meta }) => {
    const openapi = meta.openapi as { method: string; path: string };
    if (openapi.method !== "GET" || procedureType(procedure) !== "query") return;
    const { inputParser } = getInputOutputParsers(procedure as never);
    const schema = unwrapZodType(inputParser as never, true);
    const arrayKeys: string[] = [];
    if (instanceofZodTypeObject(schema)) {
      for (const [key, shape] of Object.entries(schema.shape)) {
        if (shape instanceof ZodArray || (instanceofZodTypeOptional(shape) && shape.unwrap() instanceof ZodArray)) arrayKeys.push(key);
      }
      coerceSchema(schema);
    }
    const first = normalizePath(openapi.path).split("/")[1] ?? "";
    reads.push({
      pattern: getPathRegExp(normalizePath(openapi.path)),
      first: first.includes("{") ? null : first.toLowerCase(),
      path,
      procedure: procedure as unknown as Procedure,
      takesInput: !instanceofZodTypeLikeVoid(schema),
      arrayKeys,
    });
  });
  return reads;
}

/** GET paths served by plain express routes, which come first there and so here. */
function plainReadPatterns(): RegExp[] {
  const patterns: RegExp[] = [];
  for (const route of PLAIN_ROUTES)
    for (const [path, item] of Object.entries(route.docs)) if (item && "get" in item) patterns.push(getPathRegExp(normalizePath(path)));
  return patterns;
}

/** The part of a URL path below the REST mount (/api/v1 or /api), or null for any other path. */
function restPathOf(pathname: string): string | null {
  if (pathname.startsWith("/api/v1/")) return pathname.slice(7);
  if (pathname.startsWith("/api/")) return pathname.slice(4);
  return null;
}

function send(res: Response, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json");
  res.end(JSON.stringify(body));
}

/**
 * Sits in front of the express application (see `listen`): answers a GET request that reaches a
 * procedure and returns true, or returns false and leaves the request to express. The request and
 * response keep node's prototypes: giving every request express's (as express does) made node's
 * own HTTP code see objects of changing shapes, and cost a third of a small read's CPU. Read
 * procedures use only what node's objects have (headers, `req.log`, `res.setHeader`); an error
 * answered the guard's way gets express's prototypes then, for its `res.send`.
 */
export function restReads(
  app: Express,
  deps: AppDeps,
  logger: Logger,
  requestLog: (req: Request, res: Response, next: NextFunction) => void,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const reads = readRoutes();
  // Candidates by first segment, in router order (the adapter takes the first match in that order).
  const byFirst = new Map<string, Read[]>();
  for (const first of new Set(reads.map((r) => r.first)))
    if (first !== null)
      byFirst.set(
        first,
        reads.filter((r) => r.first === first || r.first === null),
      );
  const paramFirst = reads.filter((r) => r.first === null);
  const plain = plainReadPatterns();
  const createContext = contextFactory(deps);
  // express's own query parser (its `req.query`), so both paths read a query string alike.
  const parseQuery = app.get("query parser fn") as (query: string) => unknown;

  return (incoming, outgoing) => {
    if (incoming.method !== "GET") return false;
    // A GET with a body is express's: its body parser and input guard answer such requests.
    const length = incoming.headers["content-length"];
    if ((length !== undefined && length !== "0") || incoming.headers["transfer-encoding"] !== undefined) return false;
    const url = incoming.url ?? "/";
    const queryAt = url.indexOf("?");
    const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
    const below = restPathOf(rawPath);
    if (below === null || hasAmbiguousPath(url)) return false;
    const path = normalizePath(below);
    if (plain.some((pattern) => pattern.test(path))) return false;
    let read: Read | undefined;
    let match: RegExpExecArray | null = null;
    const candidates = byFirst.get((path.split("/", 2)[1] ?? "").toLowerCase()) ?? paramFirst;
    for (const candidate of candidates) {
      match = candidate.pattern.exec(path);
      if (match) {
        read = candidate;
        break;
      }
    }
    if (!read) return false;
    const found = read;
    const pathInput = match?.groups ?? {};
    const req = incoming as Request;
    const res = outgoing as Response;
    req.originalUrl = url;
    applyCors(deps.config, req, res);
    const query = parseQuery(queryAt < 0 ? "" : url.slice(queryAt + 1)) as Record<string, unknown>;
    requestLog(req, res, () => void answer(req, res, found, pathInput, rawPath, query));
    return true;
  };

  async function answer(
    req: Request,
    res: Response,
    read: Read,
    pathInput: Record<string, string>,
    path: string,
    query: Record<string, unknown>,
  ): Promise<void> {
    // The input guard's checks (text PostgreSQL cannot store) on the path and the query.
    const refused = pathOrQueryProblem(path, query);
    if (refused) {
      // Refused as the guard refuses in express: its error response, headers included.
      Object.setPrototypeOf(req, app.request);
      Object.setPrototypeOf(res, app.response);
      req.res = res;
      res.req = req;
      return sendError(res, refused.toBody());
    }
    let input: Record<string, unknown> | undefined;
    try {
      if (read.takesInput) {
        input = {};
        for (const key of Object.keys(query)) {
          const value = query[key];
          if (value) input[key] = Array.isArray(value) && value.length === 1 ? value[0] : value;
        }
        for (const key of read.arrayKeys) if (input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
        Object.assign(input, pathInput);
      }
      const ctx = await createContext({ req, res });
      const rawInput = input;
      const data = await read.procedure({
        path: read.path,
        getRawInput: async () => rawInput,
        ctx,
        type: "query",
        signal: undefined,
        batchIndex: 0,
      });
      send(res, 200, data);
    } catch (cause) {
      const error: TRPCError = getTRPCErrorFromUnknown(cause);
      logInternalError(logger, error, read.path);
      const body = errorBodyOf(error);
      if (body.statusCode >= 500) req.log?.error({ path }, "request failed");
      if (res.headersSent) return void res.end();
      setRetryAfter(res, error);
      send(res, body.statusCode, body);
    }
  }
}
