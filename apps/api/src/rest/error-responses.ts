// The one place express-side REST errors take their documented shape {statusCode, message, error,
// issues?}: express errors (malformed JSON, oversized bodies), plain operations' refusals (the
// dispatcher's plain pipeline) and unknown routes. Procedure errors take it in the dispatcher
// (errorBodyOf, trpc/init.ts).

import { AppError, type ErrorBody, errorBodyForStatus, fromDatabaseError, retryAfterOf } from "@locale/core";
import { TRPCError } from "@trpc/server";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";

/** `Retry-After` for a refusal that asks for one (a busy database or import queue: 503), on every surface. */
export function retryAfterHeaders(error: unknown): Record<string, string> {
  const seconds = retryAfterOf(fromDatabaseError(error instanceof TRPCError ? error.cause : error));
  return seconds ? { "Retry-After": String(seconds) } : {};
}

/** Sets the headers of retryAfterHeaders on a response not yet sent. */
export function setRetryAfter(res: { setHeader(name: string, value: string): unknown }, error: unknown): void {
  for (const [name, value] of Object.entries(retryAfterHeaders(error))) res.setHeader(name, value);
}

export function sendError(res: Response, body: ErrorBody): void {
  res.status(body.statusCode).type("application/json").send(JSON.stringify(body));
}

export function notFoundRoute(req: Request, res: Response): void {
  sendError(res, errorBodyForStatus(404, `Cannot ${req.method} ${req.path}`));
}

/** Express error middleware: body-parser failures and anything thrown by plain operations. */
export function expressErrorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const e = err as { type?: string; status?: number; statusCode?: number; toBody?: () => ErrorBody; message?: string };
    if (res.headersSent) {
      res.end();
      return;
    }
    setRetryAfter(res, err);
    if (typeof e?.toBody === "function") return sendError(res, e.toBody());
    const mapped = fromDatabaseError(err);
    if (mapped instanceof AppError) return sendError(res, mapped.toBody());
    if (e?.type === "entity.parse.failed") return sendError(res, errorBodyForStatus(400, "Malformed JSON in request body"));
    if (e?.type === "entity.too.large") return sendError(res, errorBodyForStatus(413, "Request body is too large"));
    const status = e?.status ?? e?.statusCode;
    if (status && status >= 400 && status < 500) return sendError(res, errorBodyForStatus(status, e.message ?? "Bad request"));
    logger.error({ err, path: req.path }, "unhandled error");
    sendError(res, errorBodyForStatus(500, "Internal server error"));
  };
}
