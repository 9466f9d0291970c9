import type { ServiceContext } from "../context";
import { AppError, notFound } from "../errors/app-error";
import { loadScreenshot, type ScreenshotScope } from "./load-screenshot";
import { getScreenshotObject } from "./s3-store";
import { DEFAULT_SCREENSHOT_CONFIG } from "./screenshot-config";
import { THUMBNAIL_CONTENT_TYPE } from "./screenshot-record";

export interface ScreenshotFile {
  contentType: string;
  bytes: Buffer;
}

/** The stored image (metadata stripped) or its WebP thumbnail, from wherever it is kept. */
export async function readScreenshotImage(
  ctx: ServiceContext,
  scope: ScreenshotScope,
  variant: "image" | "thumbnail",
): Promise<ScreenshotFile> {
  const { screenshot } = await loadScreenshot(ctx, scope, "screenshots.read", false);
  const contentType = variant === "image" ? screenshot.contentType : THUMBNAIL_CONTENT_TYPE;
  if (screenshot.storage === "s3" && screenshot.storageKey) {
    const storage = (ctx.config.screenshots ?? DEFAULT_SCREENSHOT_CONFIG).storage;
    if (storage.kind !== "s3") {
      throw new AppError("SERVICE_UNAVAILABLE", "This screenshot is in object storage, which is not configured on this server");
    }
    return { contentType, bytes: await getScreenshotObject(ctx.runtime.s3Clients, storage, screenshot.storageKey, variant) };
  }
  const where = { screenshotId: screenshot.id };
  const bytes =
    variant === "image"
      ? (await ctx.db.prisma.screenshotData.findUnique({ where, select: { image: true } }))?.image
      : (await ctx.db.prisma.screenshotData.findUnique({ where, select: { thumbnail: true } }))?.thumbnail;
  if (!bytes) throw notFound("Screenshot image");
  return { contentType, bytes: Buffer.from(bytes) };
}
