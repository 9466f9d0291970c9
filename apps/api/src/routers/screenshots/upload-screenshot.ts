import { payloadTooLarge } from "@locale/core";
import { uploadScreenshot } from "@locale/core/screenshots";
import { authedProcedure } from "../../trpc/init";
import { SCREENSHOTS_PATH, screenshotTags, UPLOAD_ERRORS, ZScreenshot, ZUploadScreenshotRequest } from "./screenshots.types";

export const uploadScreenshotProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: SCREENSHOTS_PATH,
      tags: screenshotTags,
      summary: "Upload a screenshot (base64) with its key regions",
      description: [
        "The image is checked by its content (PNG, JPEG or WebP), stored without its metadata (EXIF orientation applied) and given a WebP thumbnail; the regions are checked in the same request, so a refusal stores nothing.",
        "For files as the request body, use `POST /projects/{projectId}/screenshots/file`.",
      ].join(" "),
    },
    successStatus: 201,
    errors: UPLOAD_ERRORS,
  })
  .input(ZUploadScreenshotRequest)
  .output(ZScreenshot)
  .mutation(({ ctx, input }) => {
    const maxBytes = ctx.svc.config.screenshots?.maxBytes ?? Number.POSITIVE_INFINITY;
    // Refused before decoding when even the shortest base64 of that length is over the limit.
    if (Math.floor((input.content.length * 3) / 4) - 2 > maxBytes) throw payloadTooLarge(`The image is larger than ${maxBytes} bytes`);
    const image = Buffer.from(input.content, "base64");
    return uploadScreenshot(ctx.svc, input.projectId, { name: input.name, image, regions: input.regions });
  });
