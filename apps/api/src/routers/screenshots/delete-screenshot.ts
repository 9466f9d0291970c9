import { deleteScreenshot } from "@locale/core/screenshots";
import { ZSuccess } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { SCREENSHOTS_PATH, screenshotTags, ZScreenshotInput } from "./screenshots.types";

export const deleteScreenshotProcedure = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: `${SCREENSHOTS_PATH}/{screenshotId}`,
      tags: screenshotTags,
      summary: "Delete a screenshot with its regions and image",
    },
  })
  .input(ZScreenshotInput)
  .output(ZSuccess)
  .mutation(({ ctx, input }) => deleteScreenshot(ctx.svc, input));
