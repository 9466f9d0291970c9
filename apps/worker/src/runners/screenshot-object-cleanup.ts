// Deletes objects of deleted screenshots that could not be deleted right after their delete
// (SCREENSHOT_STORAGE=s3; docs/visual-context.md, "Storage"): every few minutes and at start-up,
// the due rows of ScreenshotObjectCleanup, each retried with a growing delay until it succeeds.
import { runObjectCleanup } from "@locale/core/screenshots";
import { runPeriodically } from "../run-periodically";
import type { Runner } from "../runner";

const EVERY_MS = 5 * 60 * 1000;

export const screenshotObjectCleanupRunner: Runner = {
  name: "screenshot-object-cleanup",
  async start({ db, config, runtime, logger }) {
    if (config.screenshots?.storage.kind !== "s3") return { async stop() {} };
    const run = async () => {
      try {
        const { deleted, failed } = await runObjectCleanup({ db, config, runtime });
        if (deleted || failed) logger.info({ deleted, failed }, "swept objects of deleted screenshots");
      } catch (err) {
        logger.error({ err }, "sweep of screenshot objects failed");
      }
    };
    return runPeriodically(run, EVERY_MS);
  },
};
