import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { loadScreenshot, type ScreenshotScope } from "./load-screenshot";
import { assertValidRegions, type RegionInput } from "./regions";
import { REGION_ORDER, type ScreenshotRecord, toScreenshotRecord } from "./screenshot-record";

/** Replaces all regions of a screenshot, in one transaction (an invalid region changes nothing). */
export async function setScreenshotRegions(ctx: ServiceContext, scope: ScreenshotScope, regions: RegionInput[]): Promise<ScreenshotRecord> {
  const { project, screenshot } = await loadScreenshot(ctx, scope, "screenshots.write", true);
  const updated = await ctx.db.prisma.$transaction(async (tx) => {
    await assertValidRegions(tx, project.id, screenshot, regions);
    await tx.screenshotRegion.deleteMany({ where: { screenshotId: screenshot.id } });
    const row = await tx.screenshot.update({
      where: { id: screenshot.id },
      data: { regions: { create: regions.map((r) => ({ keyId: r.keyId, x: r.x, y: r.y, width: r.width, height: r.height })) } },
      include: { regions: { orderBy: REGION_ORDER } },
    });
    await recordActivity(tx, ctx.actor, {
      action: "screenshot.regions_updated",
      projectId: project.id,
      targetId: screenshot.id,
      targetType: "screenshot",
      metadata: { screenshotId: screenshot.id, name: screenshot.name, regions: regions.length },
    });
    return row;
  });
  return toScreenshotRecord(updated);
}
