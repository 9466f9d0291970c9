import type { ServiceContext } from "../context";
import { loadScreenshot, type ScreenshotScope } from "./load-screenshot";
import { REGION_ORDER, type ScreenshotRecord, toScreenshotRecord } from "./screenshot-record";

export async function getScreenshot(ctx: ServiceContext, scope: ScreenshotScope): Promise<ScreenshotRecord> {
  const { screenshot } = await loadScreenshot(ctx, scope, "screenshots.read", false);
  const regions = await ctx.db.prisma.screenshotRegion.findMany({ where: { screenshotId: screenshot.id }, orderBy: REGION_ORDER });
  return toScreenshotRecord({ ...screenshot, regions });
}
