// Every GraphQL error leaves in the documented shape (docs/api-rules.md): `extensions` carries `code`
// and `statusCode` (and `issues` for a 400 naming fields), never `originalError`, a stack trace or
// yoga's internals. Resolver errors already have it (toGraphqlError); this covers what yoga and
// graphql-js raise themselves: parse and validation failures, variable coercion, the limits of the
// armor plugin, a mutation over GET (405).
import type { GraphQLError as GraphQLErrorType } from "graphql";
import type { Plugin } from "graphql-yoga";
import { graphqlCodeOf } from "./error-shape";
import { graphqlRuntime } from "./graphql-runtime";

const { GraphQLError } = graphqlRuntime;

/** Extensions that would show internals: a cause's message and stack, yoga's own markers. */
const INTERNAL_EXTENSIONS = new Set(["originalError", "stacktrace", "exception", "unexpected"]);
/** Yoga's generic codes: the status says more (a mutation over GET is a "BAD_REQUEST" with 405). */
const GENERIC_CODES = new Set(["BAD_REQUEST", undefined]);

function statusOf(extensions: Record<string, unknown>): number {
  if (typeof extensions.statusCode === "number") return extensions.statusCode;
  const http = extensions.http as { status?: unknown } | undefined;
  if (typeof http?.status === "number" && http.status >= 400) return http.status;
  // Errors graphql-js raises without a cause are the request's (syntax, validation, variable types).
  return extensions.code === "INTERNAL_SERVER_ERROR" ? 500 : 400;
}

export function documentedGraphqlError(error: GraphQLErrorType): GraphQLErrorType {
  const extensions: Record<string, unknown> = { ...(error.extensions ?? {}) };
  const statusCode = statusOf(extensions);
  for (const key of INTERNAL_EXTENSIONS) delete extensions[key];
  const code = GENERIC_CODES.has(extensions.code as string | undefined) ? graphqlCodeOf(statusCode) : extensions.code;
  const unchanged = extensions.code === code && extensions.statusCode === statusCode;
  if (unchanged && Object.keys(error.extensions ?? {}).every((k) => k in extensions) && (statusCode >= 500 || !error.originalError))
    return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    // A client's mistake (a scalar refusing a variable's value) is no unexpected error: with its cause
    // kept, yoga answered it with HTTP 500.
    originalError: statusCode >= 500 ? error.originalError : undefined,
    extensions: { ...extensions, code, statusCode },
  });
}

type ResultWithErrors = { errors?: readonly GraphQLErrorType[] };

function documented<T extends ResultWithErrors>(result: T): T {
  if (!result?.errors?.length) return result;
  return { ...result, errors: result.errors.map(documentedGraphqlError) };
}

export function useDocumentedErrors(): Plugin {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result)) setResult(result.map(documented));
      else if (result && typeof result === "object" && "errors" in result)
        setResult(documented(result as ResultWithErrors) as typeof result);
    },
  };
}
