import { router } from "../../trpc/init";
import { getOrganizationProcedure } from "./get-organization";
import { getOrganizationUsageProcedure } from "./get-organization-usage";
import { updateOrganizationProcedure } from "./update-organization";

export const organizationsRouter = router({
  get: getOrganizationProcedure,
  update: updateOrganizationProcedure,
  usage: getOrganizationUsageProcedure,
});
