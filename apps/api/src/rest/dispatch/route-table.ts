// The REST route table, built once from the routers' OpenAPI meta: for every procedure with
// `meta.openapi`, its method, path pattern and how its input is read. The order and the matching
// are the OpenAPI adapter's (trpc-to-openapi): per method, procedures in router order, the first
// whose pattern matches wins, patterns case-insensitive with `{param}` matching one segment.
// Plain operations (rest/plain-route.ts) are matched first, as their express routes were.

import type { AnyRouter } from "@trpc/server";
import {
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  unwrapZodType,
} from "trpc-to-openapi";
import { ZodArray } from "zod/v4";
import { proceduresOf, procedureType } from "../../trpc/procedure-internals";
import type { PlainOperation, PlainRoute } from "../plain-route";

export type RestMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RestRoute {
  method: RestMethod;
  pattern: RegExp;
  /** The path's first segment, lower-cased, or null when it is a parameter. */
  first: string | null;
  /** The procedure's dotted path ("keys.create"). */
  path: string;
  procedure: unknown;
  type: "query" | "mutation";
  /** Whether the procedure takes input at all (`z.void()` takes none). */
  takesInput: boolean;
  /** The unwrapped input schema when it is an object: query strings are coerced to it. */
  objectSchema: unknown | null;
  /** Query keys whose schema is an array: a single value becomes a one-element array. */
  arrayKeys: string[];
}

/** Methods whose input is the JSON body (the others read the query string). */
export const BODY_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH"]);

export interface RouteTable {
  /** The route a request reaches, with its path parameters, or null. */
  match(method: string, path: string): { route: RestRoute; pathInput: Record<string, string> } | null;
  /** The plain operation (export, import, SSE...) a request reaches, with its path parameters, or null. */
  matchPlain(method: string, path: string): { operation: PlainOperation; pathInput: Record<string, string> } | null;
  /** Whether a documented plain path is left to express (the OIDC redirects, mounted ahead of the log). */
  isPlain(method: string, path: string): boolean;
  /** Every route, in router order. */
  each(visit: (route: RestRoute) => void): void;
}

function routesOf(router: AnyRouter): RestRoute[] {
  const routes: RestRoute[] = [];
  forEachOpenApiProcedure(proceduresOf(router), ({ path, procedure, meta }) => {
    const type = procedureType(procedure);
    if (type === "subscription") return;
    const openapi = meta.openapi as { method: RestMethod; path: string };
    const { inputParser } = getInputOutputParsers(procedure as never);
    const schema = unwrapZodType(inputParser as never, true);
    const arrayKeys: string[] = [];
    const isObject = instanceofZodTypeObject(schema);
    if (isObject)
      for (const [key, shape] of Object.entries(schema.shape))
        if (shape instanceof ZodArray || (instanceofZodTypeOptional(shape) && shape.unwrap() instanceof ZodArray)) arrayKeys.push(key);
    const normalized = normalizePath(openapi.path);
    const first = normalized.split("/")[1] ?? "";
    routes.push({
      method: openapi.method,
      pattern: getPathRegExp(normalized),
      first: first.includes("{") ? null : first.toLowerCase(),
      path,
      procedure,
      type,
      takesInput: !instanceofZodTypeLikeVoid(schema),
      objectSchema: isObject ? schema : null,
      arrayKeys,
    });
  });
  return routes;
}

export function buildRouteTable(router: AnyRouter, plainRoutes: readonly PlainRoute[]): RouteTable {
  const routes = routesOf(router);
  // Per method, candidates by first segment in router order; a path whose first segment no
  // route names is tried against the routes that start with a parameter.
  const byMethod = new Map<string, { byFirst: Map<string, RestRoute[]>; paramFirst: RestRoute[] }>();
  for (const method of new Set(routes.map((r) => r.method))) {
    const ofMethod = routes.filter((r) => r.method === method);
    const paramFirst = ofMethod.filter((r) => r.first === null);
    const byFirst = new Map<string, RestRoute[]>();
    for (const first of new Set(ofMethod.map((r) => r.first)))
      if (first !== null)
        byFirst.set(
          first,
          ofMethod.filter((r) => r.first === first || r.first === null),
        );
    byMethod.set(method, { byFirst, paramFirst });
  }
  const plain = new Map<string, RegExp[]>();
  for (const route of plainRoutes)
    for (const [path, item] of Object.entries(route.docs))
      for (const method of Object.keys(item ?? {})) {
        const upper = method.toUpperCase();
        plain.set(upper, [...(plain.get(upper) ?? []), getPathRegExp(normalizePath(path))]);
      }

  const operations = plainRoutes.flatMap((route) =>
    route.operations.map((operation) => ({ operation, pattern: getPathRegExp(normalizePath(operation.path)) })),
  );

  return {
    matchPlain(method, path) {
      // A HEAD reaches the GET, as express routes it.
      const wanted = method === "HEAD" ? "GET" : method;
      for (const { operation, pattern } of operations) {
        if (operation.method !== wanted) continue;
        const found = pattern.exec(path);
        if (found) return { operation, pathInput: { ...found.groups } };
      }
      return null;
    },
    match(method, path) {
      // A HEAD is answered as the GET is (node sends no body for it).
      const ofMethod = byMethod.get(method === "HEAD" ? "GET" : method);
      if (!ofMethod) return null;
      const candidates = ofMethod.byFirst.get((path.split("/", 2)[1] ?? "").toLowerCase()) ?? ofMethod.paramFirst;
      for (const route of candidates) {
        const found = route.pattern.exec(path);
        if (found) return { route, pathInput: found.groups ?? {} };
      }
      return null;
    },
    isPlain(method, path) {
      return plain.get(method)?.some((pattern) => pattern.test(path)) ?? false;
    },
    each(visit) {
      for (const route of routes) visit(route);
    },
  };
}
