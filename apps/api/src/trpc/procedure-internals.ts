// The one module that reads tRPC's internals (`_def`): the procedure table, a procedure's meta,
// middlewares, type, input parsers and output middleware, the router's config. tRPC exposes these
// only as underscore fields; keeping every read here means a tRPC upgrade that moves them breaks
// one file (and its type check), not five.
import type { AnyProcedure, AnyRouter } from "@trpc/server";
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

/**
 * Calls a procedure as `router.createCaller(ctx)` would (the same middlewares, input parsing and
 * errors), without building a caller proxy and walking it per request: the REST dispatcher's call.
 */
export function callProcedure(procedure: unknown, call: { path: string; ctx: unknown; input: unknown }): Promise<unknown> {
  const input = call.input;
  return (procedure as (opts: Record<string, unknown>) => Promise<unknown>)({
    path: call.path,
    getRawInput: async () => input,
    ctx: call.ctx,
    type: defOf(procedure).type,
    signal: undefined,
    batchIndex: 0,
  });
}
