// Read-only on purpose: activity entries cannot be changed or deleted through the API.
import { router } from "../../trpc/init";
import { listOrganizationActivityProcedure } from "./list-organization-activity";
import { listProjectActivityProcedure } from "./list-project-activity";

export const activityRouter = router({
  listProject: listProjectActivityProcedure,
  listOrganization: listOrganizationActivityProcedure,
});
