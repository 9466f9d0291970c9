import { router } from "../../trpc/init";
import { getOrganizationOverviewProcedure } from "./get-organization-overview";
import { getProgressOverTimeProcedure } from "./get-progress-over-time";
import { getProjectProgressProcedure } from "./get-project-progress";
import { listContributorsProcedure } from "./list-contributors";

export const analyticsRouter = router({
  progress: getProjectProgressProcedure,
  progressOverTime: getProgressOverTimeProcedure,
  contributors: listContributorsProcedure,
  overview: getOrganizationOverviewProcedure,
});
