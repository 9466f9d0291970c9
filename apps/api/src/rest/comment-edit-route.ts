// PATCH /projects/{projectId}/keys/{keyId}/comments/{commentId} with a bare JSON string body
// (`"new text"`), which the OpenAPI adapter cannot take: a plain operation whose body is read by
// the JSON parser taking any JSON value, so the string passes CSRF and the input guard like any
// other body.

import { type AppError, badRequest } from "@locale/core";
import { updateComment } from "@locale/core/comments";
import { z } from "zod";
import { ZComment } from "../routers/comments/comments.types";
import { ZErrorBody } from "../schemas/common";
import type { PlainCall, PlainRoute } from "./plain-route";

const DOC_PATH = "/projects/{projectId}/keys/{keyId}/comments/{commentId}";

type Params = { projectId: string; keyId: string; commentId: string };

function notAString(): AppError {
  return badRequest('body: must be a JSON string holding the new comment text, e.g. "Looks good"', [
    { path: "body", message: "must be a JSON string holding the new comment text" },
  ]);
}

async function handleEdit({ svc, params, req, res }: PlainCall): Promise<void> {
  // JSON objects, arrays and empty bodies reach here too: a 400 unless the body is a string.
  if (typeof req.body !== "string") throw notAString();
  const { projectId, keyId, commentId } = params as Params;
  const comment = await updateComment(svc, { projectId, keyId, commentId }, req.body);
  res.status(200).json(comment);
}

export const commentEditRoute: PlainRoute = {
  // `/resolve` is one segment longer and not matched.
  operations: [{ method: "PATCH", path: DOC_PATH, body: "json-value", handle: handleEdit }],
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
