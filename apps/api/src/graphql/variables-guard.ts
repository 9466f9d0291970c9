// GraphQL variables get the same limits as REST and tRPC bodies (rest/input-guard.ts): no NUL, no
// lone surrogates, bounded nesting. Answered as a GraphQL error with the 400 status.
import { APP_ERROR_TABLE } from "@locale/core";
import type { NextFunction, Request, Response } from "express";
import { findInputProblem } from "../rest/input-guard";

function variablesOf(req: Request): unknown {
  const body = req.body as { variables?: unknown } | unknown[] | undefined;
  if (Array.isArray(body)) return body.map((op) => (op as { variables?: unknown } | null)?.variables);
  if (body && typeof body === "object" && "variables" in body) return body.variables;
  const query = req.query.variables;
  if (typeof query !== "string") return undefined;
  try {
    return JSON.parse(query);
  } catch {
    return undefined; // yoga answers malformed variables itself
  }
}

export function guardGraphqlVariables(req: Request, res: Response, next: NextFunction): void {
  const problem = findInputProblem(variablesOf(req), "variables");
  if (!problem) return next();
  const message = `${problem.path}: ${problem.message}`;
  const extensions = { code: APP_ERROR_TABLE.BAD_REQUEST.graphql, statusCode: 400, issues: [problem] };
  res.status(400).json({ errors: [{ message, extensions }] });
}
