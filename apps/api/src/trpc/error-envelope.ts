// The documented tRPC error answer (docs/api-rules.md): tRPC's own envelope `{error: {message, code,
// data: {httpStatus, code}}}` plus `appBody`, the REST body. Procedures get it from the error
// formatter in init.ts; what is refused before tRPC's adapter (the input guard, body parsing) is
// answered here in the same shape.
import { APP_ERROR_TABLE, AppError, type ErrorBody, errorBodyForStatus } from "@locale/core";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import type { NextFunction, Request, Response } from "express";

type TrpcCodeKey = keyof typeof TRPC_ERROR_CODES_BY_KEY;

function trpcCodeOf(status: number): TrpcCodeKey {
  const entry = Object.values(APP_ERROR_TABLE).find((e) => e.status === status) ?? APP_ERROR_TABLE.INTERNAL;
  return entry.trpc;
}

export function trpcErrorEnvelope(body: ErrorBody) {
  const code = trpcCodeOf(body.statusCode);
  return {
    error: { message: body.message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { httpStatus: body.statusCode, code }, appBody: body },
  };
}

export function sendTrpcError(res: Response, body: ErrorBody): void {
  res.status(body.statusCode).json(trpcErrorEnvelope(body));
}

/**
 * Express error middleware for /trpc: a body the JSON parser refused (malformed, too large, another
 * charset) answers in the tRPC envelope, not the REST body the application's last handler writes.
 */
export function trpcParserErrors(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  const body = clientErrorBodyOf(err);
  if (!body || res.headersSent) return next(err);
  sendTrpcError(res, body);
}

/** The documented body for a client error raised in front of a handler (body parser, guards), or null. */
export function clientErrorBodyOf(err: unknown): ErrorBody | null {
  if (err instanceof AppError) return err.toBody();
  const e = err as { type?: string; status?: number; statusCode?: number; message?: string } | null;
  if (e?.type === "entity.parse.failed") return errorBodyForStatus(400, "Malformed JSON in request body");
  if (e?.type === "entity.too.large") return errorBodyForStatus(413, "Request body is too large");
  const status = e?.status ?? e?.statusCode;
  if (status && status >= 400 && status < 500) return errorBodyForStatus(status, e?.message || "Bad request");
  return null;
}
