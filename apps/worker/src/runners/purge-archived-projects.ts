// Deletes projects archived longer than PROJECT_RETENTION_DAYS, hourly (and once at start-up).
import { purgeExpiredProjects } from "@locale/core";
import { runPeriodically } from "../run-periodically";
import type { Runner } from "../runner";

const EVERY_MS = 60 * 60 * 1000;

export const purgeArchivedProjectsRunner: Runner = {
  name: "purge-archived-projects",
  async start({ db, config, runtime, logger }) {
    const run = async () => {
      try {
        const purged = await purgeExpiredProjects({ db, config, runtime });
        if (purged) logger.info({ purged }, "purged expired archived projects");
      } catch (err) {
        logger.error({ err }, "purge of archived projects failed");
      }
    };
    return runPeriodically(run, EVERY_MS);
  },
};
