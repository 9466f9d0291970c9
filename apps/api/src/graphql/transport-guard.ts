// What reaches yoga at /graphql: GET or POST at /graphql itself, a POST body of JSON only, and a query
// string with each GraphQL parameter at most once. Everything else is refused here, in the documented
// GraphQL error shape (error-shape.ts):
// - other paths under /graphql: 404 (yoga answered them with an empty body);
// - other methods: 405 (OPTIONS passes, for CORS preflights);
// - form-encoded, multipart and any other non-JSON body: 415. Yoga would parse form and multipart
//   bodies itself, after every guard of ours had run on an empty parsed body (docs/api-rules.md);
// - a repeated `query`, `variables`, `operationName` or `extensions`: 400 (yoga uses the first one,
//   a guard could check another); malformed `variables`/`extensions` JSON: 400.
import { AppError, badRequest, errorBodyForStatus } from "@locale/core";
import type { NextFunction, Request, Response } from "express";
import { clientErrorBodyOf } from "../trpc/error-envelope";
import { sendGraphqlError } from "./error-shape";

const PARAMETERS = ["query", "variables", "operationName", "extensions"];

function transportProblem(req: Request): AppError | null {
  if (req.path !== "/") return new AppError("NOT_FOUND", "Route not found");
  if (req.method !== "GET" && req.method !== "POST" && req.method !== "OPTIONS")
    return new AppError("METHOD_NOT_ALLOWED", "GraphQL answers GET and POST requests only");
  if (req.method === "POST" && !req.is("application/json"))
    return new AppError("UNSUPPORTED_MEDIA_TYPE", "Content-Type must be application/json");
  const search = new URLSearchParams(req.originalUrl.split("?")[1] ?? "");
  for (const name of PARAMETERS) {
    const values = search.getAll(name);
    if (values.length > 1) return badRequest(`${name}: must be given once`, [{ path: name, message: "must be given once" }]);
  }
  return null;
}

export function guardGraphqlTransport(req: Request, res: Response, next: NextFunction): void {
  const problem = transportProblem(req);
  if (!problem) return next();
  if (problem.code === "METHOD_NOT_ALLOWED") res.setHeader("Allow", "GET, POST");
  sendGraphqlError(res, problem.toBody());
}

/** Express error middleware for /graphql: body-parser refusals (malformed, too large) in the GraphQL shape. */
export function graphqlParserErrors(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  const body = clientErrorBodyOf(err);
  if (!body || res.headersSent) return next(err);
  sendGraphqlError(res, body.statusCode === 400 && !body.issues ? errorBodyForStatus(400, body.message) : body);
}
