// Adapts requests to what the OpenAPI adapter expects, without changing what clients may send:
// a body-less POST/PUT/PATCH (curl -X POST) counts as `{}`, and a DELETE's JSON body (bulk
// delete) reaches the procedure input alongside query parameters.
import type { NextFunction, Request, Response } from "express";

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

function hasBody(req: Request): boolean {
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}

export function normalizeRequest(req: Request, _res: Response, next: NextFunction): void {
  if (BODY_METHODS.has(req.method) && !hasBody(req) && !req.headers["content-type"]) {
    req.headers["content-type"] = "application/json";
    req.body = {};
  }
  if (req.method === "DELETE" && req.body && typeof req.body === "object" && !Array.isArray(req.body)) {
    const merged = { ...(req.query as Record<string, unknown>), ...(req.body as Record<string, unknown>) };
    Object.defineProperty(req, "query", { value: merged, writable: true, configurable: true });
  }
  next();
}
