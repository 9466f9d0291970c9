// Operations the JSON adapter cannot express (a file download, server-sent events, a bare JSON
// string body, a raw file as the body) are plain operations. The REST dispatcher answers them as
// it answers procedures (dispatch/plain-pipeline.ts): the path guard, the body and its limit, CSRF,
// the input guard, the caller's service context and the documented error body come from there;
// each operation only reads its query and writes its response. Each declares its OpenAPI
// description so the document lists it too.
import type { ServiceContext } from "@locale/core";
import type { Request, Response } from "express";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import type { AppDeps } from "../trpc/context";
import type { PlainQuery } from "./dispatch/plain-query";

/** How the dispatcher reads the request body before the operation runs. */
export type PlainBody =
  /** The JSON body parser procedures get (objects and arrays, up to MAX_BODY_BYTES). */
  | "json"
  /** The same parser, taking any JSON value (a bare string). */
  | "json-value"
  /** Left unread: the operation streams it, with its own limit (a raw file). */
  | "raw";

export interface PlainCall {
  deps: AppDeps;
  /** The caller's service context (credentials are checked before the operation runs). */
  svc: ServiceContext;
  /** The path parameters, percent-decoded. */
  params: Record<string, string>;
  query: PlainQuery;
  req: Request;
  res: Response;
}

export interface PlainOperation {
  method: "GET" | "POST" | "PATCH";
  /** The path as documented, relative to /api, in `{param}` form. */
  path: string;
  body: PlainBody;
  /** Answers the request; what it throws is answered as the documented error body. */
  handle(call: PlainCall): Promise<void>;
}

export interface PlainRoute {
  operations: PlainOperation[];
  /** OpenAPI paths, relative to /api, in `{param}` form. */
  docs: ZodOpenApiPathsObject;
}
