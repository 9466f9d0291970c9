// The OpenAPI document, generated from the routers plus the plain routes' own descriptions, then
// corrected where the adapter cannot know the truth: success statuses (201), error responses
// (ErrorBody and the statuses rest/openapi-errors.ts derives), the RateLimit-* headers of every
// answer (rest/openapi-rate-limit-headers.ts), public operations (`security: []`)
// and the `/organizations/current` paths. operationId is `<router>-<procedure>` (the tRPC path,
// dots as dashes); plain routes name theirs the same way.
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { appRouter } from "../routers";
import { ZErrorBody, ZValidationErrorBody } from "../schemas/common";
import { authedProcedure } from "../trpc/init";
import { procedureMeta, procedureMiddlewares, proceduresOf } from "../trpc/procedure-internals";
import { addCurrentOrganizationPaths } from "./openapi-current-org";
import { type DeclaredErrors, errorResponse, errorStatusesOf } from "./openapi-errors";
import { RATE_LIMIT_HEADERS, withRateLimitHeaders } from "./openapi-rate-limit-headers";

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
};

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/** The middleware that demands credentials: a procedure built on authedProcedure carries it. */
const REQUIRE_CREDENTIALS = procedureMiddlewares(authedProcedure).at(-1);

function proceduresByOperation(): Map<string, unknown> {
  const byOperation = new Map<string, unknown>();
  for (const proc of Object.values(proceduresOf(appRouter))) {
    const openapi = procedureMeta(proc)?.openapi;
    if (openapi) byOperation.set(`${openapi.method.toLowerCase()} ${openapi.path}`, proc);
  }
  return byOperation;
}

/** Error statuses a plain route declares beyond what the rules derive (it has no meta). */
function declaredByPlainRoute(op: Operation): DeclaredErrors {
  const declared: DeclaredErrors = {};
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    const code = Number(status);
    // A public route may still answer 401 for one of its variants (the OIDC start with `link=true`).
    const publicWith401 = code === 401 && (op.security?.length ?? 0) === 0;
    // Domain statuses the rules cannot derive: archived projects, a body refused for its content
    // (415, 422: screenshots), an upstream that failed (502: object storage).
    if (publicWith401 || [409, 415, 422, 429, 502].includes(code))
      declared[code as keyof DeclaredErrors] = (response as { description?: string }).description ?? "";
  }
  return declared;
}

export function buildOpenApiDocument(baseUrl: string, plainPaths: ZodOpenApiPathsObject): OpenAPIObject {
  const doc = generateOpenApiDocument(appRouter, {
    title: "Locale Service API",
    description:
      "Localization management: projects, keys, translations, AI, import/export, glossary, TM, comments, analytics, activity. Every path also answers under /api/v1. Every error answers `ErrorBody`.",
    version: "1.0.0",
    baseUrl,
    securitySchemes: {
      apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
      session: { type: "apiKey", in: "cookie", name: "sid" },
    },
    paths: plainPaths,
    defs: { ErrorBody: ZErrorBody, ValidationErrorBody: ZValidationErrorBody },
  });
  const procedures = proceduresByOperation();
  const aliasOf = addCurrentOrganizationPaths(doc.paths as Parameters<typeof addCurrentOrganizationPaths>[0]);
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      const proc = procedures.get(`${method} ${aliasOf.get(path) ?? path}`);
      const meta = proc === undefined ? undefined : procedureMeta(proc);
      const isProtected = proc !== undefined ? procedureMiddlewares(proc).includes(REQUIRE_CREDENTIALS) : (op.security?.length ?? 0) > 0;
      if (!isProtected) op.security = [];
      const responses: Record<string, unknown> = {};
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (Number(status) < 400) responses[status] = response;
      }
      // The adapter documents every success as 200; creating procedures answer 201.
      if (meta?.successStatus && responses["200"]) {
        responses[String(meta.successStatus)] = responses["200"];
        delete responses["200"];
      }
      const statuses = errorStatusesOf({
        method,
        path,
        protected: isProtected,
        adapter: proc !== undefined,
        declared: proc ? (meta?.errors ?? {}) : declaredByPlainRoute(op),
      });
      for (const [status, description] of statuses) responses[String(status)] = errorResponse(status, description);
      // Every answer, success or error, carries the RateLimit-* headers.
      op.responses = Object.fromEntries(Object.entries(responses).map(([status, r]) => [status, withRateLimitHeaders(r)]));
    }
  }
  // The adapter's own `{message, code}` error schemas describe nothing the server sends.
  const schemas = doc.components?.schemas ?? {};
  for (const name of Object.keys(schemas)) if (name.startsWith("error.")) delete schemas[name];
  doc.components = { ...doc.components, headers: { ...doc.components?.headers, ...RATE_LIMIT_HEADERS } };
  return doc;
}
