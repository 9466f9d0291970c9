import { MAX_REGIONS, MAX_SCREENSHOT_NAME_LENGTH } from "@locale/core/screenshots";
import { z } from "zod";

export const ZScreenshotRegionInput = z.object({
  keyId: z.string().min(1).max(100).describe("A key of the screenshot's project"),
  x: z.int().min(0).describe("Left edge, in pixels of the original image"),
  y: z.int().min(0).describe("Top edge, in pixels of the original image"),
  width: z.int().min(1),
  height: z.int().min(1),
});

export const ZScreenshotRegions = z
  .array(ZScreenshotRegionInput)
  .max(MAX_REGIONS)
  .describe(
    "Where keys appear on the image; each must lie inside it (400 `screenshot.regionOutside`) and be a key of this project (400 `screenshot.unknownKey`)",
  );

export const ZScreenshot = z.object({
  _id: z.string(),
  projectId: z.string(),
  name: z.string(),
  contentType: z.enum(["image/png", "image/jpeg", "image/webp"]).describe("The stored image's type (the upload's, read from its content)"),
  width: z.int(),
  height: z.int(),
  byteSize: z.int().describe("Size of the stored image (re-encoded without metadata)"),
  thumbnail: z.object({ width: z.int(), height: z.int(), contentType: z.literal("image/webp") }),
  regions: z.array(ZScreenshotRegionInput.extend({ _id: z.string() })),
  createdBy: z.string().nullable().describe("The uploader's user id"),
  created: z.string(),
  updatedAt: z.string(),
});

export const ZScreenshotInput = z.object({ projectId: z.string(), screenshotId: z.string() });

export const ZUploadScreenshotRequest = z.object({
  projectId: z.string(),
  name: z.string().min(1).max(MAX_SCREENSHOT_NAME_LENGTH).describe("A label, e.g. the file name or the screen shown"),
  content: z.string().min(1).describe("The image (PNG, JPEG or WebP) as base64; at most SCREENSHOT_MAX_BYTES (10 MiB) once decoded"),
  regions: ZScreenshotRegions.optional(),
});

export const SCREENSHOTS_PATH = "/projects/{projectId}/screenshots";
export const screenshotTags = ["Screenshots"];

/** Refusals of an upload, beyond the general ones (docs/visual-context.md). */
export const UPLOAD_ERRORS = {
  400: "The image cannot be decoded (`screenshot.corrupt`), or a region is outside the image or on a key of another project",
  413: "The image is over SCREENSHOT_MAX_BYTES (10 MiB by default)",
  415: "The content is not a PNG, JPEG or WebP image (`screenshot.format`; decided by the bytes, not the name)",
  422: "The image has more than SCREENSHOT_MAX_PIXELS pixels (`screenshot.pixels`: a decompression bomb)",
  502: "The object storage (SCREENSHOT_STORAGE=s3) did not answer; nothing was stored",
} as const;
