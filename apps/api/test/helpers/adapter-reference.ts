// The request path the REST dispatcher replaced, kept here as the reference the differential tests
// (rest-dispatch.test.ts, rest-reads.test.ts) compare it with: trpc-to-openapi's express adapter,
// unpatched, behind the same guards as the plain routes (startTestServer's `bareExpress` puts it at
// the end of the REST router through createApp's `restReference`). Production serves no request
// through it: the dispatcher answers every procedure route, and the library only builds the
// OpenAPI document.
//
// One difference of the unpatched adapter is known: it coerces a procedure's input schema for JSON
// bodies too ("false" would become true), by marking the schema itself, which the dispatcher and
// every other test file of the worker (vitest runs them without isolation) share. So around each
// write it answers, the reference notes the coercion marks of every write schema and puts them
// back before the response ends: the dispatcher never sees a body schema the reference marked.
// The differential tests send bodies of the right types, for which that coercion changes nothing.
import type { ErrorBody } from "@locale/core";
import { errorBodyForStatus } from "@locale/core";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import {
  createOpenApiExpressMiddleware,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  instanceofZodTypeCoercible,
  instanceofZodTypeObject,
  unwrapZodType,
} from "trpc-to-openapi";
import { retryAfterHeaders } from "../../src/rest/error-responses";
import { normalizeRequest } from "../../src/rest/normalize-request";
import { appRouter } from "../../src/routers";
import { type AppDeps, contextFactory } from "../../src/trpc/context";
import { logInternalError } from "../../src/trpc/log-internal-error";
import { procedureMeta, proceduresOf } from "../../src/trpc/procedure-internals";

type ZodDef = { coerce?: boolean };
type ZodLike = { _zod: { def: ZodDef }; shape?: Record<string, unknown> };

/** The definitions `coerceSchema` would mark in an object schema, walked as it walks them. */
function coercibleDefs(schema: ZodLike, into: Set<ZodDef>): void {
  for (const member of Object.values(schema.shape ?? {})) {
    const unwrapped = unwrapZodType(member as never, false) as unknown as ZodLike;
    if (instanceofZodTypeCoercible(unwrapped as never)) into.add(unwrapped._zod.def);
    else if (instanceofZodTypeObject(unwrapped as never)) coercibleDefs(unwrapped, into);
  }
}

/** Every definition the adapter may mark while answering a write (a JSON body). */
function writeSchemaDefs(): ZodDef[] {
  const defs = new Set<ZodDef>();
  forEachOpenApiProcedure(proceduresOf(appRouter), ({ procedure, meta }) => {
    const method = (meta.openapi as { method: string }).method;
    if (method !== "POST" && method !== "PUT" && method !== "PATCH") return;
    const schema = unwrapZodType(getInputOutputParsers(procedure as never).inputParser as never, true);
    if (instanceofZodTypeObject(schema)) coercibleDefs(schema as unknown as ZodLike, defs);
  });
  return [...defs];
}

/** Puts the write schemas' coercion marks back as they were before the adapter answered. */
function keepWriteSchemas(defs: ZodDef[]) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== "POST" && req.method !== "PUT" && req.method !== "PATCH") return next();
    const before = defs.map((def) => def.coerce);
    let restored = false;
    const restore = () => {
      if (restored) return;
      restored = true;
      defs.forEach((def, i) => {
        if (before[i] === undefined) delete def.coerce;
        else def.coerce = before[i];
      });
    };
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    (res as unknown as { end: (...args: unknown[]) => Response }).end = (...args: unknown[]) => {
      restore();
      return end(...args);
    };
    res.once("close", restore);
    next();
  };
}

/** Success status of a procedure path (201 for creating procedures). */
function successStatusOf(procedurePath: string | undefined): number | undefined {
  const procedure = procedurePath ? proceduresOf(appRouter)[procedurePath] : undefined;
  return procedure === undefined ? undefined : procedureMeta(procedure)?.successStatus;
}

/** Wraps res.end so an adapter error body `{..., appBody}` goes out as `appBody` with its status. */
function rewriteAdapterErrors(req: Request, res: Response, next: NextFunction): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  (res as unknown as { end: (...args: unknown[]) => Response }).end = (chunk?: unknown, ...rest: unknown[]) => {
    if (res.statusCode >= 400 && typeof chunk === "string" && !res.headersSent) {
      try {
        const parsed = JSON.parse(chunk) as { appBody?: ErrorBody; message?: string };
        const body = parsed.appBody ?? errorBodyForStatus(res.statusCode, parsed.message ?? "Error");
        res.statusCode = body.statusCode;
        if (body.statusCode >= 500) (req as Request & { log?: Logger }).log?.error({ path: req.path }, "request failed");
        return end(JSON.stringify(body), ...rest);
      } catch {
        // not JSON: leave it as it is
      }
    }
    return end(chunk, ...rest);
  };
  next();
}

/** The adapter and what it needed in front of it, for createApp's `restReference`. */
export function adapterReference(deps: AppDeps, logger: Logger): RequestHandler[] {
  const adapter = createOpenApiExpressMiddleware({
    router: appRouter,
    createContext: contextFactory(deps),
    maxBodySize: deps.config.MAX_BODY_BYTES,
    responseMeta: ({ paths, errors }) => {
      if (errors.length > 0) return { headers: retryAfterHeaders(errors[0]) };
      const status = successStatusOf(paths?.[0]);
      return status ? { status } : {};
    },
    onError: ({ error, path }) => logInternalError(logger, error, path),
  }) as unknown as RequestHandler;
  return [normalizeRequest, rewriteAdapterErrors, keepWriteSchemas(writeSchemaDefs()), adapter];
}
