// Text the service cannot store, and JSON nested deeper than any real request, are refused with a
// 400 naming the field before a handler sees them (REST, tRPC and GraphQL variables alike):
// - NUL (U+0000): PostgreSQL text cannot hold it;
// - lone UTF-16 surrogates ("\ud800" in JSON): not Unicode text; refused rather than replaced, so
//   what a response echoes is exactly what the client sent and what was stored;
// - nesting deeper than MAX_JSON_DEPTH: serialising and validating such values recursed until
//   the stack overflowed.
import { AppError, badRequest, unstorableTextProblem } from "@locale/core";
import type { NextFunction, Request, Response } from "express";
import { sendTrpcError } from "../trpc/error-envelope";

export const MAX_JSON_DEPTH = 64;

function join(path: string, key: string | number): string {
  return path ? `${path}.${key}` : String(key);
}

/** The first problem in a parsed JSON value (or query object), as `{path, message}`. */
export function findInputProblem(value: unknown, path = "", depth = 0): { path: string; message: string } | null {
  if (typeof value === "string") {
    const message = unstorableTextProblem(value);
    return message ? { path, message } : null;
  }
  if (value === null || typeof value !== "object") return null;
  if (depth >= MAX_JSON_DEPTH) return { path, message: `must not be nested more than ${MAX_JSON_DEPTH} levels deep` };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = findInputProblem(value[i], join(path, i), depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value)) {
    const keyMessage = unstorableTextProblem(key);
    if (keyMessage) return { path: join(path, key.replace(/[\u0000\ud800-\udfff]/g, "\ufffd")), message: `key ${keyMessage}` };
    const problem = findInputProblem(child, join(path, key), depth + 1);
    if (problem) return problem;
  }
  return null;
}

export function inputProblemError(problem: { path: string; message: string }): AppError {
  return badRequest(problem.path ? `${problem.path}: ${problem.message}` : problem.message, [problem]);
}

/** Throws the documented 400 for the first problem in `value`. */
export function assertStorableInput(value: unknown, path = ""): void {
  const problem = findInputProblem(value, path);
  if (problem) throw inputProblemError(problem);
}

/** The first problem in a request's URL path (decoded where it decodes) or its parsed query. */
export function pathOrQueryProblem(path: string, query: unknown): AppError | null {
  let decoded = path;
  // Without a `%` there is nothing to decode (the common case: no copy of the path per request).
  if (path.includes("%"))
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // malformed percent-encoding: the path is checked as it came
    }
  const pathMessage = unstorableTextProblem(decoded);
  if (pathMessage) return badRequest(`path: ${pathMessage}`, [{ path: "path", message: pathMessage }]);
  const problem = findInputProblem(query);
  return problem ? inputProblemError(problem) : null;
}

/** Express middleware for JSON APIs: path, query and body. Runs after the JSON body parser. */
export function guardInput(req: Request, _res: Response, next: NextFunction): void {
  try {
    const problem = pathOrQueryProblem(req.path, req.query);
    if (problem) throw problem;
    if (req.body !== undefined) assertStorableInput(req.body);
    next();
  } catch (error) {
    next(error);
  }
}

/**
 * The same check for /trpc, answered in tRPC's error envelope. It must run before tRPC's adapter,
 * which serialises the parsed body again (and overflowed the stack on deep input). The adapter reads
 * the first `input` of the query string: a repeated one is refused, so the one checked is the one used.
 */
export function guardTrpcInput(req: Request, res: Response, next: NextFunction): void {
  const problem = trpcInputProblem(req);
  if (problem) sendTrpcError(res, problem.toBody());
  else next();
}

function trpcInputProblem(req: Request): AppError | null {
  // A body of another type would reach tRPC unparsed (and its 415 went out as text/plain).
  if (req.is("application/json") === false) return new AppError("UNSUPPORTED_MEDIA_TYPE", "Content-Type must be application/json");
  const pathOrQuery = pathOrQueryProblem(req.path, req.query);
  if (pathOrQuery) return pathOrQuery;
  const inputs = new URLSearchParams(req.originalUrl.split("?")[1] ?? "").getAll("input");
  if (inputs.length > 1) return badRequest("input: must be given once", [{ path: "input", message: "must be given once" }]);
  let problem = findInputProblem(req.body);
  if (!problem && inputs.length === 1) {
    try {
      problem = findInputProblem(JSON.parse(inputs[0]!));
    } catch {
      // malformed input: tRPC answers that itself (400)
    }
  }
  return problem ? inputProblemError(problem) : null;
}
