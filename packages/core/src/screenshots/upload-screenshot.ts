import { v7 as uuidv7 } from "uuid";
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { queueObjectCleanup } from "./object-cleanup";
import { processImage } from "./process-image";
import { assertValidRegions, type RegionInput } from "./regions";
import { deleteScreenshotObjectsOrThrow, putScreenshotObjects } from "./s3-store";
import { DEFAULT_SCREENSHOT_CONFIG } from "./screenshot-config";
import { REGION_ORDER, type ScreenshotRecord, toScreenshotRecord } from "./screenshot-record";

export interface UploadScreenshotInput {
  name: string;
  image: Buffer;
  regions?: RegionInput[];
}

export const MAX_SCREENSHOT_NAME_LENGTH = 300;

/**
 * Stores one image with its regions. Everything that can refuse it (permission, size, format,
 * pixels, regions) is checked before anything is stored; with object storage the objects are
 * written first and removed again if the row cannot be.
 */
export async function uploadScreenshot(ctx: ServiceContext, projectId: string, input: UploadScreenshotInput): Promise<ScreenshotRecord> {
  const project = await loadProject(ctx, projectId, "screenshots.write", { forWrite: true });
  const config = ctx.config.screenshots ?? DEFAULT_SCREENSHOT_CONFIG;
  const name = input.name.trim();
  if (!name || name.length > MAX_SCREENSHOT_NAME_LENGTH) {
    throw badRequest(`name: must be 1 to ${MAX_SCREENSHOT_NAME_LENGTH} characters`, [
      { path: "name", message: `must be 1 to ${MAX_SCREENSHOT_NAME_LENGTH} characters` },
    ]);
  }
  const processed = await processImage(input.image, config);
  const regions = input.regions ?? [];
  // Regions are checked before object storage is written, so a refusal leaves no object behind.
  await assertValidRegions(ctx.db.prisma, project.id, processed, regions);
  const id = uuidv7();
  const storage = config.storage;
  const storageKey = storage.kind === "s3" ? `${project.id}/${id}` : null;
  if (storage.kind === "s3" && storageKey) await putScreenshotObjects(ctx.runtime.s3Clients, storage, storageKey, processed);
  try {
    const created = await ctx.db.prisma.$transaction(async (tx) => {
      // Checked again inside the transaction: a key may have been deleted meanwhile.
      await assertValidRegions(tx, project.id, processed, regions);
      const row = await tx.screenshot.create({
        data: {
          id,
          projectId: project.id,
          name,
          contentType: processed.contentType,
          width: processed.width,
          height: processed.height,
          byteSize: processed.image.length,
          thumbWidth: processed.thumbWidth,
          thumbHeight: processed.thumbHeight,
          storage: storage.kind,
          storageKey,
          createdById: ctx.actor.userId,
          regions: { create: regions.map((r) => ({ keyId: r.keyId, x: r.x, y: r.y, width: r.width, height: r.height })) },
        },
        include: { regions: { orderBy: REGION_ORDER } },
      });
      if (storage.kind === "database") {
        await tx.screenshotData.create({ data: { screenshotId: id, image: processed.image, thumbnail: processed.thumbnail } });
      }
      await recordActivity(tx, ctx.actor, {
        action: "screenshot.uploaded",
        projectId: project.id,
        targetId: row.id,
        targetType: "screenshot",
        metadata: { screenshotId: row.id, name, width: row.width, height: row.height, regions: regions.length },
      });
      return row;
    });
    return toScreenshotRecord(created);
  } catch (err) {
    // No row points at the objects: delete them now, or queue them for the sweep if that fails.
    if (storage.kind === "s3" && storageKey) {
      await deleteScreenshotObjectsOrThrow(ctx.runtime.s3Clients, storage, storageKey).catch(() =>
        queueObjectCleanup(ctx.db.prisma, [storageKey]).catch(() => undefined),
      );
    }
    throw err;
  }
}
