// GraphQL at /graphql: the Pothos schema served by graphql-yoga (GraphiQL in the browser),
// authenticated like REST (X-API-Key or the session cookie → the same Actor), errors coded from
// APP_ERROR_TABLE, internal errors masked, and depth/cost/alias limits against hostile queries.

import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { APP_ERROR_TABLE, AppError, fromDatabaseError } from "@locale/core";
import express, { type Request, type RequestHandler } from "express";
import type { GraphQLError as GraphQLErrorType } from "graphql";
import { createYoga } from "graphql-yoga";
import type { Logger } from "pino";
import { csrfGuard } from "../rest/csrf";
import { type AppDeps, resolveActor } from "../trpc/context";
import { builder, type GraphqlContext } from "./builder";
import { useDocumentedErrors } from "./documented-errors";
import { graphiqlAssets, renderLocalGraphiql } from "./graphiql-page";
import { graphqlRuntime } from "./graphql-runtime";
import { listCostLimitPlugin } from "./list-cost-limit";
import { useStorableLiterals } from "./literal-guard";
import { graphqlParserErrors, guardGraphqlTransport } from "./transport-guard";
import { guardGraphqlVariables } from "./variables-guard";
import "./schema/organization";
import "./schema/project";
import "./schema/key";
import "./schema/translation";
import "./schema/bulk-edit";
import "./schema/comment";
import "./schema/notification";
import "./schema/glossary";
import "./schema/activity";
import "./schema/token";
import "./schema/analytics";
import "./schema/tm";
import "./schema/quality";
import "./schema/import-export";
import "./schema/ai";
import "./schema/mt";
import "./schema/pretranslate";
import "./schema/account";
import "./schema/screenshot";
import "./schema/release";

export const schema = builder.toSchema({ sortSchema: true });

const { GraphQLError } = graphqlRuntime;

/** The SDL committed as apps/api/schema.graphql. */
export const printSdl = (): string => `${graphqlRuntime.printSchema(schema)}\n`;

const isGraphqlError = (e: unknown): e is GraphQLErrorType => e instanceof Error && e.name === "GraphQLError";

/** Limits sized so the documented queries pass and nesting abuse does not. */
export const GRAPHQL_LIMITS = {
  // Introspection counts too (GraphiQL's own query is 13 levels deep), so recursive
  // introspection cannot be used to nest without bound.
  maxDepth: 15,
  // List sizes count (list-cost-limit.ts): all projects with 50 keys each and their translations
  // cost about 23,000; 20 aliases of them with 200 keys each, about 1,800,000.
  maxCost: 50_000,
  maxAliases: 20,
  maxTokens: 3_000,
};

/** An AppError (or a database error core knows) becomes a coded GraphQL error; the rest is masked. */
export function toGraphqlError(error: unknown, logger?: Logger): GraphQLErrorType {
  const graphqlError = isGraphqlError(error) ? error : null;
  const original = graphqlError?.originalError ?? error;
  if (graphqlError && !graphqlError.originalError) return graphqlError; // parse/validation errors
  if (isGraphqlError(original)) return original;
  const mapped = original instanceof AppError ? original : fromDatabaseError(original);
  if (mapped instanceof AppError && mapped.code !== "INTERNAL") {
    const entry = APP_ERROR_TABLE[mapped.code];
    return new GraphQLError(mapped.message, {
      nodes: graphqlError?.nodes,
      path: graphqlError?.path,
      extensions: { code: entry.graphql, statusCode: entry.status, ...(mapped.issues ? { issues: mapped.issues } : {}) },
    });
  }
  logger?.error({ err: original, path: graphqlError?.path }, "graphql resolver failed");
  return new GraphQLError("Internal server error", {
    nodes: graphqlError?.nodes,
    path: graphqlError?.path,
    extensions: { code: APP_ERROR_TABLE.INTERNAL.graphql, statusCode: 500 },
  });
}

/** Express handlers for /graphql: body limit, the CSRF rule of cookie sessions, then yoga. */
export function graphqlHandlers(deps: AppDeps, logger: Logger): RequestHandler[] {
  const yoga = createYoga<{ req: Request }, GraphqlContext>({
    schema,
    graphqlEndpoint: "/graphql",
    graphiql: { title: "Locale Service GraphQL" },
    // GraphiQL from this origin (yoga's default page loads it from a CDN).
    renderGraphiQL: (options) => renderLocalGraphiql(options),
    landingPage: false,
    // CORS is the application's one policy (rest/cors.ts), not yoga's, which allowed any origin.
    cors: false,
    logging: false,
    maskedErrors: { maskError: (error) => toGraphqlError(error, logger) },
    context: async ({ req }) => ({ deps, actor: await resolveActor(deps, req) }),
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: false, flattenFragments: true },
        // Our own cost rule below counts list sizes (limit arguments); armor's does not.
        costLimit: { enabled: false },
        maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
        maxTokens: { n: GRAPHQL_LIMITS.maxTokens },
        maxDirectives: { n: 20 },
      }),
      listCostLimitPlugin(GRAPHQL_LIMITS.maxCost),
      useStorableLiterals(),
      useDocumentedErrors(),
    ],
  });
  // express.json first: the same body size limit (413) as REST; yoga reads the parsed body. The
  // transport guard refuses every body yoga would parse itself (form, multipart): transport-guard.ts.
  return [
    graphiqlAssets(),
    guardGraphqlTransport,
    express.json({ limit: deps.config.MAX_BODY_BYTES }),
    csrfGuard(deps.config, { readsByOrigin: true }),
    guardGraphqlVariables,
    yoga as unknown as RequestHandler,
    graphqlParserErrors as unknown as RequestHandler,
  ];
}
