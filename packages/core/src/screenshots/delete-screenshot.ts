import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { loadScreenshot, type ScreenshotScope } from "./load-screenshot";
import { deleteScreenshotObjects } from "./s3-store";
import { DEFAULT_SCREENSHOT_CONFIG } from "./screenshot-config";

/** Deletes a screenshot, its regions and its bytes (database rows at once, objects after the commit). */
export async function deleteScreenshot(ctx: ServiceContext, scope: ScreenshotScope): Promise<{ success: true }> {
  const { project, screenshot } = await loadScreenshot(ctx, scope, "screenshots.write", true);
  await ctx.db.prisma.$transaction(async (tx) => {
    await tx.screenshot.delete({ where: { id: screenshot.id } });
    await recordActivity(tx, ctx.actor, {
      action: "screenshot.deleted",
      projectId: project.id,
      targetId: screenshot.id,
      targetType: "screenshot",
      metadata: { screenshotId: screenshot.id, name: screenshot.name },
    });
  });
  const storage = (ctx.config.screenshots ?? DEFAULT_SCREENSHOT_CONFIG).storage;
  if (screenshot.storage === "s3" && screenshot.storageKey && storage.kind === "s3") {
    await deleteScreenshotObjects(storage, screenshot.storageKey);
  }
  return { success: true };
}
