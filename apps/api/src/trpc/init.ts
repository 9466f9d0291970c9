// tRPC instance and the layered procedure builders (public → authed). Every procedure declares
// OpenAPI meta, zod input and output; REST, the OpenAPI document and the SDK share that contract.

import {
  AppError,
  badRequest,
  type ErrorBody,
  fromDatabaseError,
  internalError,
  type ServiceContext,
  unauthorized,
  validationError,
} from "@locale/core";
import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { DeclaredErrors } from "../rest/openapi-errors";
import type { RequestContext } from "./context";
import { trpcErrorEnvelope } from "./error-envelope";

export interface AppMeta extends OpenApiMeta {
  /** Creating procedures answer 201. */
  successStatus?: number;
  /** Error statuses the domain adds to the ones the OpenAPI rules derive (rest/openapi-errors.ts). */
  errors?: DeclaredErrors;
}

/** The documented error body for any error a procedure raised. */
export function errorBodyOf(error: TRPCError): ErrorBody {
  const cause = fromDatabaseError(error.cause);
  if (cause instanceof AppError) return cause.toBody();
  if (cause && (cause as Error).name === "ZodError") {
    return validationError((cause as unknown as { issues: { path: PropertyKey[]; message: string }[] }).issues).toBody();
  }
  switch (error.code) {
    case "PARSE_ERROR":
      return badRequest("Malformed JSON in request body").toBody();
    case "NOT_FOUND":
      return new AppError("NOT_FOUND", error.message === "Not found" ? "Route not found" : error.message).toBody();
    case "PAYLOAD_TOO_LARGE":
      return new AppError("PAYLOAD_TOO_LARGE", "Request body is too large").toBody();
    case "UNSUPPORTED_MEDIA_TYPE":
      return new AppError("UNSUPPORTED_MEDIA_TYPE", "Content-Type must be application/json").toBody();
    case "BAD_REQUEST":
      return badRequest(error.message).toBody();
    case "UNAUTHORIZED":
      return unauthorized().toBody();
    case "METHOD_NOT_SUPPORTED":
      // A mutation over GET, a query over POST, or another method: the caller's mistake.
      return new AppError("METHOD_NOT_ALLOWED", error.message).toBody();
    default:
      return internalError().toBody();
  }
}

export const t = initTRPC
  .context<RequestContext>()
  .meta<AppMeta>()
  .create({
    errorFormatter({ error }) {
      // `appBody` is what the REST layer sends; stacks and internal messages never leave. The codes
      // follow the status (an AppError thrown in a procedure reaches tRPC as INTERNAL_SERVER_ERROR).
      return trpcErrorEnvelope(errorBodyOf(error)).error;
    },
  });

export const router = t.router;
export const publicProcedure = t.procedure;

/** Requires valid credentials and exposes the service context services take. */
export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.actor) throw new TRPCError({ code: "UNAUTHORIZED", message: "Unauthorized", cause: unauthorized() });
  const svc: ServiceContext = { db: ctx.db, actor: ctx.actor, config: ctx.core, runtime: ctx.runtime };
  // tRPC merges these keys into the context itself; spreading it here too cost a copy per request.
  return next({ ctx: { actor: ctx.actor, svc } });
});
