// The one Pothos builder: Prisma object types generated from the same schema as the database
// (@locale/db/pothos-types), the request context (the same Actor as REST), and shared scalars.

import { type Actor, type ServiceContext, unauthorized } from "@locale/core";
import type PrismaTypes from "@locale/db/pothos-types";
import { getDatamodel } from "@locale/db/pothos-types";
import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import type { AppDeps } from "../trpc/context";

export interface GraphqlContext {
  deps: AppDeps;
  actor: Actor | null;
}

export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  PrismaTypes: PrismaTypes;
  Scalars: {
    DateTime: { Input: string; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
  };
  DefaultFieldNullability: false;
}>({
  plugins: [PrismaPlugin],
  defaultFieldNullability: false,
  prisma: {
    // One PrismaClient per app instance (each test server has its own database).
    client: (ctx) => ctx.deps.db.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
});

builder.queryType({});
builder.mutationType({});

builder.scalarType("DateTime", {
  description: "ISO 8601 date-time string",
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: (value) => {
    if (typeof value !== "string" || Number.isNaN(Date.parse(value))) throw new TypeError("DateTime must be an ISO 8601 string");
    return value;
  },
});

builder.scalarType("JSON", {
  description: "Arbitrary JSON value",
  serialize: (value) => value,
  parseValue: (value) => value,
});

/** The service context every core call takes; unauthenticated callers get UNAUTHENTICATED. */
export function svcOf(ctx: GraphqlContext): ServiceContext {
  if (!ctx.actor) throw unauthorized();
  return { db: ctx.deps.db, actor: ctx.actor, config: ctx.deps.core, runtime: ctx.deps.runtime };
}
