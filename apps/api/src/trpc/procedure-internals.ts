// The one module that reads tRPC's internals (`_def`): the procedure table, a procedure's meta,
// middlewares, type, input parsers and output middleware, the router's config. tRPC exposes these
// only as underscore fields; keeping every read here means a tRPC upgrade that moves them breaks
// one file (and its type check), not five.
import { type AnyProcedure, type AnyRouter, getTRPCErrorFromUnknown, TRPCError } from "@trpc/server";
import type { AppMeta } from "./init";

/** A zod-like input parser, as tRPC stores each `.input()` of a procedure. */
export interface InputParser {
  safeParse(
    value: unknown,
  ): { success: true; data: unknown } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

interface ProcedureDef {
  type: "query" | "mutation" | "subscription";
  meta?: AppMeta;
  middlewares: { _type?: string }[];
  inputs: InputParser[];
  output?: unknown;
}

const defOf = (procedure: unknown): ProcedureDef => (procedure as { _def: ProcedureDef })._def;

/** Every procedure of a router by its dotted path ("keys.create"). */
export function proceduresOf(router: AnyRouter): Record<string, AnyProcedure> {
  return router._def.procedures as Record<string, AnyProcedure>;
}

/** The router's root config (error formatter, transformer), as tRPC's own error shaping needs it. */
export function routerConfigOf(router: AnyRouter): AnyRouter["_def"]["_config"] {
  return router._def._config;
}

export const procedureMeta = (procedure: unknown): AppMeta | undefined => defOf(procedure).meta;
export const procedureType = (procedure: unknown): ProcedureDef["type"] => defOf(procedure).type;
export const procedureInputs = (procedure: unknown): InputParser[] => defOf(procedure).inputs;
export const procedureMiddlewares = (procedure: unknown): unknown[] => defOf(procedure).middlewares;
/** The schema of `.output()`, or undefined when the procedure declares none. */
export const procedureOutput = (procedure: unknown): unknown => defOf(procedure).output;
/** Whether tRPC's run-time output check (the middleware `.output()` adds) is in the chain. */
export const checksOutput = (procedure: unknown): boolean =>
  defOf(procedure).middlewares.some((middleware) => middleware._type === "output");

/**
 * Removes the run-time output check tRPC adds for `.output()`; false when the procedure declares
 * none. The declared schema stays (types, the OpenAPI document).
 */
export function dropOutputValidation(procedure: unknown): boolean {
  const def = defOf(procedure);
  const at = def.middlewares.findIndex((middleware) => middleware._type === "output");
  if (at < 0 || def.output === undefined) return false;
  def.middlewares.splice(at, 1);
  return true;
}

type MiddlewareResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };
type Middleware = (opts: Record<string, unknown>) => Promise<MiddlewareResult>;
type CallOptions = {
  path: string;
  type: string;
  ctx: unknown;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  signal: undefined;
  batchIndex: number;
};
type NextOptions = { ctx?: Record<string, unknown>; input?: unknown; getRawInput?: () => Promise<unknown> } | undefined;

/**
 * One step of a procedure's middleware chain, as tRPC's `callRecursive` takes it: the same
 * options, the same merging of `next({ ctx, input })`, a thrown value turned into a failed result.
 * Written here rather than called through the procedure because tRPC's published build copies each
 * options object with a down-levelled `_objectSpread2` helper, its largest cost per call (BENCHMARKS.md,
 * issue 14); native spread does the same copy.
 */
async function step(index: number, def: ProcedureDef, opts: CallOptions): Promise<MiddlewareResult> {
  try {
    const middleware = def.middlewares[index] as unknown as Middleware;
    return await middleware({
      ...opts,
      meta: def.meta,
      input: opts.input,
      next(nextOpts: NextOptions) {
        return step(index + 1, def, {
          ...opts,
          ctx: nextOpts?.ctx ? { ...(opts.ctx as object), ...nextOpts.ctx } : opts.ctx,
          input: nextOpts && "input" in nextOpts ? nextOpts.input : opts.input,
          getRawInput: nextOpts?.getRawInput ?? opts.getRawInput,
        });
      },
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause) };
  }
}

/**
 * Calls a procedure as `router.createCaller(ctx)` would (the same middlewares, input parsing,
 * errors and results), without a caller proxy to build and walk per request: the REST dispatcher's
 * call. Other transports (/trpc) call procedures through tRPC itself.
 */
export async function callProcedure(procedure: unknown, call: { path: string; ctx: unknown; input: unknown }): Promise<unknown> {
  const def = defOf(procedure);
  const input = call.input;
  const result = await step(0, def, {
    path: call.path,
    type: def.type,
    ctx: call.ctx,
    input: undefined,
    getRawInput: async () => input,
    signal: undefined,
    batchIndex: 0,
  });
  if (!result)
    throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "No result from middlewares - did you forget to `return next()`?" });
  if (!result.ok) throw result.error;
  return result.data;
}
