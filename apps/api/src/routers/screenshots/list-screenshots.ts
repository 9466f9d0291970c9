import { listScreenshots } from "@locale/core/screenshots";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { SCREENSHOTS_PATH, screenshotTags, ZScreenshot } from "./screenshots.types";

export const listScreenshotsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: SCREENSHOTS_PATH,
      tags: screenshotTags,
      summary: "The project's screenshots, newest first (at most 200), optionally only those showing one key",
    },
  })
  .input(
    z.object({
      projectId: z.string(),
      keyId: z.string().min(1).max(100).optional().describe("Only screenshots with a region on this key"),
    }),
  )
  .output(z.array(ZScreenshot))
  .query(({ ctx, input }) => listScreenshots(ctx.svc, input.projectId, input.keyId === undefined ? {} : { keyId: input.keyId }));
