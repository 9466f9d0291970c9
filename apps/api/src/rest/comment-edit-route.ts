// PATCH /projects/{projectId}/keys/{keyId}/comments/{commentId} with a bare JSON string body
// (`"new text"`), which the OpenAPI adapter cannot take: a plain express route.
//
// The router's shared JSON parser runs in strict mode (objects and arrays only) before any plain
// route, so it refuses a bare string with a parse error before this route is reached. This route
// therefore also mounts an error handler on its own path that re-parses exactly that refused body
// with JSON.parse (the non-strict parse `express.json({strict: false})` would do); because the
// refusal skipped the CSRF guard, the guard is applied here before the handler runs.

import { AppError, badRequest, unauthorized } from "@locale/core";
import { updateComment } from "@locale/core/comments";
import type { NextFunction, Request, Response, Router } from "express";
import { z } from "zod";
import { ZComment } from "../routers/comments/comments.types";
import { ZErrorBody } from "../schemas/common";
import type { AppDeps } from "../trpc/context";
import { resolveActor } from "../trpc/context";
import { csrfGuard } from "./csrf";
import { sendError } from "./error-responses";
import type { PlainRoute } from "./plain-route";

const PATH = "/projects/:projectId/keys/:keyId/comments/:commentId";
const DOC_PATH = "/projects/{projectId}/keys/{keyId}/comments/{commentId}";

type Params = { projectId: string; keyId: string; commentId: string };

function notAString(): AppError {
  return badRequest('body: must be a JSON string holding the new comment text, e.g. "Looks good"', [
    { path: "body", message: "must be a JSON string holding the new comment text" },
  ]);
}

/** The raw body a strict JSON parser refused, when it is valid JSON after all (a bare scalar). */
function bareJsonBody(err: unknown): { value: unknown } | undefined {
  const e = err as { type?: string; body?: unknown } | null;
  if (e?.type !== "entity.parse.failed" || typeof e.body !== "string") return undefined;
  try {
    return { value: JSON.parse(e.body) };
  } catch {
    return undefined;
  }
}

function handler(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const actor = await resolveActor(deps, req);
      if (!actor) return sendError(res, unauthorized().toBody());
      if (typeof req.body !== "string") return sendError(res, notAString().toBody());
      const { projectId, keyId, commentId } = req.params as Params;
      const comment = await updateComment(
        { db: deps.db, actor, config: deps.core, runtime: deps.runtime },
        { projectId, keyId, commentId },
        req.body,
      );
      res.status(200).json(comment);
    } catch (error) {
      if (error instanceof AppError) return sendError(res, error.toBody());
      next(error);
    }
  };
}

export const commentEditRoute: PlainRoute = {
  mount(router: Router, deps: AppDeps) {
    const handle = handler(deps);
    const csrf = csrfGuard(deps.config);
    // JSON objects, arrays and empty bodies pass the shared parser and CSRF guard: answered here
    // (with a 400 unless the body is a string). `/resolve` is one segment longer and not matched.
    router.patch(PATH, handle);
    router.use(PATH, (err: unknown, req: Request, res: Response, next: NextFunction) => {
      const bare = req.method === "PATCH" && req.path === "/" ? bareJsonBody(err) : undefined;
      if (!bare) return next(err);
      req.body = bare.value;
      // The guard hands a refusal to `next` (answered in the REST shape); only a pass goes on.
      csrf(req, res, (refusal?: unknown) => (refusal ? next(refusal) : void handle(req, res, next)));
    });
  },
  docs: {
    [DOC_PATH]: {
      patch: {
        operationId: "comments-update",
        tags: ["Comments"],
        summary: "Edit a comment (author only); the body is a bare JSON string",
        security: [{ apiKey: [] }, { session: [] }],
        requestParams: { path: z.object({ projectId: z.string(), keyId: z.string(), commentId: z.string() }) },
        requestBody: {
          required: true,
          content: { "application/json": { schema: z.string().min(1).meta({ example: "Please keep it under 20 characters" }) } },
        },
        responses: {
          "200": { description: "The updated comment", content: { "application/json": { schema: ZComment } } },
          "400": { description: "The body is not a non-empty JSON string", content: { "application/json": { schema: ZErrorBody } } },
          "401": { description: "No or invalid credentials", content: { "application/json": { schema: ZErrorBody } } },
          "403": { description: "Not the comment's author", content: { "application/json": { schema: ZErrorBody } } },
          "404": { description: "Project, key or comment not found", content: { "application/json": { schema: ZErrorBody } } },
        },
      },
    },
  },
};
