// GraphQL variables get the same limits as REST and tRPC bodies (rest/input-guard.ts): no NUL, no
// lone surrogates, bounded nesting — from the JSON body or the query string alike. Malformed
// variables in the query string are a 400 here (yoga's own parse failed with a 500 and an error log
// line per request). Answered in the documented GraphQL error shape with the 400 status.
import { badRequest } from "@locale/core";
import type { NextFunction, Request, Response } from "express";
import { findInputProblem, inputProblemError } from "../rest/input-guard";
import { sendGraphqlError } from "./error-shape";

/** A JSON parameter of the query string (transport-guard.ts has refused repeated ones). */
function queryJson(req: Request, name: string): { value: unknown } | { malformed: true } {
  const text = new URLSearchParams(req.originalUrl.split("?")[1] ?? "").get(name);
  if (!text) return { value: undefined };
  try {
    const value: unknown = JSON.parse(text);
    return value === null || (typeof value === "object" && !Array.isArray(value)) ? { value } : { malformed: true };
  } catch {
    return { malformed: true };
  }
}

export function guardGraphqlVariables(req: Request, res: Response, next: NextFunction): void {
  const body = req.body as unknown;
  let checked: unknown;
  if (req.method === "POST") {
    // One operation per request (batching is off): an object whose `query` is a document.
    if (!body || typeof body !== "object" || Array.isArray(body) || typeof (body as { query?: unknown }).query !== "string") {
      const message = "must be a string (the body is one JSON object with a query)";
      return sendGraphqlError(res, badRequest(`query: ${message}`, [{ path: "query", message }]).toBody());
    }
    checked = body;
  } else {
    const parsed: Record<string, unknown> = {};
    for (const name of ["variables", "extensions"]) {
      const json = queryJson(req, name);
      if ("malformed" in json) {
        const message = "must be a JSON object (malformed JSON or another type)";
        return sendGraphqlError(res, badRequest(`${name}: ${message}`, [{ path: name, message }]).toBody());
      }
      parsed[name] = json.value;
    }
    checked = parsed;
  }
  const problem = findInputProblem(checked);
  if (problem) sendGraphqlError(res, inputProblemError(problem).toBody());
  else next();
}
