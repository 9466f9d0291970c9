import { setScreenshotRegions } from "@locale/core/screenshots";
import { authedProcedure } from "../../trpc/init";
import { SCREENSHOTS_PATH, screenshotTags, ZScreenshot, ZScreenshotInput, ZScreenshotRegions } from "./screenshots.types";

export const setScreenshotRegionsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: `${SCREENSHOTS_PATH}/{screenshotId}/regions`,
      tags: screenshotTags,
      summary: "Replace all regions of a screenshot (an empty list removes them)",
    },
  })
  .input(ZScreenshotInput.extend({ regions: ZScreenshotRegions }))
  .output(ZScreenshot)
  .mutation(({ ctx, input }) =>
    setScreenshotRegions(ctx.svc, { projectId: input.projectId, screenshotId: input.screenshotId }, input.regions),
  );
