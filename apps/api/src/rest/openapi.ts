// The OpenAPI document, generated from the routers plus the plain routes' own descriptions.
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { appRouter } from "../routers";
import { ZErrorBody } from "../schemas/common";
import type { AppMeta } from "../trpc/init";

type Operation = { responses?: Record<string, unknown> };

export function buildOpenApiDocument(baseUrl: string, plainPaths: ZodOpenApiPathsObject): OpenAPIObject {
  const doc = generateOpenApiDocument(appRouter, {
    title: "Locale Service API",
    description:
      "Localization management: projects, keys, translations, AI, import/export, glossary, TM, comments, analytics, activity. Every path also answers under /api/v1.",
    version: "1.0.0",
    baseUrl,
    securitySchemes: {
      apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
      session: { type: "apiKey", in: "cookie", name: "sid" },
    },
    paths: plainPaths,
    defs: { ErrorBody: ZErrorBody },
  });
  // The adapter documents every success as 200; creating procedures answer 201.
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: AppMeta } }>;
  for (const proc of Object.values(procedures)) {
    const meta = proc._def.meta;
    if (!meta?.openapi || !meta.successStatus) continue;
    const path = meta.openapi.path.replace(/\{(\w+)\}/g, "{$1}");
    const op = (doc.paths?.[path] as Record<string, Operation> | undefined)?.[meta.openapi.method.toLowerCase()];
    if (op?.responses?.["200"]) {
      op.responses[String(meta.successStatus)] = op.responses["200"];
      delete op.responses["200"];
    }
  }
  return doc;
}

/** Success status of a procedure path (201 for creating procedures). */
export function successStatusOf(procedurePath: string | undefined): number | undefined {
  if (!procedurePath) return undefined;
  const proc = (appRouter._def.procedures as unknown as Record<string, { _def: { meta?: AppMeta } }>)[procedurePath];
  return proc?._def.meta?.successStatus;
}
