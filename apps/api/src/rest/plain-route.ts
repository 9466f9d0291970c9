// Routes the JSON adapter cannot express (binary download, SSE, a bare JSON string body) are
// plain express handlers; each declares its OpenAPI description so the document lists it too.
import type { Router } from "express";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import type { AppDeps } from "../trpc/context";

export interface PlainRoute {
  /** Mounts the handlers on a router that serves both /api and /api/v1. */
  mount(router: Router, deps: AppDeps): void;
  /** OpenAPI paths, relative to /api, in `{param}` form. */
  docs: ZodOpenApiPathsObject;
}
