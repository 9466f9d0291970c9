import { router } from "../../trpc/init";
import { getProjectProgressProcedure } from "./get-project-progress";
import { getProgressOverTimeProcedure } from "./get-progress-over-time";
import { listContributorsProcedure } from "./list-contributors";
import { getOrganizationOverviewProcedure } from "./get-organization-overview";

export const analyticsRouter = router({
  progress: getProjectProgressProcedure,
  progressOverTime: getProgressOverTimeProcedure,
  contributors: listContributorsProcedure,
  overview: getOrganizationOverviewProcedure,
});
