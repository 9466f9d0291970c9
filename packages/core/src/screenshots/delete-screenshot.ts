import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { loadScreenshot, type ScreenshotScope } from "./load-screenshot";
import { cleanUpAfterCommit, queueObjectCleanup } from "./object-cleanup";

/**
 * Deletes a screenshot, its regions and its bytes: database rows at once; objects in object
 * storage after the commit, queued in the same transaction so a failure is retried later.
 */
export async function deleteScreenshot(ctx: ServiceContext, scope: ScreenshotScope): Promise<{ success: true }> {
  const { project, screenshot } = await loadScreenshot(ctx, scope, "screenshots.write", true);
  await ctx.db.prisma.$transaction(async (tx) => {
    await tx.screenshot.delete({ where: { id: screenshot.id } });
    if (screenshot.storage === "s3" && screenshot.storageKey) await queueObjectCleanup(tx, [screenshot.storageKey]);
    await recordActivity(tx, ctx.actor, {
      action: "screenshot.deleted",
      projectId: project.id,
      targetId: screenshot.id,
      targetType: "screenshot",
      metadata: { screenshotId: screenshot.id, name: screenshot.name },
    });
  });
  // Two objects: awaited, so the answer comes once they are gone (or queued for a retry).
  if (screenshot.storage === "s3" && screenshot.storageKey) await cleanUpAfterCommit(ctx, [screenshot.storageKey]);
  return { success: true };
}
