// The screenshot routes the JSON adapter cannot express: the upload with the image itself as the
// request body, and the image and thumbnail downloads (their own content types).
import { badRequest, payloadTooLarge } from "@locale/core";
import { DEFAULT_SCREENSHOT_CONFIG, readScreenshotImage, uploadScreenshot } from "@locale/core/screenshots";
import type { Request } from "express";
import { z } from "zod";
import type { ZodOpenApiPathItemObject } from "zod-openapi";
import { UPLOAD_ERRORS, ZScreenshot } from "../routers/screenshots/screenshots.types";
import type { PlainCall, PlainRoute } from "./plain-route";

const ZErrorRef = { $ref: "#/components/schemas/ErrorBody" } as const;
const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: ZErrorRef } } });

/** The whole body, refused with 413 as soon as it passes `limit` (Node discards the rest). */
function readBody(req: Request, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      req.resume();
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return fail(payloadTooLarge(`The image is larger than ${limit} bytes`));
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks, size));
    });
    req.once("aborted", () => fail(badRequest("The request body was cut off")));
    req.once("error", fail);
  });
}

async function handleUpload({ deps, svc, params, query, req, res }: PlainCall): Promise<void> {
  const name = query.required("name");
  const limit = (deps.core.screenshots ?? DEFAULT_SCREENSHOT_CONFIG).maxBytes;
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw payloadTooLarge(`The image is larger than ${limit} bytes`);
  const image = await readBody(req, limit);
  const created = await uploadScreenshot(svc, String(params.projectId), { name, image });
  res.status(201).json(created);
}

async function handleImage({ svc, params, res }: PlainCall, variant: "image" | "thumbnail"): Promise<void> {
  const file = await readScreenshotImage(svc, { projectId: String(params.projectId), screenshotId: String(params.screenshotId) }, variant);
  res.setHeader("Content-Type", file.contentType);
  res.setHeader("Content-Length", String(file.bytes.length));
  // Private to the caller: the image belongs to one organization.
  res.setHeader("Cache-Control", "private, max-age=300");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.end(file.bytes);
}

const ZImagePath = z.object({ projectId: z.string(), screenshotId: z.string() });

function imageDocs(variant: "image" | "thumbnail"): ZodOpenApiPathItemObject {
  return {
    get: {
      operationId: variant === "image" ? "screenshots-getImage" : "screenshots-getThumbnail",
      tags: ["Screenshots"],
      summary:
        variant === "image" ? "The screenshot's image (metadata stripped)" : "The screenshot's thumbnail (WebP, at most 480 px a side)",
      security: [{ apiKey: [] }, { session: [] }],
      requestParams: { path: ZImagePath },
      responses: {
        "200": {
          description: variant === "image" ? "The image, with its own content type" : "The thumbnail",
          content:
            variant === "image"
              ? {
                  "image/png": { schema: { type: "string" as const, format: "binary" } },
                  "image/jpeg": { schema: { type: "string" as const, format: "binary" } },
                  "image/webp": { schema: { type: "string" as const, format: "binary" } },
                }
              : { "image/webp": { schema: { type: "string" as const, format: "binary" } } },
        },
        "401": errorResponse("No or invalid credentials"),
        "403": errorResponse("The role or token scopes do not allow reading keys"),
        "404": errorResponse("Unknown project or screenshot (or another organization's)"),
        "502": errorResponse("The object storage did not answer"),
      },
    },
  };
}

export const screenshotRoutes: PlainRoute = {
  operations: [
    // The body is the image: read by the operation, under the screenshot size limit.
    { method: "POST", path: "/projects/{projectId}/screenshots/file", body: "raw", handle: handleUpload },
    {
      method: "GET",
      path: "/projects/{projectId}/screenshots/{screenshotId}/image",
      body: "json",
      handle: (call) => handleImage(call, "image"),
    },
    {
      method: "GET",
      path: "/projects/{projectId}/screenshots/{screenshotId}/thumbnail",
      body: "json",
      handle: (call) => handleImage(call, "thumbnail"),
    },
  ],
  docs: {
    "/projects/{projectId}/screenshots/file": {
      post: {
        operationId: "screenshots-uploadFile",
        tags: ["Screenshots"],
        summary: "Upload a screenshot sent as the request body",
        description:
          "The same upload as `POST /projects/{projectId}/screenshots`, with the image itself as the body (any content type: the format is read from the bytes) and its name in the query; regions are set afterwards with `PUT …/regions`.",
        security: [{ apiKey: [] }, { session: [] }],
        requestParams: {
          path: z.object({ projectId: z.string() }),
          query: z.object({ name: z.string().min(1).max(300).describe("A label, e.g. the file name") }),
        },
        requestBody: {
          required: true,
          content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
        },
        responses: {
          "201": { description: "The stored screenshot", content: { "application/json": { schema: ZScreenshot } } },
          "400": errorResponse(`No name, or ${UPLOAD_ERRORS[400]}`),
          "401": errorResponse("No or invalid credentials"),
          "403": errorResponse("The role or token scopes (`screenshots:write`) do not allow uploads, or a cross-site cookie request"),
          "404": errorResponse("Unknown project (or another organization's)"),
          "409": errorResponse("The project is archived"),
          "413": errorResponse(UPLOAD_ERRORS[413]),
          "415": errorResponse(UPLOAD_ERRORS[415]),
          "422": errorResponse(UPLOAD_ERRORS[422]),
          "502": errorResponse(UPLOAD_ERRORS[502]),
        },
      },
    },
    "/projects/{projectId}/screenshots/{screenshotId}/image": imageDocs("image"),
    "/projects/{projectId}/screenshots/{screenshotId}/thumbnail": imageDocs("thumbnail"),
  },
};
