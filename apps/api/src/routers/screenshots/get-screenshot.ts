import { getScreenshot } from "@locale/core/screenshots";
import { authedProcedure } from "../../trpc/init";
import { SCREENSHOTS_PATH, screenshotTags, ZScreenshot, ZScreenshotInput } from "./screenshots.types";

export const getScreenshotProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: `${SCREENSHOTS_PATH}/{screenshotId}`,
      tags: screenshotTags,
      summary: "One screenshot with its regions (the image itself: `…/image` and `…/thumbnail`)",
    },
  })
  .input(ZScreenshotInput)
  .output(ZScreenshot)
  .query(({ ctx, input }) => getScreenshot(ctx.svc, input));
