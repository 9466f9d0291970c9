// What every plain route (plain-route.ts) reads from its request, read one way: the caller's
// service context (the actor the procedures' context resolves, cached on the request) and single
// query values with the documented 400s. The guards in front (path, body limit, CSRF, input) are
// the dispatcher's own modules, mounted once on the REST router; these are what was left for each
// route to redo.
import { badRequest, type ServiceContext, unauthorized } from "@locale/core";
import type { Request } from "express";
import { type AppDeps, resolveActor } from "../trpc/context";

/** The caller's service context; 401 (thrown as an AppError) without valid credentials. */
export async function serviceContextOf(deps: AppDeps, req: Request): Promise<ServiceContext> {
  const actor = await resolveActor(deps, req);
  if (!actor) throw unauthorized();
  return { db: deps.db, actor, config: deps.core, runtime: deps.runtime };
}

/** A query value given at most once. */
export function singleQuery(req: Request, field: string): string | undefined {
  const value = req.query[field];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw badRequest(`${field}: must be given once`, [{ path: field, message: "must be given once" }]);
  return value;
}

/** A query value given exactly once. */
export function requiredQuery(req: Request, field: string): string {
  const value = singleQuery(req, field);
  if (value === undefined) throw badRequest(`${field}: is required`, [{ path: field, message: "is required" }]);
  return value;
}

/** A query flag: "true" or "false", given at most once. */
export function queryBoolean(req: Request, field: string): boolean | undefined {
  const value = singleQuery(req, field);
  if (value === undefined) return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  throw badRequest(`${field}: must be "true" or "false"`, [{ path: field, message: 'must be "true" or "false"' }]);
}
