// The raw-body upload and the image downloads are plain routes: rest/screenshot-routes.ts.
import { router } from "../../trpc/init";
import { deleteScreenshotProcedure } from "./delete-screenshot";
import { getScreenshotProcedure } from "./get-screenshot";
import { listScreenshotsProcedure } from "./list-screenshots";
import { setScreenshotRegionsProcedure } from "./set-screenshot-regions";
import { uploadScreenshotProcedure } from "./upload-screenshot";

export const screenshotsRouter = router({
  upload: uploadScreenshotProcedure,
  list: listScreenshotsProcedure,
  get: getScreenshotProcedure,
  setRegions: setScreenshotRegionsProcedure,
  delete: deleteScreenshotProcedure,
});
